// The EPCIS 2.0 query of the REST binding (`GET /events?…`), read from its query parameters into one
// filter the store can run. Names follow the standard's SimpleEventQuery; list values are separated by
// `|` or `,` as the REST binding writes them; anything this node does not read is refused by name, so
// a client never mistakes an ignored filter for an applied one.
import { cursorRefusal, type PagePosition, readPositionCursor } from '../paging/cursor.ts';
import { utcInstant } from './normalise.ts';
import { productKey, productRef } from './product-ref.ts';
import { cbvShortName } from './vocabulary.ts';

/** Which identifiers of an event a MATCH_ parameter looks at (see epcisFieldsOf). */
export type EpcField = 'epc' | 'parentID' | 'input' | 'output';

const MATCH_FIELDS: Record<string, EpcField[]> = {
  MATCH_epc: ['epc'],
  MATCH_parentID: ['parentID'],
  MATCH_inputEPC: ['input'],
  MATCH_outputEPC: ['output'],
  MATCH_anyEPC: ['epc', 'parentID', 'input', 'output'],
};

export const QUERY_PARAMETERS = [
  'eventType',
  'GE_eventTime',
  'LT_eventTime',
  'EQ_bizStep',
  'EQ_disposition',
  'EQ_bizLocation',
  ...Object.keys(MATCH_FIELDS),
  'perPage',
  'nextPageToken',
] as const;

export const PER_PAGE = { default: 30, max: 500 } as const;

/** One MATCH_ parameter: an event matches when one identifier in `fields` matches one of the values. */
export interface EpcMatch {
  fields: EpcField[];
  /** Identity keys, exactly (an EPC URI and its Digital Link give the same key). */
  keys: string[];
  /** Identity-key prefixes, from `urn:epc:idpat:sgtin:CP.IIR.*` (every serial of one GTIN). */
  keyPrefixes: string[];
  /** Prefixes of the identifier as written, from other pure identity patterns (`urn:epc:idpat:sgtin:CP.*.*`). */
  uriPrefixes: string[];
}

export interface EventQuery {
  eventTypes?: string[];
  /** UTC instants (ISO 8601). */
  geEventTime?: string;
  ltEventTime?: string;
  bizSteps?: string[];
  dispositions?: string[];
  bizLocations?: string[];
  matches: EpcMatch[];
  perPage: number;
  /** The last event of the previous page, from nextPageToken. */
  after?: PagePosition;
}

export type QueryReading = { ok: true; query: EventQuery } | { ok: false; message: string };

type Params = Record<string, string | string[] | undefined>;

const valuesOf = (raw: string | string[] | undefined): string[] =>
  raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];

/** Names of CBV terms and event types: no `|` or `,` ever appears in them or in their URIs. */
const splitNames = (values: string[]) =>
  values
    .flatMap((value) => value.split(/[|,]/))
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * Identifiers: split at `|`, and at a `,` only where a new URI begins, since an EPC URI may carry a
 * comma in its serial (`urn:epc:id:sgtin:4012345.011111.A,B`).
 */
const splitUris = (values: string[]) =>
  values
    .flatMap((value) => value.split('|'))
    .flatMap((value) => value.split(/,(?=[A-Za-z][A-Za-z0-9+.-]*:)/))
    .map((item) => item.trim())
    .filter((item) => item !== '');

