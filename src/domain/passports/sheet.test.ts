import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categorySchemas } from '../categories/schemas/index.ts';
import { exampleMetadata } from './samples.ts';
import {
  cellAddress,
  columnOf,
  csvLine,
  isExampleRow,
  parseCsv,
  sheetBodies,
  sheetColumns,
  sheetLayout,
} from './sheet.ts';
import { EXAMPLE_PRODUCT_ID } from './sheet-columns.ts';

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

  it('reads rows of the earlier layout as the form reads fields, and refuses unknown columns', () => {
    const columns = sheetLayout(schema, undefined);
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

  it('reads the template layout: labels above the paths, numbered repeats, choices by their code', () => {
    const layout = sheetLayout(schema, exampleMetadata('batteries'));
    const paths = [
      'productId',
      'originCountry',
      'materialComposition.hazardousSubstances[1].name',
      'materialComposition.hazardousSubstances[2].name',
      'materialComposition.criticalRawMaterials[1]',
      'materialComposition.criticalRawMaterials[3]',
      'generalInformation.manufacturer.postalAddress.countryCode',
    ];
    const rows = [
      ['Produktkennung', 'Ursprungsland', 'Gefährliche Stoffe 1 – Name', '…', '…', '…', '…'],
      paths,
      ['4006381333931', 'Deutschland (DE)', 'Cobalt', '', 'cobalt', 'lithium', 'Germany (DE)'],
    ];
    const read = sheetBodies(rows, 'batteries', schema, layout);
    expect(read.unknown).toEqual([]);
    expect(read.header).toEqual(paths);
    expect(read.rows[0]?.row).toBe(3);
    expect(read.rows[0]?.body).toEqual({
      category: 'batteries',
      productId: '4006381333931',
      originCountry: 'DE',
      metadata: {
        materialComposition: {
          hazardousSubstances: [{ name: 'Cobalt' }],
          criticalRawMaterials: ['cobalt', 'lithium'],
        },
        generalInformation: { manufacturer: { postalAddress: { countryCode: 'DE' } } },
      },
    });
    // A problem inside a list item is placed at its repeat's cell.
    const pointer = '/metadata/materialComposition/hazardousSubstances/1/name';
    expect(columnOf(pointer, read.header)).toBe('materialComposition.hazardousSubstances[2].name');
    expect(cellAddress('materialComposition.hazardousSubstances[2].name', 7, read.header)).toBe('D7');
    // A repeat the template did not have (an export's longer list) is known; a field that is none is not.
    expect(
      sheetBodies(
        [['productId', 'materialComposition.hazardousSubstances[9].name']],
        'batteries',
        schema,
        layout,
      ).unknown,
    ).toEqual([]);
    expect(
      sheetBodies([['productId', 'materialComposition.colour[1]']], 'batteries', schema, layout).unknown,
    ).toEqual(['materialComposition.colour[1]']);
  });

  it("knows the template's example row only when it is left unchanged", () => {
    const example = exampleMetadata('batteries');
    expect(
      isExampleRow({ productId: EXAMPLE_PRODUCT_ID, metadata: exampleMetadata('batteries') }, example),
    ).toBe(true);
    expect(
      isExampleRow({ productId: '4006381333931', metadata: exampleMetadata('batteries') }, example),
    ).toBe(false);
    const changed = exampleMetadata('batteries');
    (changed.generalInformation as Record<string, unknown>).batteryModel = 'VC-400';
    expect(isExampleRow({ productId: EXAMPLE_PRODUCT_ID, metadata: changed }, example)).toBe(false);
  });
});
