import { describe, expect, it } from 'vitest';
import { parseDigitalLinkKey } from './digital-link-key.ts';

describe('GS1 Digital Link keys', () => {
  it('reads a serialised GTIN on any host, and a lot as a class', () => {
    expect(parseDigitalLinkKey('https://id.gs1.org/01/09520123456788/21/12345')).toEqual({
      gs1: { key: 'gtin', value: '09520123456788', gtin14: '09520123456788', serial: '12345' },
      level: 'instance',
    });
    expect(parseDigitalLinkKey('https://brand.example/dpp/01/09520123456788/10/LOT-7?17=270101')).toEqual({
      gs1: { key: 'gtin', value: '09520123456788', gtin14: '09520123456788', lot: 'LOT-7' },
      level: 'class',
    });
    expect(parseDigitalLinkKey('http://example.com/01/09520123456788/')?.level).toBe('class');
  });

  it('pads a GTIN-13, -12 or -8 to 14 digits', () => {
    expect(parseDigitalLinkKey('https://example.com/01/9520123456788')?.gs1.gtin14).toBe('09520123456788');
    expect(parseDigitalLinkKey('https://example.com/01/96385074')?.gs1.gtin14).toBe('00000096385074');
  });

  it('keeps the qualifiers in the order the standard fixes (22, 10, 21)', () => {
    expect(parseDigitalLinkKey('https://example.com/01/09520123456788/22/A/10/B/21/C')?.gs1).toMatchObject({
      lot: 'B',
      serial: 'C',
    });
    expect(parseDigitalLinkKey('https://example.com/01/09520123456788/21/C/10/B')).toBeUndefined();
    expect(parseDigitalLinkKey('https://example.com/01/09520123456788/99/C')).toBeUndefined();
    expect(parseDigitalLinkKey('https://example.com/01/09520123456788/21')).toBeUndefined();
  });

  it('reads SSCC, GRAI, GIAI, GLN (with extension), party GLN, GSRN and GDTI', () => {
    expect(parseDigitalLinkKey('https://example.com/00/106141412345678908')?.gs1).toEqual({
      key: 'sscc',
      value: '106141412345678908',
    });
    expect(parseDigitalLinkKey('https://example.com/8003/04012345555554987')).toEqual({
      gs1: { key: 'grai', value: '04012345555554987', serial: '987' },
      level: 'instance',
    });
    expect(parseDigitalLinkKey('https://example.com/8003/04012345555554')?.level).toBe('class');
    expect(parseDigitalLinkKey('https://example.com/8004/4000001ABC')?.gs1).toEqual({
      key: 'giai',
      value: '4000001ABC',
    });
    expect(parseDigitalLinkKey('https://example.com/414/0012345111112/254/400')?.gs1).toEqual({
      key: 'gln',
      value: '0012345111112',
      extension: '400',
    });
    expect(parseDigitalLinkKey('https://example.com/417/4012345000023')?.gs1.key).toBe('pgln');
    expect(parseDigitalLinkKey('https://example.com/8018/061414100000102534')?.gs1.key).toBe('gsrn');
    expect(parseDigitalLinkKey('https://example.com/253/06141410000121618034')?.gs1).toEqual({
      key: 'gdti',
      value: '06141410000121618034',
      serial: '1618034',
    });
  });

  it('reads the unit link of a passport identified by a GRAI: /8003/<grai>/21/<serial>', () => {
    expect(parseDigitalLinkKey('https://dpp.example/8003/04012345555554/21/SN-1')).toEqual({
      gs1: { key: 'grai', value: '04012345555554', serial: 'SN-1' },
      level: 'instance',
    });
  });

  it('skips a resolver path prefix and decodes escaped segments', () => {
    expect(parseDigitalLinkKey('https://example.com/01/x/01/09520123456788/21/A%2FB')?.gs1.serial).toBe(
      'A/B',
    );
  });

  it('yields nothing for links it cannot read', () => {
    for (const uri of [
      'https://example.com/01/09520123456789/21/1', // wrong check digit
      'https://example.com/00/106141412345678909',
      'https://example.com/8003/14012345555554', // a GRAI starts with 0
      'https://example.com/01/09520123456788/21/1/extra',
      'https://example.com/product/123',
      'https://example.com/01/09520123456788/21/a%zz',
      'ftp://example.com/01/09520123456788',
      'urn:epc:id:sgtin:0614141.107346.2017',
    ]) {
      expect(parseDigitalLinkKey(uri), uri).toBeUndefined();
    }
  });
});
