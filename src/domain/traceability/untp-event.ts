// UNTP Digital Traceability Events (UN Transparency Protocol, DTE 0.5/0.6 data model), mapped onto
// the same normalised form as EPCIS events. UNTP reuses the EPCIS event types and field names, but
// writes products as objects (`{ id, name }`) or URIs, quantities as `{ productId, quantity, uom }`,
// the aggregation parent as `parentEPC` and its children as `childEPCList`, action in lower case,
// and allows several events as the credentialSubject array of one DigitalTraceabilityEvent credential.
import {
  at,
  checkArray,
  checkDateTime,
  checkNumber,
  checkString,
  checkUri,
  collectProblems,
  describe,
  isObject,
  type Json,
  type Problems,
  requireObject,
} from './checks.ts';
import { deriveEventId } from './event-id.ts';
import { flowOf, utcInstant } from './normalise.ts';
import { productRef } from './product-ref.ts';
import {
  ACTIONS,
  type Action,
  EVENT_TYPES,
  type EventType,
  isEventType,
  type NormalisedEvent,
  type ProductRef,
  type ValidationResult,
} from './types.ts';
import { cbvShortName } from './vocabulary.ts';

const ITEM_LISTS = ['epcList', 'inputEPCList', 'outputEPCList', 'childEPCList'] as const;
const QUANTITY_LISTS = [
  'quantityList',
  'inputQuantityList',
  'outputQuantityList',
  'childQuantityList',
] as const;

const typesOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((t) => typeof t === 'string')
      : [];

/** True when a body is a UNTP credential or a UNTP event rather than an EPCIS event. */
export function isUntpShape(json: unknown): boolean {
  return isObject(json) && (json.credentialSubject !== undefined || Array.isArray(json.type));
}

/** An item: a URI, or an object whose `id` is a URI. Returns the URI when it is good. */
function itemUri(value: unknown, path: string, out: Problems): string | undefined {
  if (typeof value === 'string')
    return checkUri(value, path, out, 'a product identifier') ? value : undefined;
  if (!isObject(value)) {
    out.report(path, `a product must be a URI or an object with an id, not ${describe(value)}`);
    return undefined;
  }
  if (value.id === undefined) {
    out.report(at(path, 'id'), 'a product needs an id');
    return undefined;
  }
  return checkUri(value.id, at(path, 'id'), out, 'a product id') ? value.id : undefined;
}

function items(event: Json, field: string, path: string, out: Problems): ProductRef[] {
  const value = event[field];
  if (value === undefined || !checkArray(value, at(path, field), out, field)) return [];
  return value.flatMap((item, index) => {
    const uri = itemUri(item, at(at(path, field), index), out);
    return uri === undefined ? [] : [productRef(uri, 'epc')];
  });
}

function quantities(event: Json, field: string, path: string, out: Problems): ProductRef[] {
  const value = event[field];
  if (value === undefined || !checkArray(value, at(path, field), out, field)) return [];
  return value.flatMap((element, index) => {
    const here = at(at(path, field), index);
    if (!requireObject(element, here, out, 'a quantity element')) return [];
    const id = element.productId;
    if (id === undefined) {
      out.report(at(here, 'productId'), 'productId is required');
      return [];
    }
    const good =
      checkUri(id, at(here, 'productId'), out, 'productId') &&
      (element.quantity === undefined ||
        checkNumber(element.quantity, at(here, 'quantity'), out, 'quantity')) &&
      (element.uom === undefined || checkString(element.uom, at(here, 'uom'), out, 'uom'));
    if (!good) return [];
    const amount: { quantity?: number; uom?: string } = {};
    if (typeof element.quantity === 'number') amount.quantity = element.quantity;
    if (typeof element.uom === 'string') amount.uom = element.uom;
    return [productRef(id as string, 'quantity', amount)];
  });
}

function locationOf(value: unknown, path: string, out: Problems, what: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return checkUri(value, path, out, what) ? value : undefined;
  if (!isObject(value) || value.id === undefined) {
    out.report(path, `${what} must be a URI or an object with an id`);
    return undefined;
  }
  return checkUri(value.id, at(path, 'id'), out, `${what} id`) ? value.id : undefined;
}

function actionOf(value: unknown, path: string, out: Problems): Action | undefined {
  if (value === undefined) return undefined;
  const upper = typeof value === 'string' ? value.toUpperCase() : '';
  if ((ACTIONS as readonly string[]).includes(upper)) return upper as Action;
  out.report(path, 'action must be one of add, observe, delete');
  return undefined;
}

