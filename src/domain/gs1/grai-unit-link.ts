// The node's GRAI unit link, `<base>/8003/<grai>/21/<serial>`: the shape the contract gives units of a
// GRAI passport. GS1 Digital Link has no such path: AI 8003 takes no key qualifier, and a GRAI
// carries its asset's serial inside the AI 8003 value (`/8003/<14 digits><serial>`). The node keeps
// the link as a documented extension; its resolver reads both forms, and decode reads this one as
// valid with a warning that names the rule (docs/gs1.md, docs/resolution.md).
import { hasValidCheckDigit } from './check-digit.ts';
import { isCset82 } from './serial.ts';

/** The rule the extension departs from, as decode's warning names it. */
export const GRAI_UNIT_LINK_RULE =
  'GS1 Digital Link URI syntax: AI (8003) takes no key qualifier; a GRAI carries its serial inside the AI (8003) value';

const GRAI = /^0\d{13}[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{0,16}$/;

export interface GraiUnitLink {
  /** Scheme, host and any path prefix before `/8003`. */
  base: string;
  grai: string;
  serial: string;
}

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** A well-formed GRAI: filler zero, 12 digits and a check digit, then a serial of up to 16. */
export const isGrai = (value: string): boolean => GRAI.test(value) && hasValidCheckDigit(value.slice(0, 14));

/** The GRAI and serial of a link of the extension's shape (a trailing slash tolerated); null otherwise. */
export function readGraiUnitLink(uri: string): GraiUnitLink | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const raw = url.pathname.split('/').slice(1);
  if (raw.at(-1) === '') raw.pop();
  if (raw.length < 4) return null;
  const [keyAi, graiRaw, serialAi, serialRaw] = raw.slice(-4) as [string, string, string, string];
  if ((keyAi !== '8003' && keyAi !== 'grai') || (serialAi !== '21' && serialAi !== 'ser')) return null;
  const grai = decoded(graiRaw);
  const serial = decoded(serialRaw);
  if (grai === null || serial === null || !isGrai(grai)) return null;
  if (serial === '' || serial.length > 20 || !isCset82(serial)) return null;
  const prefix = raw.slice(0, -4);
  return { base: `${url.origin}${prefix.length > 0 ? `/${prefix.join('/')}` : ''}`, grai, serial };
}
