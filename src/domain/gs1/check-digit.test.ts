import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCheckDigit, hasValidCheckDigit, withCheckDigit } from './check-digit.ts';

const digitString = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));

describe('GS1 check digit', () => {
  it('matches published examples', () => {
    expect(computeCheckDigit('400638133393')).toBe(1); // GTIN-13 4006381333931
    expect(computeCheckDigit('9638507')).toBe(4); // GTIN-8 96385074
    expect(computeCheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(hasValidCheckDigit('4006381333931')).toBe(true);
    expect(hasValidCheckDigit('4006381333932')).toBe(false);
  });

  it('rejects non-digit input', () => {
    expect(() => computeCheckDigit('12a')).toThrow(RangeError);
    expect(() => computeCheckDigit('')).toThrow(RangeError);
    expect(hasValidCheckDigit('')).toBe(false);
    expect(hasValidCheckDigit('7')).toBe(false);
    expect(hasValidCheckDigit('12 3')).toBe(false);
  });

  it('a computed check digit always verifies', () => {
    fc.assert(fc.property(digitString(1, 17), (body) => hasValidCheckDigit(withCheckDigit(body))));
  });

  it('a leading zero does not change the check digit', () => {
    fc.assert(
      fc.property(digitString(1, 16), (body) => computeCheckDigit(`0${body}`) === computeCheckDigit(body)),
    );
  });

  it('any change of one digit breaks it', () => {
    fc.assert(
      fc.property(digitString(1, 17), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, position, delta) => {
        const key = withCheckDigit(body);
        const at = position % key.length;
        const changed = (Number(key[at]) + delta) % 10;
        const mutated = `${key.slice(0, at)}${changed}${key.slice(at + 1)}`;
        return !hasValidCheckDigit(mutated);
      }),
    );
  });
});
