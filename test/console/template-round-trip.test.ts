// Every category's spreadsheet template round-trips: the template downloaded (CSV and XLSX), its
// example row given a product of the member's own, imported, and the stored passport's metadata is
// the example, field for field; the passport exported as a spreadsheet row imports back as an update
// that changes nothing. The template left as it came is refused at its example row. (A rule
// category's text once read as broken JSON: a toy's productName was refused as "required" although
// it was filled in.)
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../src/domain/categories/types.ts';
import { exampleMetadata } from '../../src/domain/passports/samples.ts';
import { csvLine, parseCsv } from '../../src/domain/passports/sheet.ts';
import { bearer } from '../helpers/app.ts';
import { importSheet, uploadFixture } from '../helpers/console-uploads.ts';
import { newGtin13 } from '../helpers/passports.ts';

describe('spreadsheet templates round-trip for every category', () => {
  const fixture = uploadFixture();

  const download = (url: string) =>
    fixture.app.inject({ method: 'GET', url, headers: { cookie: fixture.member.cookie } });
  const template = (category: string, format: 'csv' | 'xlsx') =>
    download(`/console/passports/template?category=${category}&format=${format}`);

  async function firstSheet(bytes: Buffer): Promise<{ book: ExcelJS.Workbook; rows: string[][] }> {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const rows: string[][] = [];
    sheet.eachRow((row, number) => {
      rows[number - 1] = ((row.values as unknown[]) ?? [])
        .slice(1)
        .map((value) => (value === undefined ? '' : String(value)));
    });
    return { book, rows };
  }

  async function stored(productId: string) {
    const answer = await fixture.app.inject({
      method: 'GET',
      url: `/api/v1/passports/${productId}`,
      headers: bearer(fixture.workspace.token),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }

  async function imported(category: string, name: string, bytes: Buffer | string, written: string) {
    const { preview, report } = await importSheet(fixture.app, fixture.member, category, { name, bytes });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(report?.statusCode, report?.body ?? preview.body).toBe(200);
    expect(report?.body).toContain(written);
    return report?.body ?? '';
  }

  it.each(CATEGORIES)(
    '%s: the template filled in, through CSV and XLSX, and the export back',
    async (category) => {
      const example = exampleMetadata(category);
      const csv = parseCsv((await template(category, 'csv')).body);
      expect(csv).toHaveLength(3);
      const [labels = [], paths = [], exampleRow = []] = csv;
      const xlsx = Buffer.from((await template(category, 'xlsx')).rawPayload);
      const { book, rows } = await firstSheet(xlsx);
      expect(rows[0]).toEqual(labels);
      expect(rows[1]).toEqual(paths);

      // Left as it came, the template's example is refused at its row, and nothing is written.
      const unchanged = await importSheet(fixture.app, fixture.member, category, {
        name: 't.xlsx',
        bytes: xlsx,
      });
      expect(unchanged.preview.body).toContain('Row 3 is the template&#39;s example, unchanged');
      expect(unchanged.preview.body).not.toContain('id="confirm-import"');

      const viaCsv = newGtin13();
      const filled = [labels, paths, [viaCsv, ...exampleRow.slice(1)]].map(csvLine).join('\r\n');
      await imported(category, `${category}.csv`, filled, '1 passports written, 0 rows refused');
      expect((await stored(viaCsv)).metadata).toEqual(example);
      expect((await stored(viaCsv)).status).toBe('DRAFT');

      const viaXlsx = newGtin13();
      const sheet = book.worksheets[0] as ExcelJS.Worksheet;
      sheet.getCell('A3').value = viaXlsx;
      const bytes = Buffer.from(await book.xlsx.writeBuffer());
      await imported(category, `${category}.xlsx`, bytes, '1 passports written, 0 rows refused');
      const passport = await stored(viaXlsx);
      expect(passport.metadata).toEqual(example);

      const exported = await download(`/console/passports/${passport.id}/export?format=xlsx`);
      expect(exported.statusCode).toBe(200);
      const again = await imported(category, 'export.xlsx', Buffer.from(exported.rawPayload), 'Updated');
      expect(again).toContain('1 passports written, 0 rows refused');
      expect((await stored(viaXlsx)).metadata).toEqual(example);
    },
  );
});
