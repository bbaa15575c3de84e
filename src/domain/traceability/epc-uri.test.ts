import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from '../gs1/check-digit.ts';
import { parseEpcUri } from './epc-uri.ts';

describe('EPC URIs', () => {
  it('puts the GTIN-14 of an SGTIN back together: indicator first, check digit computed', () => {
    expect(parseEpcUri('urn:epc:id:sgtin:0614141.107346.2017')).toEqual({
      gs1: { key: 'gtin', value: '10614141073464', gtin14: '10614141073464', serial: '2017' },
      level: 'instance',
    });
  });

  it('reads every pure-identity scheme an event names objects, places and parties by', () => {
    expect(parseEpcUri('urn:epc:id:sscc:0614141.1234567890')?.gs1).toEqual({
      key: 'sscc',
      value: '106141412345678908',
    });
    expect(parseEpcUri('urn:epc:id:sgln:0012345.11111.400')?.gs1).toEqual({
      key: 'gln',
      value: '0012345111112',
      extension: '400',
    });
    expect(parseEpcUri('urn:epc:id:sgln:0012345.11111.0')?.gs1).toEqual({
      key: 'gln',
      value: '0012345111112',
    });
    expect(parseEpcUri('urn:epc:id:pgln:4012345.00002')?.gs1).toEqual({
      key: 'pgln',
      value: '4012345000023',
    });
    expect(parseEpcUri('urn:epc:id:grai:4012345.55555.987')?.gs1).toEqual({
      key: 'grai',
      value: '04012345555554987',
      serial: '987',
    });
    expect(parseEpcUri('urn:epc:id:giai:4000001.12345')?.gs1).toEqual({ key: 'giai', value: '400000112345' });
    expect(parseEpcUri('urn:epc:id:gsrn:0614141.0000010253')?.gs1).toEqual({
      key: 'gsrn',
      value: '061414100000102534',
    });
    expect(parseEpcUri('urn:epc:id:gdti:0614141.00001.1618034')?.gs1).toEqual({
      key: 'gdti',
      value: '06141410000121618034',
      serial: '1618034',
    });
  });

  it('reads a lot (LGTIN) and a pattern of all serials of a GTIN as classes', () => {
    expect(parseEpcUri('urn:epc:class:lgtin:4012345.012345.998877')).toEqual({
      gs1: { key: 'gtin', value: '04012345123456', gtin14: '04012345123456', lot: '998877' },
      level: 'class',
    });
    expect(parseEpcUri('urn:epc:idpat:sgtin:4012345.066666.*')).toEqual({
      gs1: { key: 'gtin', value: '04012345666663', gtin14: '04012345666663' },
      level: 'class',
    });
  });

  it('decodes escaped characters of a serial', () => {
    expect(parseEpcUri('urn:epc:id:sgtin:0614141.107346.A%2FB%25')?.gs1.serial).toBe('A/B%');
  });

  it('yields nothing for URIs it cannot read without guessing', () => {
    for (const uri of [
      'urn:epc:id:sgtin:0614141.10734.2017', // company prefix + item reference is 12 digits, not 13
      'urn:epc:id:sgtin:0614141.107346', // no serial
      'urn:epc:id:sgtin:06141.1073467.1', // company prefix shorter than 6 digits
      'urn:epc:id:sgtin:0614141.107346.a b', // a space is not allowed in a component
      'urn:epc:id:sgtin:0614141.107346.%zz',
      'urn:epc:id:sgtin:0614141.107346.123456789012345678901', // serial over 20 characters
      'urn:epc:id:sscc:0614141.123456789', // 16 digits
      'urn:epc:idpat:sgtin:4012345.*.*', // no GTIN in it
      'urn:epc:class:lgtin:4012345.012345', // no lot
      'urn:epc:id:usdod:CAGEY.5678',
      'urn:uuid:374d95fc-9457-4a51-bd6a-0bba133845a8',
      'https://id.gs1.org/01/09520123456788',
    ]) {
      expect(parseEpcUri(uri), uri).toBeUndefined();
    }
  });

  it('gives the same valid GTIN-14 whatever the length of the company prefix', () => {
    const digits = (n: number) =>
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
    fc.assert(
      fc.property(digits(13), fc.integer({ min: 6, max: 12 }), (body, prefixLength) => {
        const indicator = body[0] as string;
        const companyPrefix = body.slice(1, 1 + prefixLength);
        const itemReference = body.slice(1 + prefixLength);
        const parsed = parseEpcUri(`urn:epc:id:sgtin:${companyPrefix}.${indicator}${itemReference}.7`);
        const gtin = parsed?.gs1.gtin14 ?? '';
        return gtin.startsWith(body) && gtin.length === 14 && hasValidCheckDigit(gtin);
      }),
    );
  });
});
