// Classifies a caller-supplied product identifier as GTIN, GRAI or SKU. A value written like a GTIN
// (gtin-spelling.ts: its digits, `(01)…` or a Digital Link) is that GTIN, or INVALID when it is none
// (a wrong check digit, say) rather than a SKU: a typo must never silently turn a scannable GS1 key
// into an in-house code.
import { computeCheckDigit, hasValidCheckDigit } from './check-digit.ts';
import { type GtinSpellingProblem, readGtinSpelling } from './gtin-spelling.ts';

export type InvalidProductIdReason =
  | 'EMPTY'
  | 'TOO_LONG'
  | 'CONTROL_CHARACTER'
  | GtinSpellingProblem
  | 'GRAI_MALFORMED'
  | 'GRAI_CHECK_DIGIT';

export type ProductIdClass =
  | { scheme: 'GTIN'; gtin14: string }
  | { scheme: 'GRAI'; grai: string }
  | { scheme: 'SKU'; sku: string }
  /** `detail` says what is wrong in developer English (which check digit was expected, say). */
  | { scheme: 'INVALID'; reason: InvalidProductIdReason; detail: string };

export const SKU_MAX_LENGTH = 64;
const DIGITS = /^\d+$/;
// GS1 General Specifications, figure 7.11-1 (CSET 82): the characters allowed in a GRAI serial.
const CSET82_SERIAL = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{0,16}$/;
// C0/C1 controls, line/paragraph separators and lone surrogates cannot be printed or scanned.
const UNPRINTABLE = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
const GRAI_PREFIX = /^(?:8003:|\(8003\))/;

const refused = (reason: InvalidProductIdReason, detail: string): ProductIdClass => ({
  scheme: 'INVALID',
  reason,
  detail,
});

export function classifyProductId(raw: string): ProductIdClass {
  if (typeof raw !== 'string') return refused('EMPTY', 'productId is not a string');
  if (UNPRINTABLE.test(raw)) {
    return refused(
      'CONTROL_CHARACTER',
      'it holds a control character, which no label can print or scanner read',
    );
  }
  const value = raw.trim();
  if (value === '') return refused('EMPTY', 'it is empty');

  if (GRAI_PREFIX.test(value)) return classifyGrai(value.replace(GRAI_PREFIX, ''), true);
  // A well-formed GRAI without its prefix (asset type and serial) stays one, even all in digits.
  const grai = classifyGrai(value, false);
  if (grai.scheme === 'GRAI') return grai;

  const gtin = readGtinSpelling(value);
  if (gtin.kind === 'gtin') return { scheme: 'GTIN', gtin14: gtin.gtin14 };
  if (gtin.kind === 'invalid') return refused(gtin.reason, gtin.detail);

  if ([...value].length > SKU_MAX_LENGTH) {
    return refused('TOO_LONG', `a SKU has at most ${SKU_MAX_LENGTH} characters`);
  }
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
  if (!shaped || !CSET82_SERIAL.test(serial)) {
    return refused(
      'GRAI_MALFORMED',
      'a GRAI is a 0, 13 digits ending in a check digit, then up to 16 serial characters (CSET 82)',
    );
  }
  // Without the prefix a bare 14-digit value is a GTIN-14, so demand a serial.
  if (!explicit && serial === '')
    return refused('GRAI_MALFORMED', 'a GRAI without its 8003 prefix has a serial');
  if (!hasValidCheckDigit(assetType)) {
    return refused(
      explicit ? 'GRAI_CHECK_DIGIT' : 'GRAI_MALFORMED',
      `the check digit of its asset type (digit 14) should be ${computeCheckDigit(assetType.slice(0, 13))}`,
    );
  }
  return { scheme: 'GRAI', grai: value };
}
