// GS1 keys out of GS1 Digital Link URIs on any host (GS1 Digital Link standard, section 4): the
// primary key segment and its key qualifiers, e.g. `https://id.example.com/01/09520123456788/21/12345`.
// Only what identifies an object is read; query-string data attributes are ignored. Besides the
// standard qualifiers, `/8003/<grai>/21/<serial>` is read too: it is the form this node gives to the
// serialised units of a passport identified by a GRAI.
import { hasValidCheckDigit } from '../gs1/check-digit.ts';
import type { Gs1Key } from './types.ts';

export interface DigitalLinkKey {
  gs1: Gs1Key;
  level: 'instance' | 'class';
}

// GS1 AI encodable character set 82, the characters allowed in serials, lots and asset references.
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;
const PRIMARY_KEYS = new Set(['01', '00', '8003', '8004', '414', '417', '8018', '253']);

const digitsWithCheck = (value: string, length: number): boolean =>
  value.length === length && /^\d+$/.test(value) && hasValidCheckDigit(value);

const cset82 = (value: string, maxLength: number): boolean => value.length <= maxLength && CSET82.test(value);

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Reads `[ai, value]` pairs off the rest of the path, in the order the standard fixes. */
function qualifiers(rest: string[], allowed: string[]): Map<string, string> | undefined {
  const found = new Map<string, string>();
  let next = 0;
  for (let i = 0; i < rest.length; i += 2) {
    const ai = rest[i] as string;
    const value = rest[i + 1];
    const position = allowed.indexOf(ai, next);
    if (position < 0 || value === undefined || value === '') return undefined;
    found.set(ai, value);
    next = position + 1;
  }
  return found;
}

function gtinKey(value: string, rest: string[]): DigitalLinkKey | undefined {
  // GTIN-8, -12 and -13 are written as they are or padded to 14 digits.
  if (![8, 12, 13, 14].includes(value.length) || !/^\d+$/.test(value) || !hasValidCheckDigit(value)) {
    return undefined;
  }
  const found = qualifiers(rest, ['22', '10', '21']);
  if (found === undefined) return undefined;
  const gtin = value.padStart(14, '0');
  const lot = found.get('10');
  const serial = found.get('21');
  const cpv = found.get('22');
  if ((lot && !cset82(lot, 20)) || (serial && !cset82(serial, 20)) || (cpv && !cset82(cpv, 20)))
    return undefined;
  const gs1: Gs1Key = { key: 'gtin', value: gtin, gtin14: gtin };
  if (lot !== undefined) gs1.lot = lot;
  if (serial !== undefined) gs1.serial = serial;
  return { gs1, level: serial === undefined ? 'class' : 'instance' };
}

function keyAt(ai: string, value: string, rest: string[]): DigitalLinkKey | undefined {
  const plain = (gs1: Gs1Key): DigitalLinkKey | undefined =>
    rest.length === 0 ? { gs1, level: 'instance' } : undefined;
  switch (ai) {
    case '01':
      return gtinKey(value, rest);
    case '00':
      return digitsWithCheck(value, 18) ? plain({ key: 'sscc', value }) : undefined;
    case '8018':
      return digitsWithCheck(value, 18) ? plain({ key: 'gsrn', value }) : undefined;
    case '8004':
      return cset82(value, 30) ? plain({ key: 'giai', value }) : undefined;
    case '417':
      return digitsWithCheck(value, 13) ? plain({ key: 'pgln', value }) : undefined;
    case '414': {
      const found = digitsWithCheck(value, 13) ? qualifiers(rest, ['254']) : undefined;
      const extension = found?.get('254');
      if (found === undefined || (extension !== undefined && !cset82(extension, 20))) return undefined;
      return { gs1: extension ? { key: 'gln', value, extension } : { key: 'gln', value }, level: 'instance' };
    }
    case '253': {
      const serial = value.slice(13);
      if (!digitsWithCheck(value.slice(0, 13), 13) || (serial !== '' && !cset82(serial, 17)))
        return undefined;
      return plain(serial === '' ? { key: 'gdti', value } : { key: 'gdti', value, serial });
    }
    case '8003': {
      const assetType = value.slice(0, 14);
      const graiSerial = value.slice(14);
      if (!assetType.startsWith('0') || !digitsWithCheck(assetType, 14)) return undefined;
      if (graiSerial !== '' && !cset82(graiSerial, 16)) return undefined;
      const found = qualifiers(rest, ['21']);
      const unitSerial = found?.get('21');
      if (found === undefined || (unitSerial !== undefined && !cset82(unitSerial, 20))) return undefined;
      const serial = unitSerial ?? (graiSerial === '' ? undefined : graiSerial);
      const gs1: Gs1Key = serial === undefined ? { key: 'grai', value } : { key: 'grai', value, serial };
      return { gs1, level: serial === undefined ? 'class' : 'instance' };
    }
    default:
      return undefined;
  }
}

/**
 * The GS1 key of a Digital Link URI. The primary key is the first segment naming a key AI whose
 * value and qualifiers parse; what precedes it is the resolver's own path.
 */
export function parseDigitalLinkKey(uri: string): DigitalLinkKey | undefined {
  if (!/^https?:\/\//i.test(uri)) return undefined;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  const segments = url.pathname.split('/').slice(1);
  if (segments.at(-1) === '') segments.pop();
  const decoded = segments.map(decode);
  if (decoded.some((segment) => segment === undefined)) return undefined;
  const path = decoded as string[];
  for (let i = 0; i + 1 < path.length; i++) {
    const ai = path[i] as string;
    if (!PRIMARY_KEYS.has(ai)) continue;
    const key = keyAt(ai, path[i + 1] as string, path.slice(i + 2));
    if (key !== undefined) return key;
  }
  return undefined;
}
