// The spreadsheet import page in a real Chromium, at desktop and phone width: a sheet chosen in the
// file field, its report (a written row linked to its passport, a refused row against its cell) and
// a refused file, each clean for axe-core.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLine, parseCsv } from '../../src/domain/passports/sheet.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { axeFindings, keepScreenshot, signInThroughForm, watchedPage } from '../helpers/console-browser.ts';
import { uploadFixture } from '../helpers/console-uploads.ts';
import { batteryMetadata, newGtin13 } from '../helpers/passports.ts';
import { sheetRow } from '../helpers/sheets.ts';
import { sheetXml, xlsxWithSheet } from '../helpers/xlsx-files.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

describe('the import page in Chromium', () => {
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

  async function importPage(viewport: typeof DESKTOP) {
    // Chromium logs the 400 of a refused file as an error; nothing else may be.
    const watched = await watchedPage(browser, { viewport }, (text) => text.includes('status of 400'));
    contexts.push(watched.page.context());
    await signInThroughForm(watched.page, base, fixture.workspace.subdomain, 'ada@example.com');
    await watched.page.goto(`${base}/console/passports/import?category=batteries`);
    return watched;
  }

  async function send(page: Awaited<ReturnType<typeof importPage>>['page'], name: string, buffer: Buffer) {
    await page.setInputFiles('#sheet-file', { name, mimeType: 'application/octet-stream', buffer });
    await Promise.all([page.waitForLoadState('domcontentloaded'), page.click('form.stack button.primary')]);
    await page.waitForSelector('main h1');
  }

  it('reports a written and a refused row, and refuses a hostile file, at both widths', async () => {
    const template = await fixture.app.inject({
      method: 'GET',
      url: '/console/passports/template?category=batteries&format=csv',
      headers: { cookie: fixture.member.cookie },
    });
    const header = parseCsv(template.body)[0] ?? [];
    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { page, problems } = await importPage(viewport);
      const good = newGtin13();
      const own = { 'generalInformation.productIdentifier': '' };
      const csv = [
        header,
        sheetRow(header, batteryMetadata(), { ...own, productId: good }),
        sheetRow(
          header,
          batteryMetadata(),
          { ...own, productId: newGtin13() },
          {
            'generalInformation.batteryModel': 'VC\u202E300',
          },
        ),
      ]
        .map(csvLine)
        .join('\r\n');
      await send(page, 'passports.csv', Buffer.from(csv));
      expect(await page.locator('#outcome-title').innerText()).toBe('1 passports written, 1 rows refused');
      expect(await page.locator('#sheet-written a').innerText()).toBe(good);
      expect(await page.locator('#sheet-problems tbody th').innerText()).toBe('3');
      expect(await axeFindings(browser, base, page, 'all'), width).toEqual([]);
      await keepScreenshot(page, `import-report-${width}`);

      const wide = await xlsxWithSheet(sheetXml({ XFD1: 'productId', A1000: good }, 'A1:XFD1000'));
      await send(page, 'wide.xlsx', wide);
      expect(await page.locator('main p.error').innerText()).toContain('XFD1000');
      expect(await axeFindings(browser, base, page, 'all'), width).toEqual([]);
      expect(problems, width).toEqual([]);
    }
  });
});
