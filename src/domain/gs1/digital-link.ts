// A small GS1 Digital Link URI parser (GS1 Digital Link standard 1.2, section 4): the primary key
// (01 GTIN or 8003 GRAI) and, for a GTIN, the key qualifiers 22, 10 and 21 in that order. Enough to
// prove that a unit's link is one a conformant resolver would accept.
import { hasValidCheckDigit } from './check-digit.ts';
import { isCset82 } from './serial.ts';

export interface DigitalLink {
  /** Everything before the primary key segment: scheme, host and any path prefix. */
  base: string;
  key: { ai: '01' | '8003'; value: string };
  qualifiers: Partial<Record<'22' | '10' | '21', string>>;
}

export type DigitalLinkResult = { ok: true; link: DigitalLink } | { ok: false; reason: string };

// Qualifier AIs a GTIN may carry in its path, in the order the standard fixes, with max lengths.
const GTIN_QUALIFIERS: readonly ['22' | '10' | '21', number][] = [
  ['22', 20],
  ['10', 20],
  ['21', 20],
];
const GRAI = /^0\d{13}[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{0,16}$/;

const fail = (reason: string): DigitalLinkResult => ({ ok: false, reason });

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function parseDigitalLink(uri: string): DigitalLinkResult {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return fail('not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail('scheme must be http or https');
  const segments = url.pathname.split('/').slice(1);
  // The first 01 or 8003 segment is the primary key; what precedes it is the resolver's own path.
  const at = segments.findIndex((segment) => segment === '01' || segment === '8003');
  if (at < 0) return fail('no primary key (01 or 8003) in the path');
  const ai = segments[at] as '01' | '8003';
  const value = decode(segments[at + 1] ?? '');
  if (!value) return fail(`AI ${ai} has no value`);
  const base = `${url.origin}${at === 0 ? '' : `/${segments.slice(0, at).join('/')}`}`;
  const rest = segments.slice(at + 2);

  if (ai === '8003') {
    if (!GRAI.test(value) || !hasValidCheckDigit(value.slice(0, 14))) return fail('AI 8003 is not a GRAI');
    if (rest.length > 0) return fail('a GRAI takes no key qualifiers');
    return { ok: true, link: { base, key: { ai, value }, qualifiers: {} } };
  }

  if (!/^\d{14}$/.test(value) || !hasValidCheckDigit(value)) return fail('AI 01 is not a valid GTIN-14');
  const qualifiers: DigitalLink['qualifiers'] = {};
  let position = 0;
  for (let i = 0; i < rest.length; i += 2) {
    const qualifier = rest[i];
    const found = GTIN_QUALIFIERS.findIndex(([name], index) => index >= position && name === qualifier);
    if (found < 0) return fail(`unexpected path segment ${qualifier ?? ''}`);
    const [name, maxLength] = GTIN_QUALIFIERS[found] as ['22' | '10' | '21', number];
    const raw = decode(rest[i + 1] ?? '');
    if (!raw) return fail(`AI ${name} has no value`);
    if (raw.length > maxLength || !isCset82(raw)) return fail(`AI ${name} is not CSET 82, 1 to ${maxLength}`);
    qualifiers[name] = raw;
    position = found + 1;
  }
  return { ok: true, link: { base, key: { ai, value }, qualifiers } };
}

/** The unit link `{base}/01/<gtin>/21/<serial>` or `{base}/8003/<grai>/21/<serial>`; none for a SKU. */
export function unitDigitalLink(baseUrl: string, scheme: string, productId: string, serial: string) {
  const tail = `/21/${encodeURIComponent(serial)}`;
  if (scheme === 'GTIN') return `${baseUrl}/01/${productId}${tail}`;
  if (scheme === 'GRAI') return `${baseUrl}/8003/${encodeURIComponent(productId)}${tail}`;
  return null;
}
