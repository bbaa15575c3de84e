import { describe, expect, it } from 'vitest';
import { productIdentity } from '../passports/identity.ts';
import { companyPrefixDigits, prefixCandidates, productKeyOf } from './product-key.ts';

const keyOf = (raw: string) => {
  const identity = productIdentity(raw);
  if (!identity) throw new Error(`not a product id: ${raw}`);
  return productKeyOf(identity.productId, identity.scheme);
};

describe('productKeyOf', () => {
  it('makes one key of every writing of a GTIN', () => {
    for (const written of ['4006381333931', '04006381333931', ' 4006381333931 ']) {
      expect(keyOf(written)).toBe('01/04006381333931');
    }
    expect(keyOf('036000291452')).toBe(keyOf('0036000291452'));
    expect(keyOf('96385074')).toBe('01/00000096385074');
  });

  it('keys a GRAI by its whole AI 8003 value, apart from a GTIN of the same digits', () => {
    expect(keyOf('8003:04006381333931')).toBe('8003/04006381333931');
    expect(keyOf('(8003)04006381333931A7')).toBe('8003/04006381333931A7');
    expect(keyOf('8003:04006381333931')).not.toBe(keyOf('04006381333931'));
  });

  it('claims nothing for a SKU', () => {
    expect(keyOf('SKU-1')).toBeNull();
  });
});

describe('company prefix digits', () => {
  it('reads a GTIN-13 in its own digits, a GTIN-14 after its indicator, a GTIN-12 behind a zero', () => {
    expect(companyPrefixDigits('01/04012345888881')).toBe('4012345888881');
    expect(companyPrefixDigits('01/14012345888888')).toBe('4012345888888');
    expect(companyPrefixDigits('01/00036000291452')).toBe('0036000291452');
  });

  it('reads a GRAI after its filler zero, without its serial', () => {
    expect(companyPrefixDigits('8003/04006381333931A7')).toBe('4006381333931');
  });

  it('leaves GTIN-8 outside every company prefix', () => {
    expect(companyPrefixDigits('01/00000096385074')).toBeNull();
    expect(prefixCandidates('01/00000096385074')).toEqual([]);
  });

  it('lists the candidate prefixes longest first, 12 down to 4 digits', () => {
    const candidates = prefixCandidates('01/04012345888881');
    expect(candidates[0]).toBe('401234588888');
    expect(candidates.at(-1)).toBe('4012');
    expect(candidates).toHaveLength(9);
    expect(candidates).toContain('4012345');
  });
});
