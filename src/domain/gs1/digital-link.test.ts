import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from './check-digit.ts';
import {
  buildCompressedLink,
  buildLink,
  parseDigitalLink,
  parseLink,
  passportDigitalLink,
  unitDigitalLink,
} from './digital-link.ts';
import { ai21Problem } from './serial.ts';

const GTIN = '04006381333931';

describe('parseDigitalLink', () => {
  it('reads a GTIN with its serial, lot and variant qualifiers', () => {
    expect(parseDigitalLink(`https://id.example.com/01/${GTIN}/21/SER-1`)).toEqual({
      ok: true,
      link: { base: 'https://id.example.com', key: { ai: '01', value: GTIN }, qualifiers: { '21': 'SER-1' } },
    });
    const full = parseDigitalLink(`https://x.test/dl/01/${GTIN}/22/V2/10/LOT%2F7/21/A.b_c-9?linkType=all`);
    expect(full).toEqual({
      ok: true,
      link: {
        base: 'https://x.test/dl',
        key: { ai: '01', value: GTIN },
        qualifiers: { '22': 'V2', '10': 'LOT/7', '21': 'A.b_c-9' },
      },
    });
  });

  it('reads a GRAI', () => {
    const result = parseDigitalLink('https://x.test/8003/04006381333931A7');
    expect(result.ok && result.link.key).toEqual({ ai: '8003', value: '04006381333931A7' });
  });

  it('refuses what a resolver would refuse', () => {
    for (const uri of [
      'not a url',
      'ftp://x.test/01/04006381333931',
      'https://x.test/02/04006381333931',
      'https://x.test/01/04006381333932/21/A',
      'https://x.test/01/4006381333931/21/A',
      `https://x.test/01/${GTIN}/21/${'x'.repeat(21)}`,
      `https://x.test/01/${GTIN}/21/a%20b`,
      `https://x.test/01/${GTIN}/21/A/10/LOT`,
      `https://x.test/01/${GTIN}/21`,
      `https://x.test/01/${GTIN}/99/A`,
      `https://x.test/01/${GTIN}/21/.`,
      `https://x.test/01/${GTIN}/21/..`,
      `https://x.test/01/${GTIN}/21/%E0%A4%A`,
      'https://x.test/8003/04006381333931A7/21/X',
      'https://x.test/8003/14006381333938',
    ]) {
      expect(parseDigitalLink(uri).ok, uri).toBe(false);
    }
  });

  it('round-trips every unit link built from a valid GTIN and serial', () => {
    // `.` and `..` are dot segments: no URL can carry them (the serialiser refuses them).
    const serial = fc.stringMatching(/^[A-Za-z0-9._-]{1,20}$/).filter((s) => s !== '.' && s !== '..');
    const body = fc.stringMatching(/^\d{13}$/);
    fc.assert(
      fc.property(body, serial, (digits, ser) => {
        const gtin = withCheckDigit(digits);
        const uri = unitDigitalLink('https://dpp.example.test', 'GTIN', gtin, ser) as string;
        const parsed = parseDigitalLink(uri);
        return parsed.ok && parsed.link.key.value === gtin && parsed.link.qualifiers['21'] === ser;
      }),
    );
  });

  it('builds no link for a SKU', () => {
    expect(unitDigitalLink('https://x.test', 'SKU', 'ACME-1', 'S1')).toBeNull();
    expect(unitDigitalLink('https://x.test', 'GRAI', '04006381333931A7', 'S1')).toBe(
      'https://x.test/8003/04006381333931A7/21/S1',
    );
  });
});

describe('ai21Problem', () => {
  it('accepts 1 to 20 characters of CSET 82', () => {
    expect(ai21Problem('A')).toBeNull();
    expect(ai21Problem(`!"%&'()*+,-./:;<=>?_`)).toBeNull();
    expect(ai21Problem('')).toBe('EMPTY');
    expect(ai21Problem('x'.repeat(21))).toBe('TOO_LONG');
    expect(ai21Problem('a b')).toBe('CHARSET');
    expect(ai21Problem('é')).toBe('CHARSET');
    expect(ai21Problem('#1')).toBe('CHARSET');
  });
});

describe('parseLink and buildLink', () => {
  it('reads short names, 13-digit GTINs, data attributes and other query parameters', () => {
    const parsed = parseLink(
      'https://r.test/p/gtin/9520123456788/lot/A%2FB?17=270101&linkType=gs1:pip&3103=000189',
    );
    expect(parsed).toEqual({
      ok: true,
      link: {
        base: 'https://r.test/p',
        ais: [
          { ai: '01', value: '09520123456788' },
          { ai: '10', value: 'A/B' },
          { ai: '17', value: '270101' },
          { ai: '3103', value: '000189' },
        ],
        compression: 'none',
        otherParameters: [['linkType', 'gs1:pip']],
      },
    });
  });

  it('reads every primary key of the dictionary with its qualifiers, and compressed links', () => {
    expect(parseLink('https://r.test/414/5060917510004/254/RP5').ok).toBe(true);
    expect(parseLink('https://r.test/8017/817019610850151481/8019/4003812').ok).toBe(true);
    expect(parseLink('https://r.test/00/106141412345678908/21/X').ok).toBe(false);
    expect(parseLink('https://r.test/01/09520123456788?21=X').ok).toBe(false);
    expect(parseLink('https://r.test/01/09520123456788/21')).toEqual({
      ok: false,
      error: 'AI (21) has no value',
    });
    const compressed = parseLink('https://r.test/AQnYUc1gmiCNV4JG');
    expect(compressed.ok && compressed.link.compression).toBe('full');
  });

  it('writes the canonical link and its compressed form', () => {
    const ais = [
      { ai: '17', value: '270101' },
      { ai: '21', value: 'S 1' },
      { ai: '01', value: '09520123456788' },
      { ai: '10', value: 'L1' },
    ];
    expect(buildLink('https://n.test', ais)).toEqual({
      ok: true,
      uri: 'https://n.test/01/09520123456788/10/L1/21/S%201?17=270101',
    });
    const packed = buildCompressedLink('https://n.test', ais);
    const back = packed.ok ? parseLink(packed.uri) : packed;
    expect(back.ok && back.link.ais.length).toBe(4);
    expect(buildLink('https://n.test', [{ ai: '10', value: 'L1' }]).ok).toBe(false);
    expect(
      buildLink('https://n.test', [
        { ai: '00', value: '106141412345678908' },
        { ai: '21', value: 'X' },
      ]),
    ).toEqual({
      ok: false,
      error: 'AI (21) cannot be carried in a Digital Link with (00)',
    });
  });
});

describe('passport and unit links', () => {
  it('are the canonical links of their AIs', () => {
    const base = 'https://dpp.example.test';
    expect(passportDigitalLink(base, 'GTIN', '09520123456788')).toBe(
      (buildLink(base, [{ ai: '01', value: '09520123456788' }]) as { uri: string }).uri,
    );
    expect(unitDigitalLink(base, 'GTIN', '09520123456788', 'SN-1.a_b')).toBe(
      (
        buildLink(base, [
          { ai: '21', value: 'SN-1.a_b' },
          { ai: '01', value: '09520123456788' },
        ]) as { uri: string }
      ).uri,
    );
    expect(passportDigitalLink(base, 'SKU', 'ACME-1')).toBeNull();
  });
});
