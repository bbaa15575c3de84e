// The shapes every traceability event is reduced to, whatever it arrived as (an EPCIS 2.0 document, an
// EPCIS event posted alone, or a UNTP traceability event): the lineage walk and the store only ever
// see these.

export const EVENT_TYPES = [
  'ObjectEvent',
  'AggregationEvent',
  'TransactionEvent',
  'TransformationEvent',
  'AssociationEvent',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const ACTIONS = ['ADD', 'OBSERVE', 'DELETE'] as const;
export type Action = (typeof ACTIONS)[number];

export const isEventType = (value: unknown): value is EventType =>
  typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);

/** One thing wrong with a submitted body: an RFC 6901 pointer into it and a plain sentence. */
export interface Problem {
  path: string;
  message: string;
}

export type Gs1KeyName = 'gtin' | 'sscc' | 'gln' | 'pgln' | 'grai' | 'giai' | 'gsrn' | 'gdti';

/** The GS1 key an identifier carries, in element-string form (digits with their check digit). */
export interface Gs1Key {
  key: Gs1KeyName;
  /** The key itself: GTIN-14, SSCC-18, GLN-13, the whole GRAI or GDTI (serial included), GIAI, GSRN. */
  value: string;
  gtin14?: string;
  /** AI 21 for a GTIN; the serial component of a GRAI or GDTI. */
  serial?: string;
  /** AI 10 (batch/lot) of a GTIN. */
  lot?: string;
  /** AI 254, the GLN extension of a location (sgln), when not 0. */
  extension?: string;
}

export interface ProductRef {
  /** The identifier exactly as the event gave it. */
  uri: string;
  /** An individual object, or a class of objects (a GTIN, a lot, a pattern, a quantity). */
  kind: 'instance' | 'class';
  gs1?: Gs1Key;
  quantity?: number;
  uom?: string;
}

export interface ErrorDeclarationInfo {
  declarationTime: string;
  reason?: string;
  correctiveEventIds: string[];
}

export interface NormalisedEvent {
  eventType: EventType;
  /** The event's own eventID (EPCIS) or id (UNTP); otherwise derived, see event-id.ts. */
  eventId: string;
  eventIdSource: 'given' | 'derived';
  source: 'epcis' | 'untp';
  /** The instant of the event in UTC, ISO 8601 with milliseconds. */
  eventTime: string;
  eventTimeZoneOffset?: string;
  action?: Action;
  /** CBV short name (`commissioning`) when the value is a CBV term, otherwise the URI as given. */
  bizStep?: string;
  disposition?: string;
  /** Products the event consumed or took apart (upstream side). */
  inputs: ProductRef[];
  /** Products the event created or assembled (downstream side). */
  outputs: ProductRef[];
  /** Products the event only saw or referred to (OBSERVE, and every TransactionEvent). */
  observed: ProductRef[];
  parents: ProductRef[];
  children: ProductRef[];
  readPoint?: string;
  bizLocation?: string;
  /** Present when this event declares an earlier event with the same eventId erroneous. */
  errorDeclaration?: ErrorDeclarationInfo;
  /** The event as received (for an event of a document, with the document's @context). */
  raw: Record<string, unknown>;
}

export type ValidationResult = { ok: true; events: NormalisedEvent[] } | { ok: false; problems: Problem[] };
