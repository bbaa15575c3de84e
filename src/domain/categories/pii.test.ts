import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../gs1/check-digit.ts';
import { detectPii, scanForPii } from './pii.ts';

describe('detectPii finds personal data', () => {
  it.each([
    ['Contact: jane.doe@example.com', 'email'],
    ['mailto:j.smith+dpp@firma.de', 'email'],
    ['Call +49 30 1234567', 'phone'],
    ['+33612345678', 'phone'],
    ['+44 (0)20 7946 0958', 'phone'],
    ['0049 89 123 45 67', 'phone'],
    ['Tel. 030 12345678', 'phone'],
    ['06 12 34 56 78', 'phone'],
    ['(030) 1234-5678', 'phone'],
    ['IBAN DE89 3704 0044 0532 0130 00', 'iban'],
    ['GB82WEST12345698765432', 'iban'],
    ['card 4111 1111 1111 1111', 'payment-card'],
    ['5500-0000-0000-0004', 'payment-card'],
    ['378282246310005', 'payment-card'],
  ])('%s → %s', (text, kind) => {
    expect(detectPii(text)).toBe(kind);
  });
});

describe('detectPii leaves product data alone', () => {
  it.each([
    ['GTIN-13', '4006381333931'],
    ['GTIN-14', '04006381333931'],
    ['UPC as printed', '0 36000 29145 2'],
    ['SSCC', '340123450000000000'],
    ['CAS number', 'Water (CAS 7732-18-5)'],
    ['ISO date', 'produced 2024-01-15'],
    ['European date', 'best before 01.02.2026'],
    ['H-statements', 'H317, H319, P280'],
    ['company URL', 'https://www.example.com/products/12345678901/support?ref=0301234567'],
    ['company handle URL', 'https://social.example/@examplebrand'],
    ['role mailbox', 'info@example-cosmetics.eu'],
    ['compliance mailbox', 'Compliance@example.com'],
    ['IBAN with a wrong checksum', 'DE88 3704 0044 0532 0130 00'],
    ['card with a wrong Luhn digit', '4111 1111 1111 1112'],
    ['batch code', 'L2406A-0815'],
    ['version', 'v0.12.3'],
    ['percentages', '0.5 % - 1.0 %'],
    ['EN standard', 'EN 10027-1:2016'],
    ['CN code', '72085120'],
    ['steel number', '1.4301'],
  ])('%s', (_, text) => {
    expect(detectPii(text)).toBeUndefined();
  });

  it('never flags a GS1 key', () => {
    const gtin = fc.constantFrom(7, 11, 12, 13).chain((n) => fc.stringMatching(new RegExp(`^\\d{${n}}$`)));
    fc.assert(fc.property(gtin, (body) => detectPii(withCheckDigit(body)) === undefined));
  });

  it('never throws', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => detectPii(text) === undefined || true));
  });
});

describe('scanForPii', () => {
  it('reports one warning per public field with its path', () => {
    const warnings = scanForPii(
      {
        contacts: ['jane.doe@example.com', 'call +49 30 1234567 or jane.doe@example.com'],
        secret: 'jane.doe@example.com',
        nested: { name: 'Example GmbH' },
      },
      '/metadata',
      (pointer) => (pointer === '/metadata/secret' ? 'authority' : 'public'),
    );
    expect(warnings.map((w) => [w.code, w.path, w.params?.kind])).toEqual([
      ['PII_SHAPE_DETECTED', '/metadata/contacts/0', 'email'],
      ['PII_SHAPE_DETECTED', '/metadata/contacts/1', 'email'],
    ]);
  });

  it('does not recurse without bound', () => {
    let deep: unknown = 'jane.doe@example.com';
    for (let i = 0; i < 10_000; i++) deep = { d: deep };
    expect(scanForPii(deep, '/metadata', () => 'public')).toEqual([]);
  });
});
