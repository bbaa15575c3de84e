// Supply-chain traceability: EPCIS 2.0 and UNTP events checked and normalised, GS1 keys read from EPC
// URIs and Digital Links, and the upstream lineage of an event. Pure code; the HTTP module stores the
// events and answers the lineage callback from its own workspace.
export { MAX_PROBLEMS } from './checks.ts';
export { parseDigitalLinkKey } from './digital-link-key.ts';
export { parseEpcUri } from './epc-uri.ts';
export { validateEpcisDocument, validateEpcisEvent } from './epcis-document.ts';
export {
  type EpcField,
  type EpcMatch,
  type EventQuery,
  epcisFieldsOf,
  PER_PAGE,
  QUERY_PARAMETERS,
  readEventQuery,
} from './epcis-query.ts';
export { validateTraceabilityEvent } from './event-body.ts';
export { DERIVED_ID_PREFIX, deriveEventId } from './event-id.ts';
export {
  buildLineage,
  eventNodeId,
  inputKeys,
  LINEAGE_LIMITS,
  type Lineage,
  type LineageEdge,
  type LineageEventNode,
  type LineageNode,
  type LineageOptions,
  type LineageProductNode,
  type LineageRelation,
  outputKeys,
  productNodeId,
  productsOf,
} from './lineage.ts';
export { gs1KeyOf, matchKey, type ProductMatch, productKey, productRef } from './product-ref.ts';
export * from './types.ts';
export { isUntpShape, validateUntpEvent } from './untp-event.ts';
