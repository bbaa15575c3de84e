// The spreadsheet import in a real Chromium, at desktop and phone width, in English and German: the
// template downloaded from the page, filled in as a member would (the example row replaced, a second
// product added, one refused), uploaded, its preview (each problem at its cell), the drafts created
// and linked from the report, which survives a reload; a passport's exports downloaded from its page;
// and a refused file. Every page clean for axe-core.
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/app.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { axeFindings, keepScreenshot, signInThroughForm, watchedPage } from '../helpers/console-browser.ts';
import { uploadFixture } from '../helpers/console-uploads.ts';
import { newGtin13 } from '../helpers/passports.ts';
import { sheetXml, xlsxWithSheet } from '../helpers/xlsx-files.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

describe('the import pages in Chromium', () => {
  const fixture = uploadFixture();
  let browser: Browser;
  let base: string;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    base = await serveForBrowser(fixture.app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function importPage(viewport: typeof DESKTOP, locale: string) {
    // Chromium logs the 400 of a refused file as an error; nothing else may be.
    const watched = await watchedPage(browser, { viewport, locale, acceptDownloads: true }, (text) =>
      text.includes('status of 400'),
    );
    contexts.push(watched.page.context());
    await signInThroughForm(watched.page, base, fixture.workspace.subdomain, 'ada@example.com');
    await watched.page.goto(`${base}/console/passports/import?category=batteries`);
    return watched;
  }

  async function downloaded(page: Page, link: string): Promise<{ name: string; bytes: Buffer }> {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(link)]);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>)
      chunks.push(chunk);
    return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
  }

  async function send(page: Page, name: string, buffer: Buffer) {
    await page.setInputFiles('#sheet-file', { name, mimeType: 'application/octet-stream', buffer });
    await Promise.all([page.waitForLoadState('domcontentloaded'), page.click('form.stack button.primary')]);
    await page.waitForSelector('main h1');
  }

  /** The template as a member fills it: the example replaced by a product, a second one refused. */
  async function filled(
    template: Buffer,
    good: string,
    bad: string,
  ): Promise<{ bytes: Buffer; badCell: string }> {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const paths = (sheet.getRow(2).values as unknown[]).slice(1).map(String);
    const example = sheet.getRow(3).values as ExcelJS.CellValue[];
    sheet.getCell('A3').value = good;
    const second = sheet.getRow(4);
    second.values = [...example];
    second.getCell(1).value = bad;
    const capacity = paths.indexOf('performance.ratedCapacity') + 1;
    second.getCell(capacity).value = 'lots';
    return {
      bytes: Buffer.from(await book.xlsx.writeBuffer()),
      badCell: `${sheet.getColumn(capacity).letter}4`,
    };
  }

  it.each([
    ['desktop', DESKTOP, 'en'],
    ['phone', PHONE, 'de'],
  ] as const)('template, preview, drafts and exports at %s width (%s)', async (width, viewport, locale) => {
    const { page, problems } = await importPage(viewport, locale);
    expect(await axeFindings(browser, base, page, 'all'), width).toEqual([]);
    const template = await downloaded(page, '#template-xlsx');
    expect(template.name).toBe('passports-batteries.xlsx');
    const good = newGtin13();
    const bad = newGtin13();
    const { bytes, badCell } = await filled(template.bytes, good, bad);

    await send(page, 'passports.xlsx', bytes);
    expect(page.url()).toMatch(/\/console\/passports\/import\/[0-9a-f-]{36}$/);
    const counts =
      locale === 'de'
        ? '2 Zeilen: 1 neue Pässe, 0 Aktualisierungen, 1 Zeilen abgelehnt'
        : '2 rows: 1 new passports, 0 updates, 1 rows refused';
    expect(await page.locator('#outcome-title').innerText()).toBe(counts);
    expect(await page.locator('#sheet-rows').innerText()).toContain(badCell);
    expect(await axeFindings(browser, base, page, 'all'), width).toEqual([]);
    await keepScreenshot(page, `import-preview-${width}`);

    await Promise.all([page.waitForLoadState('domcontentloaded'), page.click('#confirm-import')]);
    await page.waitForSelector('#sheet-written');
    expect(await page.locator('#sheet-written a').innerText()).toBe(good);
    await page.reload();
    expect(await page.locator('#sheet-written a').innerText()).toBe(good);
    expect(await page.locator('#confirm-import').count()).toBe(0);
    expect(await axeFindings(browser, base, page, 'all'), width).toEqual([]);
    await keepScreenshot(page, `import-report-${width}`);
    const stored = await fixture.app.inject({
      method: 'GET',
      url: `/api/v1/passports/${good}`,
      headers: bearer(fixture.workspace.token),
    });
    expect(stored.json().status).toBe('DRAFT');

    // The draft's page offers it as JSON, as an AAS environment and as a spreadsheet row.
    await Promise.all([page.waitForLoadState('domcontentloaded'), page.click('#sheet-written a')]);
    await page.waitForSelector('#export-json');
    expect(await axeFindings(browser, base, page, 'all'), width).toEqual([]);
    const json = await downloaded(page, '#export-json');
    expect(JSON.parse(json.bytes.toString()).productId).toBe(stored.json().productId);
    const aas = await downloaded(page, '#export-aas');
    expect(aas.name).toMatch(/\.aas\.json$/);
    expect(JSON.parse(aas.bytes.toString()).assetAdministrationShells).toHaveLength(1);
    const row = await downloaded(page, '#export-xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(row.bytes as unknown as ArrayBuffer);
    expect(String(book.worksheets[0]?.getCell('A3').value)).toBe(stored.json().productId);

    // A hostile file is refused on the import form, which stays clean too.
    await page.goto(`${base}/console/passports/import?category=batteries`);
    const wide = await xlsxWithSheet(sheetXml({ XFD1: 'productId', A1000: good }, 'A1:XFD1000'));
    await send(page, 'wide.xlsx', wide);
    expect(await page.locator('main p.error').innerText()).toContain('XFD1000');
    expect(await axeFindings(browser, base, page, 'all'), width).toEqual([]);
    expect(problems, width).toEqual([]);
  });
});
