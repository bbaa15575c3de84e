import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categorySchemas } from '../categories/schemas/index.ts';
import { columnOf, csvLine, parseCsv, sheetBodies, sheetColumns } from './sheet.ts';

const schema = categorySchemas.batteries;

describe('spreadsheet passports', () => {
  it('reads back any cells it writes (quotes, commas, line breaks)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const text = rows.map((row) => csvLine(row)).join('\r\n');
          // A row of one empty cell is an empty line, which a sheet reader skips as blank.
          const filled = (list: string[][]) => list.filter((row) => !(row.length === 1 && row[0] === ''));
          expect(filled(parseCsv(text))).toEqual(filled(rows));
        },
      ),
    );
  });

  it('has the passport columns, then the schema fields as dotted paths', () => {
    const columns = sheetColumns(schema, undefined);
    expect(columns.slice(0, 4)).toEqual(['productId', 'originCountry', 'granularity', 'status']);
    expect(columns).toContain('performance.temperatureRangeIdleState.lowerBoundary');
    expect(columns).toContain('materialComposition.hazardousSubstances');
    expect(columnOf('/metadata/materialComposition/hazardousSubstances/0/name', columns)).toBe(
      'materialComposition.hazardousSubstances',
    );
    expect(columnOf('/originCountry', columns)).toBe('originCountry');
  });

  it('reads rows as the form reads fields, and refuses unknown columns', () => {
    const columns = sheetColumns(schema, undefined);
    const rows = [
      ['productId', 'originCountry', 'performance.ratedCapacity', 'materialComposition.criticalRawMaterials'],
      ['4006381333931', 'de', '12,5', '["cobalt"]'],
      ['', '', '', ''],
      ['4006381333948', '', 'x', '[broken'],
    ];
    const read = sheetBodies(rows, 'batteries', schema, columns, { decimalComma: true });
    expect(read.unknown).toEqual([]);
    expect(read.rows.map((row) => row.row)).toEqual([2, 4]);
    expect(read.rows[0]?.body).toEqual({
      category: 'batteries',
      productId: '4006381333931',
      originCountry: 'DE',
      metadata: {
        performance: { ratedCapacity: 12.5 },
        materialComposition: { criticalRawMaterials: ['cobalt'] },
      },
    });
    expect(read.rows[1]?.unreadable).toEqual(['materialComposition.criticalRawMaterials']);
    expect(sheetBodies([['productId', 'colour']], 'batteries', schema, columns).unknown).toEqual(['colour']);
  });
});
