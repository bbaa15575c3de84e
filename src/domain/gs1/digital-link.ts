// GS1 Digital Link URIs (GS1 Digital Link standard 1.2, section 4, and its URI compression):
// reading every primary key of the dictionary with its ordered key qualifiers (numeric AIs or the
// standard's short names), query-string data attributes, and compressed or partially compressed
// links; writing the canonical link this node gives, uncompressed or compressed.
import { aiEntry } from './ai-dictionary.ts';
import type { AiEntry } from './ai-types.ts';
import { hasValidCheckDigit } from './check-digit.ts';
import { compressAis, decompressAis } from './dl-compression.ts';
import type { AiValue } from './element-string.ts';
import { isCset82 } from './serial.ts';

/** Short names the standard allows in place of the numeric AI in a path. */
const SHORT_NAMES: Record<string, string> = {
  sscc: '00',
  gtin: '01',
  lot: '10',
  ser: '21',
  cpv: '22',
  gdti: '253',
  glnx: '254',
  gcn: '255',
  ginc: '401',
  gsin: '402',
  shipTo: '410',
  billTo: '411',
  purchasedFrom: '412',
  shipFor: '413',
  gln: '414',
  payTo: '415',
  glnProd: '416',
  party: '417',
  grai: '8003',
  giai: '8004',
  itip: '8006',
  cpid: '8010',
  cpsn: '8011',
  gmn: '8013',
  gsrnp: '8017',
  gsrn: '8018',
  srin: '8019',
};

export interface ParsedLink {
  /** Everything before the primary key (or the compressed segment): scheme, host, path prefix. */
  base: string;
  /** Primary key, then its qualifiers in path order, then the data attributes of the query. */
  ais: AiValue[];
  compression: 'none' | 'partial' | 'full';
  /** Query parameters that are not AIs (`linkType`, `context`, ...), kept as given. */
  otherParameters: [string, string][];
}

export type LinkParse = { ok: true; link: ParsedLink } | { ok: false; error: string };

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

// Own properties only: a segment such as `constructor` names nothing.
const aiOf = (segment: string): string | undefined =>
  Object.hasOwn(SHORT_NAMES, segment)
    ? SHORT_NAMES[segment]
    : /^\d{2,4}$/.test(segment)
      ? segment
      : undefined;

// Global Location Numbers of parties that earlier Digital Link tables and toolkits treat as
// primary keys without qualifiers; the dictionary no longer does. Links keyed by them stay readable.
const FORMER_KEYS = new Set(['410', '411', '412', '413', '416']);

/** An AI that can key a link: the dictionary's primary keys and the former ones above. */
export const isLinkKey = (ai: string): boolean => FORMER_KEYS.has(ai) || aiEntry(ai)?.dlPrimaryKey === true;

function primaryKeyAt(segment: string): AiEntry | undefined {
  const ai = aiOf(segment);
  return ai && isLinkKey(ai) ? aiEntry(ai) : undefined;
}

/** A GTIN in a path may be written with 8, 12 or 13 digits; the AI value is always 14. */
const keyValue = (ai: string, value: string) =>
  ai === '01' && /^(\d{8}|\d{12}|\d{13})$/.test(value) ? value.padStart(14, '0') : value;

/** Path qualifiers after the key must follow one of its sequences, in order, each at most once. */
function readQualifiers(entry: AiEntry, rest: string[]): AiValue[] | string {
  const pairs: AiValue[] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const ai = aiOf(rest[i] as string);
    const value = rest[i + 1];
    if (!ai) return `unexpected path segment ${rest[i]}`;
    if (value === undefined || value === '') return `AI (${ai}) has no value`;
    pairs.push({ ai, value });
  }
  const fits = entry.dlQualifiers.some((sequence) => {
    let position = 0;
    return pairs.every(({ ai }) => {
      const found = sequence.indexOf(ai, position);
      position = found + 1;
      return found >= 0;
    });
  });
  if (pairs.length > 0 && !fits) {
    const allowed = entry.dlQualifiers.map((sequence) => sequence.join(', ')).join(' or ') || 'none';
    return `key qualifiers of (${entry.ai}) out of order or not allowed (allowed in order: ${allowed})`;
  }
  return pairs;
}

function readQuery(search: string): { ais: AiValue[]; other: [string, string][] } | string {
  const ais: AiValue[] = [];
  const other: [string, string][] = [];
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (pair === '') continue;
    const cut = pair.indexOf('=');
    const key = decodeSegment(cut < 0 ? pair : pair.slice(0, cut));
    const value = decodeSegment(cut < 0 ? '' : pair.slice(cut + 1));
    if (key === null || value === null) return 'malformed percent-encoding in the query';
    const entry = /^\d{2,4}$/.test(key) ? aiEntry(key) : undefined;
    if (!entry) {
      other.push([key, value]);
      continue;
    }
    if (!entry.dlDataAttribute) return `AI (${key}) is not allowed as a data attribute`;
    ais.push({ ai: key, value });
  }
  return { ais, other };
}

