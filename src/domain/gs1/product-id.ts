// Classifies a caller-supplied product identifier as GTIN, GRAI or SKU. A digit string that looks
// like a GTIN but fails its check digit is INVALID rather than a SKU: a typo must never silently
// turn a scannable GS1 key into an in-house code.
import { hasValidCheckDigit } from './check-digit.ts';

export type InvalidProductIdReason =
  | 'EMPTY'
  | 'TOO_LONG'
  | 'CONTROL_CHARACTER'
  | 'GTIN_CHECK_DIGIT'
  | 'GRAI_MALFORMED'
  | 'GRAI_CHECK_DIGIT';

export type ProductIdClass =
  | { scheme: 'GTIN'; gtin14: string }
  | { scheme: 'GRAI'; grai: string }
  | { scheme: 'SKU'; sku: string }
  | { scheme: 'INVALID'; reason: InvalidProductIdReason };

export const SKU_MAX_LENGTH = 64;
const GTIN_LENGTHS = new Set([8, 12, 13, 14]);
const DIGITS = /^\d+$/;
// GS1 General Specifications, figure 7.11-1 (CSET 82): the characters allowed in a GRAI serial.
const CSET82_SERIAL = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{0,16}$/;
// C0/C1 controls, line/paragraph separators and lone surrogates cannot be printed or scanned.
const UNPRINTABLE = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
const GRAI_PREFIX = /^(?:8003:|\(8003\))/;

export function classifyProductId(raw: string): ProductIdClass {
  if (typeof raw !== 'string') return { scheme: 'INVALID', reason: 'EMPTY' };
  if (UNPRINTABLE.test(raw)) return { scheme: 'INVALID', reason: 'CONTROL_CHARACTER' };
  const value = raw.trim();
  if (value === '') return { scheme: 'INVALID', reason: 'EMPTY' };

  if (GRAI_PREFIX.test(value)) return classifyGrai(value.replace(GRAI_PREFIX, ''), true);
  if (DIGITS.test(value) && GTIN_LENGTHS.has(value.length)) {
    return hasValidCheckDigit(value)
      ? { scheme: 'GTIN', gtin14: value.padStart(14, '0') }
      : { scheme: 'INVALID', reason: 'GTIN_CHECK_DIGIT' };
  }
  const grai = classifyGrai(value, false);
  if (grai.scheme === 'GRAI') return grai;

  if ([...value].length > SKU_MAX_LENGTH) return { scheme: 'INVALID', reason: 'TOO_LONG' };
  return { scheme: 'SKU', sku: value };
}

/**
 * AI 8003: a filler 0, a 13-digit asset type ending in a check digit, then an optional serial.
 * Without the explicit `8003` prefix only a value that is well formed counts as a GRAI; anything
 * else falls through to the SKU rules.
 */
function classifyGrai(value: string, explicit: boolean): ProductIdClass {
  const assetType = value.slice(0, 14);
  const serial = value.slice(14);
  const shaped = value.length >= 14 && DIGITS.test(assetType) && assetType.startsWith('0');
  if (!shaped || !CSET82_SERIAL.test(serial)) return { scheme: 'INVALID', reason: 'GRAI_MALFORMED' };
  // Without the prefix a bare 14-digit value is a GTIN-14 (handled earlier), so demand a serial.
  if (!explicit && serial === '') return { scheme: 'INVALID', reason: 'GRAI_MALFORMED' };
  if (!hasValidCheckDigit(assetType)) {
    return explicit
      ? { scheme: 'INVALID', reason: 'GRAI_CHECK_DIGIT' }
      : { scheme: 'INVALID', reason: 'GRAI_MALFORMED' };
  }
  return { scheme: 'GRAI', grai: value };
}
