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
    expect(classifyProductId('4006381333932')).toEqual({ scheme: 'INVALID', reason: 'GTIN_CHECK_DIGIT' });
    expect(classifyProductId('96385075')).toEqual({ scheme: 'INVALID', reason: 'GTIN_CHECK_DIGIT' });
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
    expect(classifyProductId('8003:04006381333932X')).toEqual({
      scheme: 'INVALID',
      reason: 'GRAI_CHECK_DIGIT',
    });
    expect(classifyProductId('(8003)14006381333938')).toEqual({
      scheme: 'INVALID',
      reason: 'GRAI_MALFORMED',
    });
    expect(classifyProductId('8003:04006381333931#1')).toEqual({
      scheme: 'INVALID',
      reason: 'GRAI_MALFORMED',
    });
    expect(classifyProductId(`8003:04006381333931${'1'.repeat(17)}`)).toEqual({
      scheme: 'INVALID',
      reason: 'GRAI_MALFORMED',
    });
  });

  it('keeps other printable values as SKUs', () => {
    expect(classifyProductId('ACME-JACKET-42')).toEqual({ scheme: 'SKU', sku: 'ACME-JACKET-42' });
    expect(classifyProductId('1234567890')).toEqual({ scheme: 'SKU', sku: '1234567890' });
    expect(classifyProductId('Größe-M')).toEqual({ scheme: 'SKU', sku: 'Größe-M' });
    expect(classifyProductId('x'.repeat(64))).toEqual({ scheme: 'SKU', sku: 'x'.repeat(64) });
  });

  it('rejects empty, over-long and control-character values', () => {
    expect(classifyProductId('')).toEqual({ scheme: 'INVALID', reason: 'EMPTY' });
    expect(classifyProductId('   ')).toEqual({ scheme: 'INVALID', reason: 'EMPTY' });
    expect(classifyProductId('x'.repeat(65))).toEqual({ scheme: 'INVALID', reason: 'TOO_LONG' });
    expect(classifyProductId('ab\ncd')).toEqual({ scheme: 'INVALID', reason: 'CONTROL_CHARACTER' });
    expect(classifyProductId('ab\u0000')).toEqual({ scheme: 'INVALID', reason: 'CONTROL_CHARACTER' });
    expect(classifyProductId('ab\ud800')).toEqual({ scheme: 'INVALID', reason: 'CONTROL_CHARACTER' });
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