/** Reads a GS1 Digital Link URI on any host, uncompressed, partially or fully compressed. */
export function parseLink(uri: string): LinkParse {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return fail('not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail('scheme must be http or https');
  const raw = url.pathname.split('/').slice(1);
  if (raw.at(-1) === '') raw.pop();
  const segments = raw.map(decodeSegment);
  if (segments.some((segment) => segment === null)) return fail('malformed percent-encoding in the path');
  const path = segments as string[];
  const query = readQuery(url.search);
  if (typeof query === 'string') return fail(query);
  const baseOf = (at: number) => `${url.origin}${at === 0 ? '' : `/${raw.slice(0, at).join('/')}`}`;

  // The first segment naming a primary key, with a value, starts the link; what precedes it is
  // the resolver's own path.
  let firstError: string | undefined;
  for (let at = 0; at + 1 < path.length; at++) {
    const entry = primaryKeyAt(path[at] as string);
    if (!entry) continue;
    const key: AiValue = { ai: entry.ai, value: keyValue(entry.ai, path[at + 1] as string) };
    const rest = path.slice(at + 2);
    let qualifiers: AiValue[] | string;
    let compression: ParsedLink['compression'] = 'none';
    if (rest.length % 2 === 1) {
      // One segment left after the key and its qualifiers: the rest of the link, compressed.
      const tail = rest.pop() as string;
      const found = readQualifiers(entry, rest);
      const unpacked = decompressAis(tail);
      const named = aiOf(tail);
      if (typeof found === 'string') qualifiers = found;
      else if (unpacked.ok) qualifiers = [...found, ...unpacked.ais];
      else qualifiers = named ? `AI (${named}) has no value` : unpacked.error;
      compression = 'partial';
    } else qualifiers = readQualifiers(entry, rest);
    if (typeof qualifiers === 'string') {
      firstError ??= qualifiers;
      continue;
    }
    return {
      ok: true,
      link: {
        base: baseOf(at),
        ais: [key, ...qualifiers, ...query.ais],
        compression,
        otherParameters: query.other,
      },
    };
  }
  const last = raw.at(-1);
  if (last && /^[A-Za-z0-9_-]+$/.test(last) && !primaryKeyAt(last)) {
    const unpacked = decompressAis(last);
    if (unpacked.ok && unpacked.ais.some(({ ai }) => isLinkKey(ai))) {
      return {
        ok: true,
        link: {
          base: baseOf(raw.length - 1),
          ais: [...unpacked.ais, ...query.ais],
          compression: 'full',
          otherParameters: query.other,
        },
      };
    }
  }
  return fail(firstError ?? 'no GS1 primary key in the path');
}

/** Every character but the unreserved ones is percent-encoded in a path segment or query value. */
export const encodeDlValue = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface LinkParts {
  key: AiValue;
  qualifiers: AiValue[];
  attributes: AiValue[];
}

export type LinkPartsResult = { ok: true; parts: LinkParts } | { ok: false; error: string };

/**
 * How `ais` sit in a link: the first primary key, the qualifiers of the sequence that carries most
 * of those present (in its order), every other AI as a query data attribute.
 */
export function linkParts(ais: readonly AiValue[]): LinkPartsResult {
  // A current primary key wins over a former one (a GTIN over a ship-to GLN).
  const current = ais.findIndex(({ ai }) => aiEntry(ai)?.dlPrimaryKey);
  const keyIndex = current >= 0 ? current : ais.findIndex(({ ai }) => isLinkKey(ai));
  if (keyIndex < 0) return fail('no GS1 Digital Link primary key among the AIs');
  const key = ais[keyIndex] as AiValue;
  const entry = aiEntry(key.ai) as AiEntry;
  const others = ais.filter((_, at) => at !== keyIndex);
  const sequences = entry.dlQualifiers.map((sequence) =>
    sequence.flatMap((ai) => others.filter((other) => other.ai === ai).slice(0, 1)),
  );
  const qualifiers = sequences.reduce<AiValue[]>(
    (best, next) => (next.length > best.length ? next : best),
    [],
  );
  // Attributes in ascending AI order: the same data gives the same link, whatever order it came in.
  const attributes = others
    .filter((other) => !qualifiers.includes(other))
    .sort((a, b) => (a.ai < b.ai ? -1 : a.ai > b.ai ? 1 : 0));
  const misplaced = attributes.find(({ ai }) => !aiEntry(ai)?.dlDataAttribute);
  if (misplaced) return fail(`AI (${misplaced.ai}) cannot be carried in a Digital Link with (${key.ai})`);
  return { ok: true, parts: { key, qualifiers, attributes } };
}

/**
 * The canonical link: `<base>/<key AI>/<value>[/<qualifier>/<value>...][?<AI>=<value>&...]`, every
 * value percent-encoded but for the unreserved characters.
 */
export function buildLink(
  base: string,
  ais: readonly AiValue[],
): { ok: true; uri: string } | { ok: false; error: string } {
  const found = linkParts(ais);
  if (!found.ok) return found;
  const { key, qualifiers, attributes } = found.parts;
  // URL parsers resolve `.` and `..` segments (even percent-encoded), so no path can carry them.
  const dotted = [key, ...qualifiers].find(({ value }) => value === '.' || value === '..');
  if (dotted) return fail(`AI (${dotted.ai}) value ${dotted.value} cannot be a URL path segment`);
  const path = [key, ...qualifiers].map(({ ai, value }) => `/${ai}/${encodeDlValue(value)}`).join('');
  const query = attributes.map(({ ai, value }) => `${ai}=${encodeDlValue(value)}`).join('&');
  return { ok: true, uri: `${base}${path}${query ? `?${query}` : ''}` };
}

/** The fully compressed link `<base>/<compressed AIs>`. */
export function buildCompressedLink(
  base: string,
  ais: readonly AiValue[],
): { ok: true; uri: string } | { ok: false; error: string } {
  const found = linkParts(ais);
  if (!found.ok) return found;
  const packed = compressAis(ais);
  return packed.ok ? { ok: true, uri: `${base}/${packed.data}` } : packed;
}

// ---- The unit-link check the units area relies on (kept narrow on purpose) ----

export interface DigitalLink {
  /** Everything before the primary key segment: scheme, host and any path prefix. */
  base: string;
  key: { ai: '01' | '8003'; value: string };
  qualifiers: Partial<Record<'22' | '10' | '21', string>>;
}

export type DigitalLinkResult = { ok: true; link: DigitalLink } | { ok: false; reason: string };

const GRAI = /^0\d{13}[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{0,16}$/;

/**
 * A link a conformant resolver would accept for a passport or unit of this node: an uncompressed
 * GTIN-14 (with 22, 10, 21 of at most 20 CSET 82 characters) or GRAI key.
 */
export function parseDigitalLink(uri: string): DigitalLinkResult {
  const parsed = parseLink(uri);
  if (!parsed.ok) return { ok: false, reason: parsed.error };
  const { base, ais, compression } = parsed.link;
  const [key, ...rest] = ais;
  const qualifiers = rest.filter(({ ai }) => ai === '22' || ai === '10' || ai === '21');
  if (compression !== 'none' || !key) return { ok: false, reason: 'compressed links are not unit links' };
  if (key.ai === '8003') {
    if (!GRAI.test(key.value) || !hasValidCheckDigit(key.value.slice(0, 14))) {
      return { ok: false, reason: 'AI 8003 is not a GRAI' };
    }
    if (qualifiers.length > 0) return { ok: false, reason: 'a GRAI takes no key qualifiers' };
    return { ok: true, link: { base, key: { ai: '8003', value: key.value }, qualifiers: {} } };
  }
  if (key.ai !== '01') return { ok: false, reason: 'no primary key (01 or 8003) in the path' };
  // Units carry the GTIN-14 as written, and no trailing slash (a dot segment would leave one).
  const path = new URL(uri).pathname;
  if (path.endsWith('/')) return { ok: false, reason: 'a unit link has no empty last segment' };
  if (!path.includes(`/01/${key.value}`) || !hasValidCheckDigit(key.value)) {
    return { ok: false, reason: 'AI 01 is not a valid GTIN-14' };
  }
  const found: DigitalLink['qualifiers'] = {};
  for (const { ai, value } of qualifiers) {
    if (value.length > 20 || !isCset82(value))
      return { ok: false, reason: `AI ${ai} is not CSET 82, 1 to 20` };
    found[ai as '22' | '10' | '21'] = value;
  }
  return { ok: true, link: { base, key: { ai: '01', value: key.value }, qualifiers: found } };
}

/** The passport link `{base}/01/<gtin14>` or `{base}/8003/<grai>`; none for a SKU. */
export function passportDigitalLink(baseUrl: string, scheme: string, productId: string): string | null {
  if (scheme === 'GTIN') return `${baseUrl}/01/${productId}`;
  if (scheme === 'GRAI') return `${baseUrl}/8003/${encodeURIComponent(productId)}`;
  return null;
}

/** The unit link `{base}/01/<gtin>/21/<serial>` or `{base}/8003/<grai>/21/<serial>`; none for a SKU. */
export function unitDigitalLink(baseUrl: string, scheme: string, productId: string, serial: string) {
  const tail = `/21/${encodeURIComponent(serial)}`;
  if (scheme === 'GTIN') return `${baseUrl}/01/${productId}${tail}`;
  if (scheme === 'GRAI') return `${baseUrl}/8003/${encodeURIComponent(productId)}${tail}`;
  return null;
}