// RFC 3339 with a zone, each field in its range (so that no date rolls over into another).
const DATE_TIME_WITH_ZONE =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])[Tt](?:[01]\d|2[0-3]):[0-5]\d:(?:[0-5]\d|60)(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

function instant(value: string): string | undefined {
  if (!DATE_TIME_WITH_ZONE.test(value)) return undefined;
  const utc = utcInstant(value);
  return Number.isNaN(Date.parse(utc)) ? undefined : utc;
}

/** What one value of a MATCH_ parameter matches: a key, a key prefix or a written prefix. */
function matcherOf(value: string, match: EpcMatch): void {
  const pattern = /^urn:epc:idpat:/i.test(value) && value.includes('*');
  if (!pattern) {
    match.keys.push(productKey(productRef(value, 'epc')));
    return;
  }
  const ref = productRef(value, 'epc');
  if (ref.gs1?.key === 'gtin' && ref.gs1.serial === undefined && /\.\*$/.test(value) && !/\*\./.test(value)) {
    match.keyPrefixes.push(`gtin:${ref.gs1.value}:ser:`);
    return;
  }
  // Any other pure identity pattern: its wildcards are trailing components, so the identifiers it
  // names begin with what comes before the first one, in the `urn:epc:id:` form.
  match.uriPrefixes.push(`urn:epc:id:${value.slice('urn:epc:idpat:'.length, value.indexOf('*'))}`);
}

function single(params: Params, name: string): string | undefined | null {
  const values = valuesOf(params[name]);
  if (values.length > 1) return null;
  return values[0];
}

/** Reads the query parameters; the first one that is unknown or malformed is named in the message. */
export function readEventQuery(params: Params): QueryReading {
  const known = new Set<string>(QUERY_PARAMETERS);
  const unknown = Object.keys(params).find((name) => !known.has(name));
  if (unknown !== undefined) {
    return {
      ok: false,
      message: `Unknown query parameter '${unknown}'; this query reads ${QUERY_PARAMETERS.join(', ')}`,
    };
  }
  for (const name of ['GE_eventTime', 'LT_eventTime', 'perPage', 'nextPageToken']) {
    if (single(params, name) === null)
      return { ok: false, message: `Query parameter '${name}' is given more than once` };
  }
  const query: EventQuery = { matches: [], perPage: PER_PAGE.default };

  for (const [name, key] of [
    ['GE_eventTime', 'geEventTime'],
    ['LT_eventTime', 'ltEventTime'],
  ] as const) {
    const raw = single(params, name);
    if (raw === undefined || raw === null) continue;
    const value = instant(raw);
    if (value === undefined) {
      return {
        ok: false,
        message: `Query parameter '${name}' must be an RFC 3339 date-time with a time zone`,
      };
    }
    query[key] = value;
  }

  const perPage = single(params, 'perPage');
  if (perPage !== undefined && perPage !== null) {
    if (!/^\d{1,9}$/.test(perPage) || Number(perPage) < 1) {
      return {
        ok: false,
        message: `Query parameter 'perPage' must be a whole number from 1 (at most ${PER_PAGE.max} are answered)`,
      };
    }
    query.perPage = Math.min(Number(perPage), PER_PAGE.max);
  }

  const token = single(params, 'nextPageToken');
  if (token !== undefined && token !== null) {
    const after = readPositionCursor(token);
    if (!after.ok) return { ok: false, message: cursorRefusal('nextPageToken', after.reason) };
    query.after = after.value;
  }

  const lists: [
    string,
    (values: string[]) => string[],
    'eventTypes' | 'bizSteps' | 'dispositions' | 'bizLocations',
  ][] = [
    ['eventType', splitNames, 'eventTypes'],
    ['EQ_bizStep', (values) => splitNames(values).map((value) => cbvShortName(value, 'BizStep')), 'bizSteps'],
    [
      'EQ_disposition',
      (values) => splitNames(values).map((value) => cbvShortName(value, 'Disp')),
      'dispositions',
    ],
    ['EQ_bizLocation', splitUris, 'bizLocations'],
  ];
  for (const [name, read, key] of lists) {
    if (params[name] === undefined) continue;
    const values = read(valuesOf(params[name]));
    if (values.length === 0) return { ok: false, message: `Query parameter '${name}' has no value` };
    query[key] = values;
  }

  for (const [name, fields] of Object.entries(MATCH_FIELDS)) {
    if (params[name] === undefined) continue;
    const values = splitUris(valuesOf(params[name]));
    if (values.length === 0) return { ok: false, message: `Query parameter '${name}' has no value` };
    const match: EpcMatch = { fields, keys: [], keyPrefixes: [], uriPrefixes: [] };
    for (const value of values) matcherOf(value, match);
    query.matches.push(match);
  }
  return { ok: true, query };
}

const FIELD_LISTS: [string, EpcField][] = [
  ['epcList', 'epc'],
  ['childEPCs', 'epc'],
  ['inputEPCList', 'input'],
  ['outputEPCList', 'output'],
];

/** The identifiers of a captured EPCIS event by field, each with its identity key, once each. */
export function epcisFieldsOf(
  raw: Record<string, unknown>,
): { field: EpcField; uri: string; productKey: string }[] {
  const found = new Map<string, { field: EpcField; uri: string; productKey: string }>();
  const add = (field: EpcField, uri: unknown) => {
    if (typeof uri !== 'string') return;
    found.set(`${field}\n${uri}`, { field, uri, productKey: productKey(productRef(uri, 'epc')) });
  };
  for (const [name, field] of FIELD_LISTS) {
    const list = raw[name];
    if (Array.isArray(list)) for (const uri of list) add(field, uri);
  }
  add('parentID', raw.parentID);
  return [...found.values()];
}
