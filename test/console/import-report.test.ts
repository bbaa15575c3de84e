// An import's preview and report tell the truth row by row: every refusal the API can give, body
// hygiene included, lands on its spreadsheet row and cell with its product identifier, and "written"
// counts only the passports that exist afterwards, each linked to its page. (Rows the API refused by
// index once read as written: "1 passports written, 0 rows refused" for a product that answered
// 404.) The sheets here have the earlier layout, one header row and lists as JSON, still read.
import { describe, expect, it } from 'vitest';
import { categorySchemas } from '../../src/domain/categories/schemas/index.ts';
import { exampleMetadata } from '../../src/domain/passports/samples.ts';
import { csvLine, sheetLayout } from '../../src/domain/passports/sheet.ts';
import { columnLetters } from '../../src/domain/passports/sheet-columns.ts';
import { bearer, createWorkspace } from '../helpers/app.ts';
import { importSheet, uploadFixture } from '../helpers/console-uploads.ts';
import { batteryMetadata, createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { sheetRow } from '../helpers/sheets.ts';

describe('the import report', () => {
  const fixture = uploadFixture();
  const header = sheetLayout(categorySchemas.batteries, exampleMetadata('batteries')).legacy;
  const cell = (column: string, row: number) => `${columnLetters(header.indexOf(column))}${row}`;

  const row = (productId: string, change: Record<string, string> = {}) =>
    sheetRow(header, batteryMetadata(), { productId, 'generalInformation.productIdentifier': '' }, change);
  /** The last page of the import: the report when rows could be sent, else the preview. */
  const importCsv = async (rows: string[][]) => {
    const bytes = [header, ...rows].map(csvLine).join('\r\n');
    const done = await importSheet(fixture.app, fixture.member, 'batteries', { name: 'sheet.csv', bytes });
    return done.report ?? done.preview;
  };
  const read = (productId: string) =>
    fixture.app.inject({
      method: 'GET',
      url: `/api/v1/passports/${productId}`,
      headers: bearer(fixture.workspace.token),
    });
  /** The table's problems: each as [row, productId, cell, column, message]. */
  const problemsOf = (html: string) =>
    [
      ...html.matchAll(
        /<tr><th scope="row">(\d+)<\/th><td>([^<]*)<\/td><td>[^<]*<\/td><td>([^<]*)<\/td><td>(?:<code>([^<]*)<\/code>)?<\/td><td>[^<]*<\/td><td>([^<]+)<\/td><\/tr>/g,
      ),
    ].map(([, number, productId, at, column, message]) => [
      Number(number),
      productId,
      at,
      column ?? '',
      message,
    ]);

  it('maps each hostile row to its sheet row and never counts it as written', async () => {
    const good = newGtin13();
    const hostile = {
      bidi: newGtin13(),
      nul: newGtin13(),
      proto: newGtin13(),
      deep: newGtin13(),
      surrogate: newGtin13(),
    };
    const model = 'generalInformation.batteryModel';
    const list = 'materialComposition.criticalRawMaterials';
    const deep = `${'['.repeat(40)}"x"${']'.repeat(40)}`;
    const answer = await importCsv([
      row(good),
      header.map(() => ''),
      row(hostile.bidi, { [model]: 'VC\u202Egnp.exe' }),
      row(hostile.nul, { [model]: 'VC\u0000300' }),
      row(hostile.proto, { [list]: '[{"__proto__":{"admin":true}}]' }),
      row(hostile.deep, { [list]: deep }),
      row(hostile.surrogate, { [list]: '["\\ud800"]' }),
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain('1 passports written, 5 rows refused');
    const problems = problemsOf(answer.body);
    expect(problems).toEqual([
      [4, hostile.bidi, cell(model, 4), model, expect.stringContaining('reverses the direction of the text')],
      [5, hostile.nul, cell(model, 5), model, expect.stringContaining('NUL character')],
      [6, hostile.proto, cell(list, 6), list, expect.stringContaining('__proto__ is not accepted')],
      [7, hostile.deep, cell(list, 7), list, expect.stringContaining('nests deeper than 32 levels')],
      [8, hostile.surrogate, cell(list, 8), list, expect.stringContaining('broken character')],
    ]);
    for (const productId of Object.values(hostile)) expect((await read(productId)).statusCode).toBe(404);
    const written = await read(good);
    expect(written.statusCode).toBe(200);
    const links = /<p id="sheet-written">([\s\S]*?)<\/p>/.exec(answer.body)?.[1] ?? '';
    expect(links).toContain(`<a href="/console/passports/${written.json().id}">${good}</a>`);
  });

  it('maps a refusal only the API knows to its row, by index, with the reason alone', async () => {
    const elsewhere = await createWorkspace(fixture.app, 'enterprise');
    await createOperator(fixture.app, elsewhere);
    const held = await createPassport(fixture.app, elsewhere.token);
    const fresh = newGtin13();
    const answer = await importCsv([row(fresh), row(fresh), row(held.productId)]);
    expect(answer.statusCode, answer.body).toBe(200);
    // The same product twice: the second row updates what the first wrote, so both are written.
    expect(answer.body).toContain('2 passports written, 1 rows refused');
    const problems = problemsOf(answer.body);
    expect(problems).toEqual([[4, held.productId, '4', '', expect.stringMatching(/^(?!\[)/)]]);
    expect(problems[0]?.[4]).toContain(held.productId);
    expect((await read(held.productId)).statusCode).toBe(404);
  });

  it('offers nothing to confirm, and writes nothing, when every row is refused', async () => {
    const bad = newGtin13();
    const answer = await importCsv([row(bad, { 'generalInformation.batteryModel': 'x\u2066y' })]);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('1 rows: 0 new passports, 0 updates, 1 rows refused');
    expect(answer.body).not.toContain('id="confirm-import"');
    expect(answer.body).not.toContain('id="sheet-written"');
    expect((await read(bad)).statusCode).toBe(404);
  });
});
