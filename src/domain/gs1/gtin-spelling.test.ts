import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCheckDigit, hasValidCheckDigit, withCheckDigit } from './check-digit.ts';
import { GTIN_LIKE_DIGITS, readGtinSpelling } from './gtin-spelling.ts';

const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
/** A valid GTIN in one of its four lengths. */
const gtin = fc.constantFrom(7, 11, 12, 13).chain((n) => digits(n).map(withCheckDigit));
const host = fc.constantFrom('https://id.gs1.org', 'https://brand.example', 'http://resolver.example/dl/v1');
const serial = fc.stringMatching(/^[A-Za-z0-9]{1,20}$/);

/** Spaces put between some of the digits, as under a printed barcode. */
const spaced = (value: string, cuts: number[]) =>
  [...value].map((digit, at) => (cuts.includes(at) && at > 0 ? ` ${digit}` : digit)).join('');

describe('readGtinSpelling', () => {
  it('reads every spelling of a GTIN to its GTIN-14', () => {
    fc.assert(
      fc.property(gtin, host, serial, fc.array(fc.nat(13), { maxLength: 4 }), (value, base, ser, cuts) => {
        const gtin14 = value.padStart(14, '0');
        const spellings = [
          value,
          gtin14,
          spaced(value, cuts),
          `(01)${gtin14}`,
          `(01)${value}`,
          `(01) ${spaced(gtin14, cuts)}`,
          `(01)${gtin14}(21)${ser}`,
          `${base}/01/${gtin14}`,
          `${base}/01/${value}`,
          `${base}/gtin/${gtin14}`,
          `${base}/01/${gtin14}/21/${ser}`,
          `${base}/01/${gtin14}?linkType=gs1:pip`,
        ];
        for (const spelling of spellings) {
          expect(readGtinSpelling(spelling), spelling).toEqual({ kind: 'gtin', gtin14 });
        }
      }),
    );
  });

  it('refuses a wrong check digit in every spelling, naming the digit it expected', () => {
    fc.assert(
      fc.property(gtin, host, fc.integer({ min: 1, max: 9 }), (value, base, shift) => {
        const expected = computeCheckDigit(value.slice(0, -1));
        const wrong = `${value.slice(0, -1)}${(expected + shift) % 10}`;
        for (const spelling of [wrong, `(01)${wrong.padStart(14, '0')}`, `${base}/01/${wrong}`]) {
          const reading = readGtinSpelling(spelling);
          expect(reading, spelling).toMatchObject({ kind: 'invalid', reason: 'GTIN_CHECK_DIGIT' });
          if (reading.kind === 'invalid') expect(reading.detail).toContain(`call for ${expected}`);
        }
      }),
    );
  });

  it('refuses every other digit string from 8 to 18 digits as no GTIN length', () => {
    fc.assert(
      fc.property(fc.constantFrom(9, 10, 11, 15, 16, 17, 18).chain(digits), (value) => {
        expect(readGtinSpelling(value)).toMatchObject({ kind: 'invalid', reason: 'GTIN_LENGTH' });
      }),
    );
    expect(readGtinSpelling('0104012345000016')).toMatchObject({
      kind: 'invalid',
      detail: expect.stringContaining('(01)04012345000016'),
    });
  });

  it('refuses a (01) or a GTIN link whose GTIN is broken, and says why', () => {
    for (const [value, reason] of [
      ['(01)', 'GTIN_MALFORMED'],
      ['(01)0401234500001X', 'GTIN_MALFORMED'],
      ['(01)040123450000160', 'GTIN_LENGTH'],
      ['(01)04012345000017', 'GTIN_CHECK_DIGIT'],
      ['https://id.gs1.org/01/04012345000017', 'GTIN_CHECK_DIGIT'],
      ['https://id.gs1.org/01/123456789', 'GTIN_LENGTH'],
      ['https://shop.example/01/summer-jacket', 'GTIN_MALFORMED'],
      ['https://id.gs1.org/01/04012345000016/99/x', 'GTIN_MALFORMED'],
      ['https://id.gs1.org/01/', 'GTIN_MALFORMED'],
    ] as const) {
      expect(readGtinSpelling(value), value).toMatchObject({ kind: 'invalid', reason });
    }
  });

  it('leaves what is not written like a GTIN to the other rules', () => {
    for (const value of [
      'ACME-JACKET-42',
      '1234567',
      '1234567890123456789',
      '4006-3813-3393-1',
      'https://shop.example/products/jacket',
      'https://id.gs1.org/414/4012345000009',
      '(10)ABC',
      'GTIN 04012345000016',
    ]) {
      expect(readGtinSpelling(value), value).toEqual({ kind: 'none' });
    }
  });

  it('never throws, and whatever it reads as a GTIN is a valid GTIN-14', () => {
    const near = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.stringMatching(/^[\d ]{1,24}$/),
      fc.string().map((text) => `(01)${text}`),
      fc.tuple(host, fc.string()).map(([base, text]) => `${base}/01/${text}`),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
    );
    fc.assert(
      fc.property(near, (value) => {
        const reading = readGtinSpelling(value);
        if (reading.kind === 'gtin') {
          expect(reading.gtin14).toMatch(/^\d{14}$/);
          expect(hasValidCheckDigit(reading.gtin14)).toBe(true);
        }
        const digitsOnly = value.replace(/[ \u00a0\u202f]/g, '');
        if (
          /^\d+$/.test(digitsOnly) &&
          digitsOnly.length >= GTIN_LIKE_DIGITS.min &&
          digitsOnly.length <= GTIN_LIKE_DIGITS.max
        ) {
          expect(reading.kind).not.toBe('none');
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
