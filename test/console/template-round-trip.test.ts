// Every category's spreadsheet template round-trips: the template downloaded (CSV and XLSX), one
// row filled with the category's own example, imported, and the stored passport's metadata is the
// example, field for field. (A rule category's text once read as broken JSON: a toy's productName
// was refused as "required" although it was filled in.)
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../src/domain/categories/types.ts';
import { exampleMetadata } from '../../src/domain/passports/samples.ts';
import { parseCsv } from '../../src/domain/passports/sheet.ts';
import { bearer } from '../helpers/app.ts';
import { postUpload, uploadFixture } from '../helpers/console-uploads.ts';
import { newGtin13 } from '../helpers/passports.ts';
import { sheetRow } from '../helpers/sheets.ts';

describe('spreadsheet templates round-trip for every category', () => {
  const fixture = uploadFixture();

  const template = (category: string, format: 'csv' | 'xlsx') =>
    fixture.app.inject({
      method: 'GET',
      url: `/console/passports/template?category=${category}&format=${format}`,
      headers: { cookie: fixture.member.cookie },
    });

  async function xlsxHeader(category: string): Promise<string[]> {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await template(category, 'xlsx')).rawPayload as unknown as ArrayBuffer);
    return ((book.worksheets[0]?.getRow(1).values as unknown[]) ?? []).slice(1).map(String);
  }

  async function importedMetadata(category: string, name: string, bytes: Buffer | string, productId: string) {
    const answer = await postUpload(fixture.app, fixture.member, '/console/passports/import', {
      fields: { category },
      file: { name, bytes },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain('1 passports written, 0 rows refused');
    const stored = await fixture.app.inject({
      method: 'GET',
      url: `/api/v1/passports/${productId}`,
      headers: bearer(fixture.workspace.token),
    });
    expect(stored.statusCode).toBe(200);
    return stored.json().metadata;
  }

  it.each(CATEGORIES)('%s: the example through the CSV and the XLSX template', async (category) => {
    const example = exampleMetadata(category);
    const header = parseCsv((await template(category, 'csv')).body)[0] ?? [];
    expect(await xlsxHeader(category)).toEqual(header);

    const viaCsv = newGtin13();
    const csv = [header, sheetRow(header, example, { productId: viaCsv })]
      .map((cells) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))
      .join('\r\n');
    expect(await importedMetadata(category, `${category}.csv`, csv, viaCsv)).toEqual(example);

    const viaXlsx = newGtin13();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(category);
    sheet.addRow(header);
    sheet.addRow(sheetRow(header, example, { productId: viaXlsx }));
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    expect(await importedMetadata(category, `${category}.xlsx`, bytes, viaXlsx)).toEqual(example);
  });
});
