import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from './check-digit.ts';
import { classifyProductId } from './product-id.ts';

describe('classifyProductId', () => {
  it('normalises valid GTIN-8/12/13/14 to 14 digits', () => {
    expect(classifyProductId('96385074')).toEqual({ scheme: 'GTIN', gtin14: '00000096385074' });
    expect(classifyProductId('036000291452')).toEqual({ scheme: 'GTIN', gtin14: '00036000291452' });
    expect(classifyProductId('4006381333931')).toEqual({ scheme: 'GTIN', gtin14: '04006381333931' });
    expect(classifyProductId('14006381333938')).toEqual({ scheme: 'GTIN', gtin14: '14006381333938' });
    expect(classifyProductId(' 4006381333931 ')).toEqual({ scheme: 'GTIN', gtin14: '04006381333931' });
  });

  it('treats a GTIN-length digit string with a wrong check digit as invalid, not as a SKU', () => {
    expect(classifyProductId('4006381333932')).toMatchObject({
      scheme: 'INVALID',
      reason: 'GTIN_CHECK_DIGIT',
    });
    expect(classifyProductId('96385075')).toMatchObject({ scheme: 'INVALID', reason: 'GTIN_CHECK_DIGIT' });
  });

  it('reads a GTIN in any of its spellings as that GTIN', () => {
    for (const spelling of [
      '(01)04012345000016',
      '(01) 04012345000016',
      '(01)04012345000016(21)ABC',
      'https://id.gs1.org/01/04012345000016',
      'https://brand.example/dl/01/4012345000016/21/7?linkType=gs1:pip',
      'https://id.gs1.org/gtin/04012345000016',
      '4 012345 00001 6',
      '0401\u00a02345\u00a0000016',
    ]) {
      expect(classifyProductId(spelling), spelling).toEqual({ scheme: 'GTIN', gtin14: '04012345000016' });
    }
  });

  it('refuses what is written like a GTIN but is none, saying why, rather than keeping it as a SKU', () => {
    for (const [value, reason, detail] of [
      ['1234567890', 'GTIN_LENGTH', 'a GTIN has 8, 12, 13 or 14 digits; this one has 10'],
      ['123456789012345678', 'GTIN_LENGTH', 'at most 14 digits; this one has 18'],
      ['4 012345 00001 7', 'GTIN_CHECK_DIGIT', 'the 12 digits before it call for 6'],
      ['(01)04012345000017', 'GTIN_CHECK_DIGIT', 'the 13 digits before it call for 6'],
      ['https://id.gs1.org/01/04012345000017', 'GTIN_CHECK_DIGIT', 'call for 6'],
      ['(01)ABC', 'GTIN_MALFORMED', 'digits only'],
    ] as const) {
      expect(classifyProductId(value), value).toEqual({
        scheme: 'INVALID',
        reason,
        detail: expect.stringContaining(detail),
      });
    }
  });

  it('keeps a well-formed GRAI without its prefix a GRAI, even all in digits', () => {
    expect(classifyProductId('040063813339311234')).toEqual({ scheme: 'GRAI', grai: '040063813339311234' });
  });

  it('recognises GRAI values with and without the AI prefix', () => {
    expect(classifyProductId('04006381333931SER-1')).toEqual({ scheme: 'GRAI', grai: '04006381333931SER-1' });
    expect(classifyProductId('8003:04006381333931')).toEqual({ scheme: 'GRAI', grai: '04006381333931' });
    expect(classifyProductId('(8003)04006381333931A/7')).toEqual({
      scheme: 'GRAI',
      grai: '04006381333931A/7',
    });
  });

  it('rejects malformed explicit GRAIs', () => {
    expect(classifyProductId('8003:04006381333932X')).toMatchObject({
      scheme: 'INVALID',
      reason: 'GRAI_CHECK_DIGIT',
    });
    expect(classifyProductId('(8003)14006381333938')).toMatchObject({
      scheme: 'INVALID',
      reason: 'GRAI_MALFORMED',
    });
    expect(classifyProductId('8003:04006381333931#1')).toMatchObject({
      scheme: 'INVALID',
      reason: 'GRAI_MALFORMED',
    });
    expect(classifyProductId(`8003:04006381333931${'1'.repeat(17)}`)).toMatchObject({
      scheme: 'INVALID',
      reason: 'GRAI_MALFORMED',
    });
  });

  it('keeps other printable values as SKUs', () => {
    expect(classifyProductId('ACME-JACKET-42')).toEqual({ scheme: 'SKU', sku: 'ACME-JACKET-42' });
    expect(classifyProductId('1234567')).toEqual({ scheme: 'SKU', sku: '1234567' });
    expect(classifyProductId('1234567890123456789')).toEqual({ scheme: 'SKU', sku: '1234567890123456789' });
    expect(classifyProductId('4006-3813-3393-1')).toEqual({ scheme: 'SKU', sku: '4006-3813-3393-1' });
    expect(classifyProductId('Größe-M')).toEqual({ scheme: 'SKU', sku: 'Größe-M' });
    expect(classifyProductId('x'.repeat(64))).toEqual({ scheme: 'SKU', sku: 'x'.repeat(64) });
  });

  it('rejects empty, over-long and control-character values', () => {
    expect(classifyProductId('')).toMatchObject({ scheme: 'INVALID', reason: 'EMPTY' });
    expect(classifyProductId('   ')).toMatchObject({ scheme: 'INVALID', reason: 'EMPTY' });
    expect(classifyProductId('x'.repeat(65))).toMatchObject({ scheme: 'INVALID', reason: 'TOO_LONG' });
    expect(classifyProductId('ab\ncd')).toMatchObject({ scheme: 'INVALID', reason: 'CONTROL_CHARACTER' });
    expect(classifyProductId('ab\u0000')).toMatchObject({ scheme: 'INVALID', reason: 'CONTROL_CHARACTER' });
    expect(classifyProductId('ab\ud800')).toMatchObject({ scheme: 'INVALID', reason: 'CONTROL_CHARACTER' });
  });

  it('never throws and always returns a known scheme', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.stringMatching(/^\d{8,14}$/)),
        (raw) => {
          const result = classifyProductId(raw);
          return ['GTIN', 'GRAI', 'SKU', 'INVALID'].includes(result.scheme);
        },
      ),
    );
  });

  it('classifies every well-formed GTIN as GTIN', () => {
    const body = fc.constantFrom(7, 11, 12, 13).chain((n) => fc.stringMatching(new RegExp(`^\\d{${n}}$`)));
    fc.assert(
      fc.property(body, (b) => {
        const result = classifyProductId(withCheckDigit(b));
        return result.scheme === 'GTIN' && result.gtin14.length === 14;
      }),
    );
  });
});
