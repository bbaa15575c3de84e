// Passports from a spreadsheet in the console: the category's template (CSV and XLSX), rows imported
// through the bulk ingest, and a refused row's problems shown against its cells.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv } from '../../src/domain/passports/sheet.ts';
import { bearer } from '../helpers/app.ts';
import { postUpload, uploadFixture } from '../helpers/console-uploads.ts';
import { batteryMetadata, newGtin13 } from '../helpers/passports.ts';
import { sheetRow } from '../helpers/sheets.ts';

describe('passports from a spreadsheet', () => {
  const fixture = uploadFixture();

  function get(url: string) {
    return fixture.app.inject({ method: 'GET', url, headers: { cookie: fixture.member.cookie } });
  }
  const upload = (bytes: Buffer, filename: string) =>
    postUpload(fixture.app, fixture.member, '/console/passports/import', {
      fields: { category: 'batteries' },
      file: { name: filename, bytes },
    });

  it('offers a template whose columns are the schema fields as dotted paths', async () => {
    const csv = await get('/console/passports/template?category=batteries&format=csv');
    expect(csv.statusCode).toBe(200);
    const [header = []] = parseCsv(csv.body);
    expect(header.slice(0, 4)).toEqual(['productId', 'originCountry', 'granularity', 'status']);
    expect(header).toContain('generalInformation.manufacturer.postalAddress.countryCode');
    expect(header).toContain('materialComposition.criticalRawMaterials');

    const xlsx = await get('/console/passports/template?category=batteries&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const first = book.worksheets[0]?.getRow(1).values as unknown[];
    expect(first.slice(1)).toEqual(header);
  });

  it('imports the rows that pass and shows each refused row against its cells', async () => {
    const [header = []] = parseCsv(
      (await get('/console/passports/template?category=batteries&format=csv')).body,
    );
    const good = newGtin13();
    const bad = newGtin13();
    const row = (productId: string, change: Record<string, string>) =>
      sheetRow(header, batteryMetadata(), { productId, 'generalInformation.productIdentifier': '' }, change);
    const csv = [
      csvLine(header),
      csvLine(row(good, { originCountry: 'de' })),
      csvLine(
        row(bad, {
          'performance.ratedCapacity': 'lots',
          'generalInformation.manufacturingPlace.countryCode': 'Germany',
        }),
      ),
    ].join('\r\n');
    const answer = await upload(Buffer.from(csv), 'batteries.csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('1 passports written, 1 rows refused');
    const table = answer.body.slice(answer.body.indexOf('id="sheet-problems"'));
    expect(table).toContain('<code>performance.ratedCapacity</code></td><td>lots</td>');
    expect(table).toContain(
      '<code>generalInformation.manufacturingPlace.countryCode</code></td><td>Germany</td>',
    );
    const written = await fixture.app.inject({
      method: 'GET',
      url: `/api/v1/passports/${good}`,
      headers: bearer(fixture.workspace.token),
    });
    expect(written.statusCode).toBe(200);
    expect(written.json().originCountry).toBe('DE');
    const refused = await fixture.app.inject({
      method: 'GET',
      url: `/api/v1/passports/${bad}`,
      headers: bearer(fixture.workspace.token),
    });
    expect(refused.statusCode).toBe(404);
  });

  it('imports a row whose productId is a GTIN in another spelling, and refuses one written like a GTIN that is none', async () => {
    const [header = []] = parseCsv(
      (await get('/console/passports/template?category=batteries&format=csv')).body,
    );
    const row = (productId: string) =>
      sheetRow(header, batteryMetadata(), { productId, 'generalInformation.productIdentifier': '' }, {});
    const gtin13 = newGtin13();
    const csv = [csvLine(header), csvLine(row(`(01)0${gtin13}`)), csvLine(row('123456789012345678'))].join(
      '\r\n',
    );
    const answer = await upload(Buffer.from(csv), 'spellings.csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('1 passports written, 1 rows refused');
    const table = answer.body.slice(answer.body.indexOf('id="sheet-problems"'));
    expect(table).toContain('<code>productId</code></td><td>123456789012345678</td>');
    const written = await fixture.app.inject({
      method: 'GET',
      url: `/api/v1/passports/0${gtin13}`,
      headers: bearer(fixture.workspace.token),
    });
    expect(written.statusCode, written.body).toBe(200);
    const refused = await fixture.app.inject({
      method: 'GET',
      url: '/api/v1/passports/123456789012345678',
      headers: bearer(fixture.workspace.token),
    });
    expect(refused.statusCode).toBe(404);
  });

  it("reads an XLSX sheet and refuses columns that are not the category's", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('batteries');
    sheet.addRow(['productId', 'colour']);
    sheet.addRow([newGtin13(), 'red']);
    const answer = await upload(Buffer.from(await book.xlsx.writeBuffer()), 'sheet.xlsx');
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('colour');
  });
});
