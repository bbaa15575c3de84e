// Passports from a spreadsheet in the console: the category's template (CSV and XLSX), rows imported
// through the bulk ingest, and a refused row's problems shown against its cells.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { csvLine, parseCsv } from '../../src/domain/passports/sheet.ts';
import { bearer, createWorkspace, type TestWorkspace, testApp } from '../helpers/app.ts';
import { addMember, PASSWORD } from '../helpers/console.ts';
import { batteryMetadata, createOperator, newGtin13 } from '../helpers/passports.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const csrfIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** The value at a dotted path, as a cell holds it (lists and objects as JSON). */
function cellOf(metadata: Record<string, unknown>, path: string): string {
  let value: unknown = metadata;
  for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

describe('passports from a spreadsheet', () => {
  let app: App;
  let workspace: TestWorkspace;
  let cookie: string;
  let csrf: string;
  beforeAll(async () => {
    app = await testApp();
    workspace = await createWorkspace(app, 'enterprise');
    await createOperator(app, workspace);
    await addMember(app, workspace, 'ada@example.com');
    const signedIn = await app.inject({
      method: 'POST',
      url: '/console/sign-in',
      headers: FORM,
      payload: new URLSearchParams({
        workspace: workspace.subdomain,
        email: 'ada@example.com',
        password: PASSWORD,
      }).toString(),
    });
    cookie = String(signedIn.headers['set-cookie']).split(';')[0] as string;
    csrf = csrfIn((await get('/console/passports/import?category=batteries')).body);
  });
  afterAll(() => app.close());

  function get(url: string) {
    return app.inject({ method: 'GET', url, headers: { cookie } });
  }
  const upload = (bytes: Buffer, filename: string) => {
    const boundary = '----opendpp-sheet';
    const head = (name: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n\r\n`;
    const payload = Buffer.concat([
      Buffer.from(`${head('_csrf')}${csrf}\r\n${head('category')}batteries\r\n${head('file', filename)}`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app.inject({
      method: 'POST',
      url: '/console/passports/import',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  /** The battery template's columns, and a row of the example passport under a productId. */
  async function batteryRows() {
    const [header = []] = parseCsv(
      (await get('/console/passports/template?category=batteries&format=csv')).body,
    );
    const example = batteryMetadata();
    const row = (productId: string, change: Record<string, string> = {}) =>
      header.map((column) =>
        column === 'productId'
          ? productId
          : column === 'generalInformation.productIdentifier'
            ? ''
            : (change[column] ?? (column.includes('.') || column in example ? cellOf(example, column) : '')),
      );
    return { header, row };
  }

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
    const { header, row } = await batteryRows();
    const good = newGtin13();
    const bad = newGtin13();
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
    const written = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${good}`,
      headers: bearer(workspace.token),
    });
    expect(written.statusCode).toBe(200);
    expect(written.json().originCountry).toBe('DE');
    const refused = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${bad}`,
      headers: bearer(workspace.token),
    });
    expect(refused.statusCode).toBe(404);
  });

  it('imports a row whose productId is a GTIN in another spelling, and refuses one written like a GTIN that is none', async () => {
    const { header, row } = await batteryRows();
    const gtin13 = newGtin13();
    const csv = [csvLine(header), csvLine(row(`(01)0${gtin13}`)), csvLine(row('123456789012345678'))].join(
      '\r\n',
    );
    const answer = await upload(Buffer.from(csv), 'spellings.csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('1 passports written, 1 rows refused');
    const table = answer.body.slice(answer.body.indexOf('id="sheet-problems"'));
    expect(table).toContain('<code>productId</code></td><td>123456789012345678</td>');
    const written = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/0${gtin13}`,
      headers: bearer(workspace.token),
    });
    expect(written.statusCode, written.body).toBe(200);
    const refused = await app.inject({
      method: 'GET',
      url: '/api/v1/passports/123456789012345678',
      headers: bearer(workspace.token),
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
