// A label for every battery, in Chromium: a unit's page names its model and offers its QR code (PNG,
// SVG) and label (PDF, SVG), each read back by ZBar as the unit's Digital Link (the PDF drawn by
// Ghostscript first); the passport's units list and the serialisation result offer the labels of
// the chosen or just made units as a ZIP. Beside them: the passport's SVG link, the only facility
// preselected, version 1's author, the activity table on a phone, and webhook targets that explain
// themselves. axe-core on every page (the refusals included), at desktop and phone width, in English
// and German.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { readZip } from '../helpers/carriers.ts';
import { addMember } from '../helpers/console.ts';
import { axeFindings, keepScreenshot, signInThroughForm, watchedPage } from '../helpers/console-browser.ts';
import { batteryMetadata, createFacility, createOperator, createPassport } from '../helpers/passports.ts';
import { createUnit } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const MODEL = 'VoltCell VC-300 LFP 48V';
const run = promisify(execFile);

/** What ZBar reads from an image file: the QR code's text. */
async function decoded(file: string) {
  const { stdout } = await run('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', file]);
  return stdout.trim();
}

/** What ZBar reads from a PDF label, drawn to PNG by Ghostscript at 300 dpi. */
async function decodedPdf(pdf: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'label-'));
  await writeFile(join(dir, 'label.pdf'), pdf);
  await run('gs', [
    '-q',
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-sDEVICE=pnggray',
    '-r300',
    `-sOutputFile=${join(dir, 'label.png')}`,
    join(dir, 'label.pdf'),
  ]);
  return decoded(join(dir, 'label.png'));
}

