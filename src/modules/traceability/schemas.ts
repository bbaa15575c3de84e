import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';

export const EventBody = Type.Unknown({
  description:
    'An EPCIS 2.0 event (JSON or JSON-LD), a UNTP traceability event, or a UNTP DigitalTraceabilityEvent credential',
});

export const EpcisDocumentBody = Type.Unknown({
  description: 'An EPCIS 2.0 EPCISDocument or EPCISQueryDocument (JSON / JSON-LD binding)',
});

const CapturedProduct = Type.Object({
  key: Type.String({ description: 'identity key, e.g. gtin:04012345700022:ser:M1' }),
  uri: Type.String(),
  passportId: Type.Union([Uuid, Type.Null()]),
  unitId: Type.Union([Uuid, Type.Null()]),
});

const CapturedEvent = Type.Object({
  id: Uuid,
  eventId: Type.String(),
  eventType: Type.String(),
  eventTime: Timestamp,
  stored: Type.Boolean(),
  errorDeclaration: Type.Boolean(),
  products: Type.Array(CapturedProduct),
});

export const CaptureResponse = Type.Object({
  success: Type.Literal(true),
  count: Type.Integer(),
  events: Type.Array(CapturedEvent),
});

export const LineageParams = Type.Object({
  id: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: 'the record id, or the event id (URL-encoded)',
  }),
});

export const LineageQuery = Type.Object({
  maxDepth: Type.Optional(Type.String({ description: 'production steps to walk up, 0 to 50 (default 10)' })),
  maxNodes: Type.Optional(Type.String({ description: 'nodes in the answer, 1 to 5000 (default 500)' })),
});

const Gs1Key = Type.Object({
  key: Type.String(),
  value: Type.String(),
  gtin14: Type.Optional(Type.String()),
  serial: Type.Optional(Type.String()),
  lot: Type.Optional(Type.String()),
  extension: Type.Optional(Type.String()),
});

const EventNode = Type.Object({
  id: Type.String(),
  kind: Type.Literal('event'),
  eventId: Type.String(),
  eventType: Type.String(),
  eventTime: Timestamp,
  action: Type.Optional(Type.String()),
  bizStep: Type.Optional(Type.String()),
  depth: Type.Integer(),
});

const ProductNode = Type.Object({
  id: Type.String(),
  kind: Type.Literal('product'),
  key: Type.String(),
  uri: Type.String(),
  productKind: Type.Union([Type.Literal('instance'), Type.Literal('class')]),
  gs1: Type.Optional(Gs1Key),
  passportId: Type.Optional(Uuid),
  unitId: Type.Optional(Uuid),
  depth: Type.Integer(),
});

const Edge = Type.Object({
  from: Type.String(),
  to: Type.String(),
  relation: Type.Union([
    Type.Literal('input'),
    Type.Literal('output'),
    Type.Literal('child'),
    Type.Literal('parent'),
    Type.Literal('observed'),
  ]),
  quantity: Type.Optional(Type.Number()),
  uom: Type.Optional(Type.String()),
});

export const LineageResponse = Type.Object({
  success: Type.Literal(true),
  root: Type.String(),
  nodes: Type.Array(Type.Union([EventNode, ProductNode])),
  edges: Type.Array(Edge),
  truncated: Type.Boolean(),
});

const listParameter = (description: string) =>
  Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())], { description }));

// Given twice, a single-valued parameter is refused by name in the handler, not by the schema.
const singleParameter = (description: string) =>
  Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())], { description }));

/**
 * The query parameters of the EPCIS 2.0 REST binding that this node reads. Others are refused by
 * name in the handler (400), so the schema lets them through to it.
 */
export const EventQueryParams = Type.Object({
  eventType: listParameter('event types, separated by | or ,'),
  GE_eventTime: singleParameter('events at or after this RFC 3339 date-time'),
  LT_eventTime: singleParameter('events before this RFC 3339 date-time'),
  EQ_bizStep: listParameter('business steps: CBV bare names or URIs, separated by | or ,'),
  EQ_disposition: listParameter('dispositions: CBV bare names or URIs, separated by | or ,'),
  EQ_bizLocation: listParameter('business location ids, exactly, separated by |'),
  MATCH_epc: listParameter('EPCs or pure identity patterns in epcList or childEPCs, separated by |'),
  MATCH_anyEPC: listParameter('EPCs or patterns in any EPC list or parentID, separated by |'),
  MATCH_parentID: listParameter('EPCs or patterns in parentID, separated by |'),
  MATCH_inputEPC: listParameter('EPCs or patterns in inputEPCList, separated by |'),
  MATCH_outputEPC: listParameter('EPCs or patterns in outputEPCList, separated by |'),
  perPage: singleParameter('events per page, 1 to 500 (default 30; more is clamped)'),
  nextPageToken: singleParameter('the opaque token of the next page (from the Link header)'),
});

const EpcisEvent = Type.Object(
  { type: Type.String(), eventTime: Type.String(), recordTime: Timestamp },
  { additionalProperties: true, description: 'an EPCIS 2.0 event as captured, with its recordTime' },
);

export const EpcisQueryDocument = Type.Object(
  {
    '@context': Type.Unknown(),
    type: Type.Literal('EPCISQueryDocument'),
    schemaVersion: Type.Literal('2.0'),
    creationDate: Timestamp,
    epcisBody: Type.Object({
      queryResults: Type.Object({
        queryName: Type.Literal('SimpleEventQuery'),
        resultsBody: Type.Object({ eventList: Type.Array(EpcisEvent) }),
      }),
    }),
  },
  { description: 'an EPCIS 2.0 EPCISQueryDocument (JSON-LD binding)' },
);

export const StandaloneEpcisEvent = Type.Intersect([Type.Object({ '@context': Type.Unknown() }), EpcisEvent]);

export const EventParams = Type.Object({
  id: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: 'the record id, or the eventID (URL-encoded)',
  }),
});
