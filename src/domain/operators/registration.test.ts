import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRegId, economicOperatorId, normaliseEori, SCHEME_PATTERN } from './registration.ts';

const alnum = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));
const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));

describe('EORI shape', () => {
  it('accepts a country prefix and up to 15 alphanumerics, upper-casing and trimming', () => {
    expect(normaliseEori('DE123456789012345')).toBe('DE123456789012345');
    expect(normaliseEori(' de123456789 ')).toBe('DE123456789');
    expect(normaliseEori('GB123456789000')).toBe('GB123456789000');
    expect(normaliseEori('XI123456789000')).toBe('XI123456789000');
    expect(normaliseEori('nl8Z1234567')).toBe('NL8Z1234567');
  });

  it('refuses other shapes', () => {
    for (const bad of ['', 'DE', 'D1234', '1E12345', 'DE1234567890123456', 'DE 123', 'DE-123', 'DÉ123']) {
      expect(normaliseEori(bad), bad).toBeNull();
    }
  });

  it('accepts every well-formed number and is idempotent', () => {
    const eori = fc
      .tuple(
        fc.array(letter, { minLength: 2, maxLength: 2 }),
        fc.array(alnum, { minLength: 1, maxLength: 15 }),
      )
      .map(([country, rest]) => `${country.join('')}${rest.join('')}`);
    fc.assert(
      fc.property(eori, fc.boolean(), (value, lower) => {
        const normal = normaliseEori(lower ? value.toLowerCase() : value);
        return normal === value && normaliseEori(normal) === normal;
      }),
    );
  });

  it('anything it accepts is 3 to 17 upper-case alphanumerics', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (value) => {
        const normal = normaliseEori(value);
        return normal === null || /^[A-Z]{2}[A-Z0-9]{1,15}$/.test(normal);
      }),
    );
  });
});

describe('registration ids', () => {
  it('checks EORI numbers by their shape and stores them upper case', () => {
    expect(checkRegId('EORI', 'de123456789')).toEqual({ ok: true, regId: 'DE123456789' });
    expect(checkRegId('EORI', '123')).toMatchObject({ ok: false, message: expect.stringContaining('EORI') });
  });

  it('takes national registry numbers as given, without spaces or colons', () => {
    expect(checkRegId('DE-HRB', ' 12345 ')).toEqual({ ok: true, regId: '12345' });
    expect(checkRegId('FR-SIREN', '732829320')).toEqual({ ok: true, regId: '732829320' });
    expect(checkRegId('DE-HRB', 'HRB 12345').ok).toBe(false);
    expect(checkRegId('DE-HRB', 'a:b').ok).toBe(false);
  });

  it('scheme codes are upper-case letters, digits and inner hyphens, 2 to 16 long', () => {
    const pattern = new RegExp(SCHEME_PATTERN);
    for (const good of ['EORI', 'DE-HRB', 'FR-SIREN', 'GB-COH', 'LEI', 'X1', 'ABCDEFGHIJKLMNOP']) {
      expect(pattern.test(good), good).toBe(true);
    }
    for (const bad of ['E', 'eori', '-DE', 'DE-', 'DE_HRB', 'ABCDEFGHIJKLMNOPQ', 'DE HRB']) {
      expect(pattern.test(bad), bad).toBe(false);
    }
  });

  it('builds economicOperatorId as <scheme>:<regId>', () => {
    expect(economicOperatorId('EORI', 'DE123456789')).toBe('EORI:DE123456789');
  });
});