describe('labels per battery, and the console posts that follow post/redirect/get, in Chromium', () => {
  const app = useTestApp();
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  let units: Array<{ id: string; serialNumber: string; digitalLinkUri: string }>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'anna@example.com');
    await createOperator(app, workspace);
    await createFacility(app, workspace);
    const metadata = batteryMetadata() as { generalInformation: Record<string, unknown> };
    metadata.generalInformation.batteryModel = MODEL;
    passport = await createPassport(app, workspace.token, { metadata });
    units = [];
    for (let index = 0; index < 3; index++)
      units.push((await createUnit(app, workspace.token, passport.id)) as (typeof units)[number]);
    // A second version, so that the first one's row names who made it.
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${passport.id}/status`,
      headers: bearer(workspace.token),
      payload: { status: 'DECOMMISSIONED', reason: 'end of the series' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function signedIn(viewport = DESKTOP, locale = 'en-GB') {
    // Chromium logs each 4xx document it loads; the refusals below are on purpose.
    const watched = await watchedPage(browser, { viewport, locale }, (text) =>
      text.includes('status of 400'),
    );
    contexts.push(watched.page.context());
    await signInThroughForm(watched.page, base, workspace.subdomain, 'anna@example.com');
    return watched;
  }
  const axeViolations = (page: Page) => axeFindings(browser, base, page, 'all');
  const download = async (page: Page, selector: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
    return { path: (await file.path()) as string, name: file.suggestedFilename() };
  };
  const fitsWidth = (page: Page) =>
    page.evaluate<boolean>('document.documentElement.scrollWidth <= document.documentElement.clientWidth');

  it("names the unit's model and offers its QR code and label, each reading back as the unit's link", async () => {
    const { page, problems } = await signedIn();
    const [unit] = units as [(typeof units)[number]];
    await page.goto(`${base}/console/units/${unit.id}`);
    const facts = await page.locator('dl.facts').innerText();
    expect(facts).toContain(MODEL);
    expect(facts).toContain(passport.productId);
    expect(await decoded((await download(page, '#unit-qr-png')).path)).toBe(unit.digitalLinkUri);
    const svg = await readFile((await download(page, '#unit-qr-svg')).path, 'utf8');
    expect(svg).toContain('<svg');
    const pdf = await download(page, '#unit-label-pdf');
    expect(pdf.name).toBe(`label-unit-${unit.id}.pdf`);
    const pdfBytes = await readFile(pdf.path);
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await decodedPdf(pdfBytes)).toBe(unit.digitalLinkUri);
    const label = await readFile((await download(page, '#unit-label-svg')).path, 'utf8');
    expect(label).toContain('<svg');
    expect(label).toContain(unit.serialNumber);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'unit-labels-desktop');
    await page.setViewportSize(PHONE);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'unit-labels-phone');
    expect(problems).toEqual([]);
  });

  it("names the model on the unit's public page", async () => {
    const [unit] = units as [(typeof units)[number]];
    const publicPage = await app.inject({
      method: 'GET',
      url: `/unit/${unit.id}`,
      headers: { accept: 'text/html' },
    });
    expect(publicPage.statusCode).toBe(200);
    expect(publicPage.body).toContain(`>${MODEL}</a> <code>${passport.productId}</code>`);
  });

  it('downloads the labels of the units chosen on the passport, in German, and says when none was chosen', async () => {
    const { page, problems } = await signedIn(PHONE, 'de-DE');
    await page.goto(`${base}/console/passports/${passport.id}`);
    const [first, , third] = units as [(typeof units)[number], unknown, (typeof units)[number]];
    await page.check(`#pick-${first.id}`);
    await page.check(`#pick-${third.id}`);
    expect(await axeViolations(page)).toEqual([]);
    const zip = readZip(
      await readFile(
        (await download(page, 'text=Etiketten der ausgewählten Einheiten herunterladen (ZIP)')).path,
      ),
    );
    expect([...zip.keys()].sort()).toEqual(
      [
        'manifest.csv',
        `unit-${first.id}.pdf`,
        `unit-${first.id}.svg`,
        `unit-${third.id}.pdf`,
        `unit-${third.id}.svg`,
      ].sort(),
    );
    expect(await decodedPdf(zip.get(`unit-${third.id}.pdf`) as Buffer)).toBe(third.digitalLinkUri);
    // Nothing chosen: the page says what to do, in German, and is axe-clean too.
    const answer = await page.goto(`${base}/console/units/labels`);
    expect(answer?.status()).toBe(400);
    expect(await page.locator('main').innerText()).toContain('Keine Einheit ausgewählt');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('serialises onto a result page that survives a reload and offers the labels of the units made', async () => {
    const { page, problems } = await signedIn(DESKTOP, 'de-DE');
    await page.goto(`${base}/console/passports/${passport.id}`);
    expect(await page.locator('#csv-statuses').innerText()).toContain('Zulässige Status einer Einheit');
    await page.fill('#csv', 'serialNumber,status\nLBL-1\nLBL-2,ACTIVE\nLBL-3,RECALLED\n');
    await Promise.all([
      page.waitForURL(/\/console\/serialisations\/[0-9a-f-]{36}$/),
      page.click('form[action$="/units"] button[type=submit]'),
    ]);
    const check = async () => {
      const title = await page.locator('#serialised-title').innerText();
      expect(title).toContain('2 von 3 Einheiten angelegt.');
      expect(title).toContain('Nicht angelegte Zeilen: 1');
      expect(await page.locator('#row-errors tbody').innerText()).toContain(
        'ACTIVE ist kein Status einer Einheit',
      );
    };
    await check();
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await check();
    const zip = readZip(await readFile((await download(page, 'a.labels-zip')).path));
    const manifest = (zip.get('manifest.csv') as Buffer).toString('utf8');
    expect(manifest).toContain('LBL-1');
    expect(manifest).toContain('LBL-3');
    expect(manifest).not.toContain('LBL-2');
    expect([...zip.keys()].filter((name) => name.endsWith('.pdf'))).toHaveLength(2);
    await page.setViewportSize(PHONE);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'serialised-result-phone');
    // Another workspace's result is not found.
    const other = await createWorkspace(app, 'enterprise');
    await addMember(app, other, 'anna@example.com');
    const { page: stranger } = await watchedPage(browser, { viewport: DESKTOP }, () => true);
    contexts.push(stranger.context());
    await signInThroughForm(stranger, base, other.subdomain, 'anna@example.com');
    const foreign = await stranger.goto(page.url());
    expect(foreign?.status()).toBe(404);
    expect(await axeViolations(stranger)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("gives an SVG for the passport's SVG link, names version 1's author, preselects the only facility", async () => {
    const { page, problems } = await signedIn();
    await page.goto(`${base}/console/passports/${passport.id}`);
    const svg = await readFile((await download(page, '#qr-svg')).path, 'utf8');
    expect(svg).toContain('<svg');
    const rows = await page.locator('table:has(th:text("Changed by")) tbody tr').allInnerTexts();
    const first = rows.find((row) => row.startsWith('1\t'));
    expect(first).toMatch(/API key /);
    await page.goto(`${base}/console/passports/new?category=batteries`);
    const facility = await page.locator('select[name="/facilityId"]').inputValue();
    expect(facility).toMatch(/^[0-9a-f-]{36}$/);
    expect(problems).toEqual([]);
  });

  it('scrolls the activity table on a phone instead of cutting it off', async () => {
    const { page, problems } = await signedIn(PHONE);
    await page.goto(`${base}/console/`);
    expect(await fitsWidth(page)).toBe(true);
    // The region scrolls sideways, stays inside the screen, and reaches every cell of its table.
    const fits = await page.evaluate<{
      overflow: string;
      inside: boolean;
      reach: boolean;
      whole: boolean;
    }>(`(() => {
      const region = document.querySelector('[aria-labelledby="activity-title"]');
      const table = region.querySelector('table');
      return {
        overflow: getComputedStyle(region).overflowX,
        inside: region.getBoundingClientRect().right <= document.documentElement.clientWidth,
        reach: table.getBoundingClientRect().width <= region.scrollWidth + 1,
        // Its cells wrap (an email, an action name) so that on a phone the whole table is in sight.
        whole: region.scrollWidth <= region.clientWidth + 1,
      };
    })()`);
    expect(fits).toEqual({ overflow: 'auto', inside: true, reach: true, whole: true });
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'overview-activity-phone');
    expect(problems).toEqual([]);
  });

  it('places a webhook refusal at its field, naming the setting, and saves a host that does not resolve yet', async () => {
    for (const [locale, setting, saved] of [
      ['en-GB', 'The subscription was not saved', 'does not resolve now'],
      ['de-DE', 'Das Abonnement wurde nicht gespeichert', 'lässt sich derzeit nicht auflösen'],
    ] as const) {
      const { page, problems } = await signedIn(PHONE, locale);
      await page.goto(`${base}/console/webhooks`);
      await page.fill('#url', 'https://127.0.0.1/hooks');
      await page.check('input[name=events][value="*"]');
      await page.click('form[action="/console/webhooks"] button[type=submit]');
      expect(await page.locator('main').innerText()).toContain(setting);
      expect(await page.getAttribute('#url', 'aria-invalid')).toBe('true');
      const atField = await page.locator('#url-error').innerText();
      expect(atField).toContain('which is not public');
      expect(atField).toContain('WEBHOOK_ALLOW_INSECURE_TARGETS');
      expect(await page.inputValue('#url')).toBe('https://127.0.0.1/hooks');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.fill('#url', `https://erp-${locale}.example.invalid/hooks`);
      await page.click('form[action="/console/webhooks"] button[type=submit]');
      // Saved: the answer is the next page, which takes its time on a busy machine.
      await page.locator('#new-secret').waitFor({ timeout: WAIT_BUDGET_MS });
      expect(await page.locator('#new-secret').count()).toBe(1);
      expect(await page.locator('#unresolved').innerText()).toContain(saved);
      await page.click('#secret-title ~ p a');
      expect(await page.locator('#unresolved').innerText()).toContain(saved);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    }
  });
});
