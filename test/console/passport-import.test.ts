// Passports from a spreadsheet in the console: the category's template (CSV and XLSX: labels in the
// page's language, field paths, an example row, numbered list columns, choice lists and notes), rows
// imported through a preview and the bulk ingest as drafts (or published), and a refused row's
// problems shown against its cells.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv } from '../../src/domain/passports/sheet.ts';
import { columnLetters } from '../../src/domain/passports/sheet-columns.ts';
import { bearer } from '../helpers/app.ts';
import { importSheet, postUpload, uploadFixture } from '../helpers/console-uploads.ts';
import { batteryMetadata, newGtin13 } from '../helpers/passports.ts';
import { sheetRow } from '../helpers/sheets.ts';

describe('passports from a spreadsheet', () => {
  const fixture = uploadFixture();

  function get(url: string, lang = 'en') {
    return fixture.app.inject({
      method: 'GET',
      url,
      headers: { cookie: fixture.member.cookie, 'accept-language': lang },
    });
  }
  const upload = (bytes: Buffer, filename: string) =>
    postUpload(fixture.app, fixture.member, '/console/passports/import', {
      fields: { category: 'batteries' },
      file: { name: filename, bytes },
    });
  const imported = async (bytes: Buffer | string, name: string, publish = false) => {
    const done = await importSheet(fixture.app, fixture.member, 'batteries', { name, bytes }, { publish });
    return done.report ?? done.preview;
  };
  const paths = async () =>
    parseCsv((await get('/console/passports/template?category=batteries&format=csv')).body)[1] ?? [];
  const stored = (productId: string) =>
    fixture.app.inject({
      method: 'GET',
      url: `/api/v1/passports/${productId}`,
      headers: bearer(fixture.workspace.token),
    });

  it('offers a template with labels, field paths, an example row and numbered list columns', async () => {
    const csv = await get('/console/passports/template?category=batteries&format=csv');
    expect(csv.statusCode).toBe(200);
    const [labels = [], header = [], example = []] = parseCsv(csv.body);
    expect(header.slice(0, 3)).toEqual(['productId', 'originCountry', 'granularity']);
    expect(header).toContain('generalInformation.manufacturer.postalAddress.countryCode');
    expect(header).toContain('materialComposition.hazardousSubstances[1].name');
    expect(header).toContain('materialComposition.hazardousSubstances[3].name');
    expect(header).not.toContain('materialComposition.criticalRawMaterials');
    const at = (path: string) => header.indexOf(path);
    expect(labels[0]).toBe('Product identifier');
    expect(labels[at('materialComposition.hazardousSubstances[2].name')]).toBe(
      'Hazardous substance 2 – Name',
    );
    expect(labels[at('generalInformation.manufacturer.postalAddress.countryCode')]).toBe(
      'Manufacturer – Postal address – Country',
    );
    expect(example[at('originCountry')]).toBe('Germany (DE)');

    const german = parseCsv(
      (await get('/console/passports/template?category=batteries&format=csv', 'de')).body,
    );
    expect(german[1]).toEqual(header);
    expect(german[0]?.[0]).toBe('Produktkennung');
    expect(german[0]?.[at('materialComposition.hazardousSubstances[2].name')]).toBe(
      'Gefährliche Stoffe 2 – Name',
    );
    expect(german[2]?.[at('originCountry')]).toBe('Deutschland (DE)');
  });

  it('gives the XLSX template choice lists for enums and countries, and a notes sheet', async () => {
    const xlsx = await get('/console/passports/template?category=batteries&format=xlsx', 'de');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => [sheet.name, sheet.state])).toEqual([
      ['Pässe', 'visible'],
      ['Hinweise', 'visible'],
      ['Listen', 'hidden'],
    ]);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(2).values as unknown[]).slice(1).map(String);
    const letter = (path: string) => sheet.getColumn(header.indexOf(path) + 1).letter;
    const validations = (
      sheet as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } }
    ).dataValidations.model;
    const listOf = (path: string) => {
      const found = Object.entries(validations).find(([range]) => range.startsWith(`${letter(path)}3`));
      return found?.[1];
    };
    expect(listOf('originCountry')?.type).toBe('list');
    const countries = String(listOf('originCountry')?.formulae[0]);
    const lists = book.getWorksheet('Listen') as ExcelJS.Worksheet;
    const column = /!\$([A-Z]+)\$1:/.exec(countries)?.[1] ?? '';
    const entries = (lists.getColumn(column).values as unknown[]).filter(Boolean).map(String);
    expect(entries).toContain('Deutschland (DE)');
    expect(entries).toContain('Georgien (GE)');
    expect(listOf('generalInformation.manufacturer.postalAddress.countryCode')?.formulae[0]).toBe(countries);
    expect(listOf('granularity')?.type).toBe('list');
    expect(sheet.getCell('A3').note).toBeTruthy();
    const notes = book.getWorksheet('Hinweise') as ExcelJS.Worksheet;
    const noted = (notes.getColumn(3).values as unknown[]).map(String);
    expect(noted).toContain('materialComposition.hazardousSubstances[1].name');
  });

  it('previews the rows, then creates drafts; each refused row is shown against its cells', async () => {
    const header = await paths();
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
    const done = await importSheet(fixture.app, fixture.member, 'batteries', { name: 'b.csv', bytes: csv });
    expect(done.preview.body).toContain('2 rows: 1 new passports, 0 updates, 1 rows refused');
    // Each problem at its cell: the capacity's column, row 3 (the sheet's second passport).
    const cell = `${columnLetters(header.indexOf('performance.ratedCapacity'))}3`;
    expect(done.preview.body).toContain(`<td>${cell}</td><td><code>performance.ratedCapacity</code></td>`);
    const answer = done.report;
    expect(answer?.statusCode).toBe(200);
    expect(answer?.body).toContain('1 passports written, 1 rows refused');
    expect(answer?.body).toContain('New passports were saved as drafts');
    const table = answer?.body.slice(answer.body.indexOf('id="sheet-rows"')) ?? '';
    expect(table).toContain('<code>performance.ratedCapacity</code></td><td>lots</td>');
    expect(table).toContain(
      '<code>generalInformation.manufacturingPlace.countryCode</code></td><td>Germany</td>',
    );
    const written = await stored(good);
    expect(written.statusCode).toBe(200);
    expect(written.json().originCountry).toBe('DE');
    expect(written.json().status).toBe('DRAFT');
    expect(answer?.body).toContain(`<a href="/console/passports/${written.json().id}">${good}</a>`);
    expect((await stored(bad)).statusCode).toBe(404);
    // The report is a page of its own: read again, it says the same and sends nothing twice.
    const again = await get(String(done.location));
    expect(again.body).toContain('1 passports written, 1 rows refused');
    expect(again.body).not.toContain('id="confirm-import"');
  });

  it('publishes the new passports when asked, and says a row updates a passport that exists', async () => {
    const header = await paths();
    const fresh = newGtin13();
    const row = sheetRow(header, batteryMetadata(), {
      productId: fresh,
      'generalInformation.productIdentifier': '',
    });
    const csv = [header, row].map(csvLine).join('\r\n');
    expect((await imported(csv, 'p.csv', true)).body).toContain('New passports were published.');
    expect((await stored(fresh)).json().status).toBe('ACTIVE');
    const second = await importSheet(fixture.app, fixture.member, 'batteries', { name: 'p.csv', bytes: csv });
    expect(second.preview.body).toContain('1 rows: 0 new passports, 1 updates, 0 rows refused');
    expect(second.report?.body).toContain('Updated');
    expect((await stored(fresh)).json().status).toBe('ACTIVE');
  });

  it('imports a row whose productId is a GTIN in another spelling, and refuses one written like a GTIN that is none', async () => {
    const header = await paths();
    const row = (productId: string) =>
      sheetRow(header, batteryMetadata(), { productId, 'generalInformation.productIdentifier': '' }, {});
    const gtin13 = newGtin13();
    const csv = [csvLine(header), csvLine(row(`(01)0${gtin13}`)), csvLine(row('123456789012345678'))].join(
      '\r\n',
    );
    const answer = await imported(csv, 'spellings.csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('1 passports written, 1 rows refused');
    const table = answer.body.slice(answer.body.indexOf('id="sheet-rows"'));
    expect(table).toContain('<td>A3</td><td><code>productId</code></td><td>123456789012345678</td>');
    expect((await stored(`0${gtin13}`)).statusCode).toBe(200);
    expect((await stored('123456789012345678')).statusCode).toBe(404);
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

  it("answers 404 for a preview that is not the member's", async () => {
    const answer = await get('/console/passports/import/00000000-0000-4000-8000-000000000000');
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('upload it again');
  });
});
