// A facility's GS1 Global Location Number: 13 digits whose last is the GS1 check digit.

import { badRequest } from '../../core/errors.ts';
import { computeCheckDigit, hasValidCheckDigit } from '../../domain/gs1/check-digit.ts';

export function checkGln(raw: string): string {
  const gln = raw.trim();
  if (!/^\d{13}$/.test(gln)) throw badRequest('gln must be a GLN-13: exactly 13 digits');
  if (!hasValidCheckDigit(gln)) {
    const expected = computeCheckDigit(gln.slice(0, -1));
    throw badRequest(
      `gln ${gln} has a wrong GS1 check digit: the last digit (the 13th) is ${gln.slice(-1)}, but the 12 digits before it call for ${expected}`,
    );
  }
  return gln;
}
