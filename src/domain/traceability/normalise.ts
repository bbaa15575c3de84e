// Turns a checked EPCIS 2.0 event into the normalised form. Inputs and outputs follow what each event
// type does to the products it names (see docs/traceability.md for the table):
//   ObjectEvent        ADD: outputs = epcList + quantityList;  DELETE: inputs = them;  OBSERVE: observed
//   Aggregation/Association  ADD: inputs = children, outputs = parent;  DELETE: the reverse;  OBSERVE: observed
//   TransformationEvent      inputs = input lists, outputs = output lists
//   TransactionEvent         observed = parent + epcList + quantityList (it changes no product)
import { isObject, type Json } from './checks.ts';
import { deriveEventId } from './event-id.ts';
import { productRef } from './product-ref.ts';
import type { Action, ErrorDeclarationInfo, EventType, NormalisedEvent, ProductRef } from './types.ts';
import { cbvShortName } from './vocabulary.ts';

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?([Zz]|([+-])(\d{2}):?(\d{2}))?$/;

/** The instant of an RFC 3339 date-time, in UTC with millisecond precision. */
export function utcInstant(dateTime: string): string {
  const m = DATE_TIME.exec(dateTime);
  if (m === null) throw new RangeError(`not an RFC 3339 date-time: ${dateTime}`);
  const n = (i: number) => Number(m[i] ?? 0);
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const offset = m[9] === undefined ? 0 : (m[9] === '-' ? -1 : 1) * (n(10) * 60 + n(11));
  const utc = Date.UTC(n(1), n(2) - 1, n(3), n(4), n(5), n(6), millis) - offset * 60_000;
  return new Date(utc).toISOString();
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function epcRefs(value: unknown): ProductRef[] {
  return strings(value).map((uri) => productRef(uri, 'epc'));
}

export function quantityRefs(value: unknown): ProductRef[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).flatMap((element) => {
    if (typeof element.epcClass !== 'string') return [];
    const amount: { quantity?: number; uom?: string } = {};
    if (typeof element.quantity === 'number') amount.quantity = element.quantity;
    if (typeof element.uom === 'string') amount.uom = element.uom;
    return [productRef(element.epcClass, 'quantity', amount)];
  });
}

interface Flow {
  inputs: ProductRef[];
  outputs: ProductRef[];
  observed: ProductRef[];
  parents: ProductRef[];
  children: ProductRef[];
}

/** Where each product of an event goes, from its type, action and lists. */
export function flowOf(
  type: EventType,
  action: Action | undefined,
  lists: {
    epcs: ProductRef[];
    inputs: ProductRef[];
    outputs: ProductRef[];
    parents: ProductRef[];
    children: ProductRef[];
  },
): Flow {
  const none: ProductRef[] = [];
  const { epcs, parents, children } = lists;
  switch (type) {
    case 'ObjectEvent':
      if (action === 'ADD') return { inputs: none, outputs: epcs, observed: none, parents, children };
      if (action === 'DELETE') return { inputs: epcs, outputs: none, observed: none, parents, children };
      return { inputs: none, outputs: none, observed: epcs, parents, children };
    case 'AggregationEvent':
    case 'AssociationEvent':
      if (action === 'ADD') return { inputs: children, outputs: parents, observed: none, parents, children };
      if (action === 'DELETE')
        return { inputs: parents, outputs: children, observed: none, parents, children };
      return { inputs: none, outputs: none, observed: [...parents, ...children], parents, children };
    case 'TransformationEvent':
      return { inputs: lists.inputs, outputs: lists.outputs, observed: none, parents, children };
    case 'TransactionEvent':
      return { inputs: none, outputs: none, observed: [...parents, ...epcs], parents, children };
  }
}

function errorDeclarationOf(value: unknown): ErrorDeclarationInfo | undefined {
  if (!isObject(value) || typeof value.declarationTime !== 'string') return undefined;
  const info: ErrorDeclarationInfo = {
    declarationTime: utcInstant(value.declarationTime),
    correctiveEventIds: strings(value.correctiveEventIDs),
  };
  if (typeof value.reason === 'string') info.reason = value.reason;
  return info;
}

const locationId = (value: unknown): string | undefined =>
  isObject(value) && typeof value.id === 'string' ? value.id : undefined;

/** `event` has passed checkEpcisEvent; `raw` is what is kept of it (with the document's @context). */
export function normaliseEpcisEvent(event: Json, raw: Json): NormalisedEvent {
  const type = event.type as EventType;
  const action = event.action as Action | undefined;
  const parents = typeof event.parentID === 'string' ? [productRef(event.parentID, 'epc')] : [];
  const children = [...epcRefs(event.childEPCs), ...quantityRefs(event.childQuantityList)];
  const flow = flowOf(type, type === 'TransformationEvent' ? undefined : action, {
    epcs: [...epcRefs(event.epcList), ...quantityRefs(event.quantityList)],
    inputs: [...epcRefs(event.inputEPCList), ...quantityRefs(event.inputQuantityList)],
    outputs: [...epcRefs(event.outputEPCList), ...quantityRefs(event.outputQuantityList)],
    parents,
    children,
  });
  const given = typeof event.eventID === 'string' ? event.eventID : undefined;
  const normalised: NormalisedEvent = {
    eventType: type,
    eventId: given ?? deriveEventId(event),
    eventIdSource: given === undefined ? 'derived' : 'given',
    source: 'epcis',
    eventTime: utcInstant(event.eventTime as string),
    ...flow,
    raw,
  };
  if (typeof event.eventTimeZoneOffset === 'string')
    normalised.eventTimeZoneOffset = event.eventTimeZoneOffset;
  if (action !== undefined) normalised.action = action;
  if (typeof event.bizStep === 'string') normalised.bizStep = cbvShortName(event.bizStep, 'BizStep');
  if (typeof event.disposition === 'string') normalised.disposition = cbvShortName(event.disposition, 'Disp');
  const readPoint = locationId(event.readPoint);
  if (readPoint !== undefined) normalised.readPoint = readPoint;
  const bizLocation = locationId(event.bizLocation);
  if (bizLocation !== undefined) normalised.bizLocation = bizLocation;
  const declaration = errorDeclarationOf(event.errorDeclaration);
  if (declaration !== undefined) normalised.errorDeclaration = declaration;
  return normalised;
}
