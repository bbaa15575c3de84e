// GTINs from their parts and in their four lengths. A GTIN-14 is an indicator digit, the GS1
// Company Prefix and the item reference (12 digits between them), then the check digit; GTIN-8,
// -12 and -13 are the same number with leading zeros left out.
import { computeCheckDigit, hasValidCheckDigit } from './check-digit.ts';

export type GtinResult =
  | { ok: true; gtin14: string; checkDigit: number; valid: boolean }
  | { ok: false; error: string };

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/**
 * A GTIN of 8, 12, 13 or 14 digits as its GTIN-14, with the check digit it should carry and whether
 * it does. Anything that is not such a digit string is an error.
 */
export function inspectGtin(raw: string): GtinResult {
  if (typeof raw !== 'string' || !/^\d+$/.test(raw))
    return { ok: false, error: 'a GTIN is a string of digits' };
  if (!GTIN_LENGTHS.has(raw.length)) return { ok: false, error: 'a GTIN has 8, 12, 13 or 14 digits' };
  const gtin14 = raw.padStart(14, '0');
  return {
    ok: true,
    gtin14,
    checkDigit: computeCheckDigit(gtin14.slice(0, 13)),
    valid: hasValidCheckDigit(gtin14),
  };
}

/** The GTIN-14 of a GTIN of any length, or why it is not one (including a wrong check digit). */
export function normaliseGtin(raw: string): { ok: true; gtin14: string } | { ok: false; error: string } {
  const inspected = inspectGtin(raw);
  if (!inspected.ok) return inspected;
  if (!inspected.valid) return { ok: false, error: `check digit should be ${inspected.checkDigit}` };
  return { ok: true, gtin14: inspected.gtin14 };
}

export interface GtinParts {
  companyPrefix: string;
  itemReference: string;
  /** The packaging-level indicator of a GTIN-14, 0 to 9; 0 (the default) for a GTIN-13 in 14 digits. */
  indicator?: string;
}

/** The GTIN-14 built from a GS1 Company Prefix, an item reference and an indicator digit. */
export function gtinFromParts({ companyPrefix, itemReference, indicator = '0' }: GtinParts): GtinResult {
  if (!/^\d{4,12}$/.test(companyPrefix)) return { ok: false, error: 'companyPrefix must be 4 to 12 digits' };
  if (!/^\d{0,8}$/.test(itemReference)) return { ok: false, error: 'itemReference must be up to 8 digits' };
  if (companyPrefix.length + itemReference.length !== 12) {
    return { ok: false, error: 'companyPrefix and itemReference must have 12 digits together' };
  }
  if (!/^\d$/.test(indicator)) return { ok: false, error: 'indicator must be one digit' };
  const body = `${indicator}${companyPrefix}${itemReference}`;
  const checkDigit = computeCheckDigit(body);
  return { ok: true, gtin14: `${body}${checkDigit}`, checkDigit, valid: true };
}
