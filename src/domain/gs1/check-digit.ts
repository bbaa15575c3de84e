// GS1 mod-10 check digit, shared by GTIN, GLN, SSCC, GRAI and the other fixed-length GS1 keys.

const DIGITS = /^\d+$/;

/**
 * Check digit for a string of digits that does not yet carry one. Weights alternate 3, 1 starting
 * from the rightmost digit, which is why the same function serves every key length.
 */
export function computeCheckDigit(body: string): number {
  if (!DIGITS.test(body)) throw new RangeError('GS1 check digit needs a non-empty string of digits');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit of `key` is the GS1 check digit of the digits before it. */
export function hasValidCheckDigit(key: string): boolean {
  if (key.length < 2 || !DIGITS.test(key)) return false;
  return computeCheckDigit(key.slice(0, -1)) === key.charCodeAt(key.length - 1) - 48;
}

/** Appends the check digit to `body`. */
export function withCheckDigit(body: string): string {
  return `${body}${computeCheckDigit(body)}`;
}