function normaliseOne(
  event: unknown,
  path: string,
  context: unknown,
  out: Problems,
): NormalisedEvent | undefined {
  if (!requireObject(event, path, out, 'a traceability event')) return undefined;
  const named = typesOf(event.type).filter(isEventType);
  if (named.length !== 1) {
    out.report(at(path, 'type'), `type must name one of ${EVENT_TYPES.join(', ')}`);
    return undefined;
  }
  const type = named[0] as EventType;
  const before = out.list.length;
  const time = event.eventTime;
  if (time === undefined) out.report(at(path, 'eventTime'), 'eventTime is required');
  else checkDateTime(time, at(path, 'eventTime'), out, 'eventTime');
  if (event.id !== undefined) checkUri(event.id, at(path, 'id'), out, 'id');
  const action = actionOf(event.action, at(path, 'action'), out);
  for (const field of ['bizStep', 'disposition']) {
    if (event[field] !== undefined) checkString(event[field], at(path, field), out, field);
  }
  const [epcs, inputs, outputs, children] = ITEM_LISTS.map((field) =>
    items(event, field, path, out),
  ) as ProductRef[][];
  const [q, inQ, outQ, childQ] = QUANTITY_LISTS.map((field) =>
    quantities(event, field, path, out),
  ) as ProductRef[][];
  const parentUri =
    event.parentEPC === undefined ? undefined : itemUri(event.parentEPC, at(path, 'parentEPC'), out);
  const parents = parentUri === undefined ? [] : [productRef(parentUri, 'epc')];
  const readPoint = locationOf(event.readPoint, at(path, 'readPoint'), out, 'readPoint');
  const bizLocation = locationOf(event.bizLocation, at(path, 'bizLocation'), out, 'bizLocation');
  if (out.list.length > before) return undefined;

  const flow = flowOf(type, type === 'TransformationEvent' ? undefined : action, {
    epcs: [...(epcs ?? []), ...(q ?? [])],
    inputs: [...(inputs ?? []), ...(inQ ?? [])],
    outputs: [...(outputs ?? []), ...(outQ ?? [])],
    parents,
    children: [...(children ?? []), ...(childQ ?? [])],
  });
  const raw =
    context === undefined || event['@context'] !== undefined ? event : { '@context': context, ...event };
  const id = typeof event.id === 'string' ? event.id : undefined;
  const normalised: NormalisedEvent = {
    eventType: type,
    eventId: id ?? deriveEventId(event),
    eventIdSource: id === undefined ? 'derived' : 'given',
    source: 'untp',
    eventTime: utcInstant(time as string),
    ...flow,
    raw,
  };
  if (action !== undefined) normalised.action = action;
  if (typeof event.bizStep === 'string') normalised.bizStep = cbvShortName(event.bizStep, 'BizStep');
  if (typeof event.disposition === 'string') normalised.disposition = cbvShortName(event.disposition, 'Disp');
  if (readPoint !== undefined) normalised.readPoint = readPoint;
  if (bizLocation !== undefined) normalised.bizLocation = bizLocation;
  return normalised;
}

/**
 * A UNTP DigitalTraceabilityEvent credential (its credentialSubject: one event or an array of them),
 * or one UNTP event on its own. The credential's proof is not verified here.
 */
export function validateUntpEvent(json: unknown): ValidationResult {
  const out = collectProblems();
  if (!requireObject(json, '', out, 'a UNTP traceability event')) return { ok: false, problems: out.list };
  const events: NormalisedEvent[] = [];
  const subject = json.credentialSubject;
  if (subject === undefined) {
    const one = normaliseOne(json, '', undefined, out);
    if (one !== undefined) events.push(one);
  } else {
    if (!typesOf(json.type).includes('DigitalTraceabilityEvent')) {
      out.report('/type', 'a UNTP traceability credential has the type DigitalTraceabilityEvent');
    }
    const list = Array.isArray(subject) ? subject : [subject];
    if (list.length === 0) out.report('/credentialSubject', 'credentialSubject holds no event');
    list.forEach((event, index) => {
      const path = Array.isArray(subject) ? at('/credentialSubject', index) : '/credentialSubject';
      const one = normaliseOne(event, path, json['@context'], out);
      if (one !== undefined) events.push(one);
    });
  }
  return out.list.length > 0 ? { ok: false, problems: out.list } : { ok: true, events };
}
