import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from './check-digit.ts';
import { gtinFromParts, inspectGtin, normaliseGtin } from './gtin.ts';

describe('GTINs', () => {
  it('normalises GTIN-8, -12, -13 and -14 to 14 digits, refusing a wrong check digit', () => {
    expect(normaliseGtin('96385074')).toEqual({ ok: true, gtin14: '00000096385074' });
    expect(normaliseGtin('614141123452')).toEqual({ ok: true, gtin14: '00614141123452' });
    expect(normaliseGtin('4006381333931')).toEqual({ ok: true, gtin14: '04006381333931' });
    expect(normaliseGtin('14006381333938')).toEqual({ ok: true, gtin14: '14006381333938' });
    expect(normaliseGtin('4006381333932')).toEqual({ ok: false, error: 'check digit should be 1' });
    expect(normaliseGtin('123456789').ok).toBe(false);
    expect(normaliseGtin('12345678901a3').ok).toBe(false);
  });

  it('says which check digit a GTIN should carry', () => {
    expect(inspectGtin('04006381333932')).toEqual({
      ok: true,
      gtin14: '04006381333932',
      checkDigit: 1,
      valid: false,
    });
  });

  it('builds a GTIN-14 from indicator, company prefix and item reference', () => {
    expect(gtinFromParts({ companyPrefix: '952012', itemReference: '345678' })).toEqual({
      ok: true,
      gtin14: '09520123456788',
      checkDigit: 8,
      valid: true,
    });
    expect(gtinFromParts({ companyPrefix: '952012', itemReference: '34567' }).ok).toBe(false);
    expect(gtinFromParts({ companyPrefix: '952012', itemReference: '345678', indicator: '10' }).ok).toBe(
      false,
    );
    fc.assert(
      fc.property(
        fc
          .integer({ min: 4, max: 12 })
          .chain((n) =>
            fc.tuple(
              fc.stringMatching(new RegExp(`^\\d{${n}}$`)),
              fc.stringMatching(new RegExp(`^\\d{${12 - n}}$`)),
            ),
          ),
        fc.stringMatching(/^\d$/),
        ([companyPrefix, itemReference], indicator) => {
          const built = gtinFromParts({ companyPrefix, itemReference, indicator });
          return (
            built.ok &&
            hasValidCheckDigit(built.gtin14) &&
            built.gtin14.startsWith(`${indicator}${companyPrefix}`)
          );
        },
      ),
    );
  });
});
