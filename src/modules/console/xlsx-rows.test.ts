import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetXml, xlsxWithSheet } from '../../../test/helpers/xlsx-files.ts';
import { xlsxRows } from './xlsx-rows.ts';

const limits = { columns: 30, rows: 201, cellBytes: 64 * 1024, unpackedBytes: 8 * 1024 * 1024 };

describe('the rows of an uploaded XLSX', () => {
  it('reads what a spreadsheet program writes: text, numbers, dates, rich text, formulas, gaps', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('passports');
    sheet.addRow(['productId', 'mass', 'made', 'model']);
    sheet.addRow([
      '4006381333931',
      12.5,
      new Date('2024-01-02T00:00:00Z'),
      { richText: [{ text: 'VC' }, { text: '-300' }] },
    ]);
    sheet.addRow([]);
    sheet.addRow(['4006381333948', { formula: '6*2', result: 12 }]);
    // A second sheet is read past, not taken.
    book.addWorksheet('notes').addRow(['ignored']);
    const read = await xlsxRows(Buffer.from(await book.xlsx.writeBuffer()), limits);
    expect(read).toEqual({
      rows: [
        ['productId', 'mass', 'made', 'model'],
        ['4006381333931', '12.5', '2024-01-02', 'VC-300'],
        [],
        ['4006381333948', '12'],
      ],
    });
  });

  it('reads a sheet of inline strings with neither shared strings nor styles', async () => {
    const bytes = await xlsxWithSheet(
      sheetXml({ A1: 'productId', B1: 'originCountry', A2: '4006381333931', C3: 'x' }),
    );
    expect(await xlsxRows(bytes, limits)).toEqual({
      rows: [['productId', 'originCountry'], ['4006381333931'], ['', '', 'x']],
    });
  });
});
