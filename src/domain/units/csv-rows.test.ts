import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CSV_UNITS, parseUnitCsv } from './csv-rows.ts';

describe('parseUnitCsv', () => {
  it('reads serials with optional status and date, skipping a header and blank lines', () => {
    const text = 'serialNumber,status,manufacturedAt\r\nSN-1\n\n SN-2 , ACTIVE \nSN-3,,2025-01-15\n';
    expect(parseUnitCsv(text)).toEqual({
      units: [
        { line: 2, serialNumber: 'SN-1' },
        { line: 4, serialNumber: 'SN-2', status: 'ACTIVE' },
        { line: 5, serialNumber: 'SN-3', manufacturedAt: '2025-01-15' },
      ],
      tooMany: false,
    });
  });

  it('keeps every non-blank line in order, and stops at the ceiling', () => {
    const serial = fc
      .stringMatching(/^[A-Za-z0-9._-]{1,20}$/)
      .filter((s) => s.toLowerCase() !== 'serialnumber');
    fc.assert(
      fc.property(fc.array(serial, { maxLength: 50 }), (serials) => {
        const parsed = parseUnitCsv(serials.join('\n'));
        expect(parsed.units.map((unit) => unit.serialNumber)).toEqual(serials);
        expect(parsed.tooMany).toBe(false);
      }),
    );
    const many = Array.from({ length: MAX_CSV_UNITS + 1 }, (_, i) => `S${i}`).join('\n');
    const capped = parseUnitCsv(many);
    expect(capped.units).toHaveLength(MAX_CSV_UNITS);
    expect(capped.tooMany).toBe(true);
  });
});

describe('parseUnitCsv columns', () => {
  it('refuses a line with more than three columns, naming it', () => {
    expect(parseUnitCsv('SN-1\n\nSN-2,ACTIVE,2025-01-01,extra\nSN-3').badColumns).toEqual({
      line: 3,
      count: 4,
    });
  });

  it('refuses a header naming other columns, and accepts the format’s own in any case', () => {
    expect(parseUnitCsv('serialNumber,colour\nSN-1').badColumns).toEqual({ line: 1, count: 2 });
    expect(parseUnitCsv('SERIALNUMBER,Status\nSN-1')).toEqual({
      units: [{ line: 2, serialNumber: 'SN-1' }],
      tooMany: false,
    });
  });
});
