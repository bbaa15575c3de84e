import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { tr } from './pages.ts';
import { sheetCsv } from './sheet-book.ts';
import { templateFile } from './sheet-files.ts';
import { xlsxRows } from './xlsx-rows.ts';

const limits = { columns: 600, rows: 203, cellBytes: 64 * 1024, unpackedBytes: 8 * 1024 * 1024 };

describe('the spreadsheet a member fills', () => {
  it('reads back through the bounded reader as labels, paths and the example row', async () => {
    const bytes = (await templateFile('batteries', 'xlsx', 'de', tr('de'))) as Buffer;
    const read = await xlsxRows(bytes, limits);
    if (!('rows' in read)) throw new Error(`refused: ${read.refused.kind}`);
    const [labels = [], paths = [], example = []] = read.rows;
    expect(read.rows).toHaveLength(3);
    expect(labels[0]).toBe('Produktkennung');
    expect(paths.slice(0, 3)).toEqual(['productId', 'originCountry', 'granularity']);
    expect(example[0]).toBe('04012345000016');
    expect(example[1]).toBe('Deutschland (DE)');
    // A number column holds a number, which a German spreadsheet shows with its decimal comma.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const capacity = paths.indexOf('performance.ratedCapacity') + 1;
    expect(typeof sheet.getRow(3).getCell(capacity).value).toBe('number');
  });

  it('reads the first sheet alone, even when a later one reaches past the rows a sheet may have', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('passports').addRow(['productId']);
    book.addWorksheet('lists').getCell('A1000').value = 'far';
    const read = await xlsxRows(Buffer.from(await book.xlsx.writeBuffer()), { ...limits, columns: 5 });
    expect(read).toEqual({ rows: [['productId']] });
  });

  it('writes the CSV with the same three rows, quoted where needed', () => {
    const column = {
      name: 'a.b',
      pointer: '/metadata/a/b',
      schemaPath: 'a.b',
      repeats: [],
      schema: undefined,
      json: false,
    };
    const csv = sheetCsv({ columns: [{ ...column, label: 'A, B', hint: '' }], rows: [{ cells: ['x"y'] }] });
    expect(csv).toBe('"A, B"\r\na.b\r\n"x""y"\r\n');
  });
});
