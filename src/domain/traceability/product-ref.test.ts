import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../gs1/check-digit.ts';
import { matchKey, productKey, productRef } from './product-ref.ts';

const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const serial = fc.stringMatching(/^[A-Za-z0-9]{1,20}$/);

describe('product identity', () => {
  it('is the same for the EPC URI and the Digital Link of one object, whatever the company prefix', () => {
    fc.assert(
      fc.property(digits(13), fc.integer({ min: 6, max: 12 }), serial, (body, prefixLength, ser) => {
        const gtin = withCheckDigit(body);
        const epc = `urn:epc:id:sgtin:${body.slice(1, 1 + prefixLength)}.${body[0]}${body.slice(1 + prefixLength)}.${ser}`;
        const link = `https://resolver.example/01/${gtin}/21/${ser}`;
        const key = productKey(productRef(epc, 'epc'));
        return key === productKey(productRef(link, 'epc')) && key === `gtin:${gtin}:ser:${ser}`;
      }),
    );
  });

  it('matches the lot and GTIN-class forms of the standard examples across syntaxes', () => {
    const lot = productKey(productRef('urn:epc:class:lgtin:4012345.012345.998877', 'quantity'));
    expect(lot).toBe('gtin:04012345123456:lot:998877');
    expect(productKey(productRef('https://id.gs1.org/01/04012345123456/10/998877', 'quantity'))).toBe(lot);
    expect(productKey(productRef('urn:epc:idpat:sgtin:4012345.066666.*', 'quantity'))).toBe(
      productKey(productRef('https://id.gs1.org/01/04012345666663', 'quantity')),
    );
  });

  it('keeps an identifier without a GS1 key as it is', () => {
    const ref = productRef('urn:uuid:6b0e2c2e-1111-4d2a-9c3e-000000000001', 'epc');
    expect(ref).toEqual({ uri: 'urn:uuid:6b0e2c2e-1111-4d2a-9c3e-000000000001', kind: 'instance' });
    expect(productKey(ref)).toBe('uri:urn:uuid:6b0e2c2e-1111-4d2a-9c3e-000000000001');
  });

  it('calls an entry of a quantity list, a lot or a bare GTIN a class, and carries the quantity', () => {
    expect(
      productRef('urn:epc:class:lgtin:4012345.012345.998877', 'quantity', { quantity: 200, uom: 'KGM' }),
    ).toEqual({
      uri: 'urn:epc:class:lgtin:4012345.012345.998877',
      kind: 'class',
      gs1: { key: 'gtin', value: '04012345123456', gtin14: '04012345123456', lot: '998877' },
      quantity: 200,
      uom: 'KGM',
    });
    expect(productRef('https://id.gs1.org/01/09520123456788', 'epc').kind).toBe('class');
    expect(productRef('urn:epc:id:sscc:0614141.1234567890', 'epc').kind).toBe('instance');
  });

  it('tells the GRAI serial component apart from a unit serial given as AI 21', () => {
    expect(productKey(productRef('urn:epc:id:grai:4012345.55555.987', 'epc'))).toBe('grai:04012345555554987');
    expect(productKey(productRef('https://x.example/8003/04012345555554987', 'epc'))).toBe(
      'grai:04012345555554987',
    );
    expect(productKey(productRef('https://x.example/8003/04012345555554/21/987', 'epc'))).toBe(
      'grai:04012345555554:ser:987',
    );
  });
});

describe('matchKey', () => {
  it('finds the passport by GTIN-14 and the unit by GTIN-14 and serial', () => {
    expect(matchKey(productRef('urn:epc:id:sgtin:0614141.107346.2017', 'epc'))).toEqual({
      key: 'gtin:10614141073464:ser:2017',
      passportProductIds: ['10614141073464'],
      unit: { productId: '10614141073464', serialNumber: '2017' },
    });
    expect(matchKey(productRef('https://id.gs1.org/01/09520123456788/10/L1', 'quantity'))).toEqual({
      key: 'gtin:09520123456788:lot:L1',
      passportProductIds: ['09520123456788'],
    });
  });

  it('finds a GRAI passport by the whole GRAI or its asset type, and its unit', () => {
    expect(matchKey(productRef('https://dpp.example/8003/04012345555554/21/SN-1', 'epc'))).toEqual({
      key: 'grai:04012345555554:ser:SN-1',
      passportProductIds: ['04012345555554'],
      unit: { productId: '04012345555554', serialNumber: 'SN-1' },
    });
    expect(matchKey(productRef('urn:epc:id:grai:4012345.55555.987', 'epc'))).toEqual({
      key: 'grai:04012345555554987',
      passportProductIds: ['04012345555554987', '04012345555554'],
      unit: { productId: '04012345555554', serialNumber: '987' },
    });
  });

  it('offers no passport for keys passports are not stored under', () => {
    expect(matchKey(productRef('urn:epc:id:sscc:0614141.1234567890', 'epc'))).toEqual({
      key: 'sscc:106141412345678908',
      passportProductIds: [],
    });
    expect(matchKey(productRef('https://example.com/not-a-link', 'epc')).passportProductIds).toEqual([]);
  });
});
