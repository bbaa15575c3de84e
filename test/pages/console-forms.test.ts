// Passport forms of the console in a real Chromium, in German: a passport created from the form
// generated from its category schema, refused first with the validator's German messages beside
// the fields, then corrected and created; edited; its owner, grant-holder and public tiers side by
// side; its label and QR code downloaded (the QR code read back by ZBar). axe-core on every page,
// and the pages at desktop and phone width.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/core/i18n.ts';
import { tierDifferences } from '../../src/domain/passports/tier-differences.ts';
import { tierView } from '../../src/domain/passports/tier-view.ts';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { addMember } from '../helpers/console.ts';
import { axeFindings, keepScreenshot, signInThroughForm, watchedPage } from '../helpers/console-browser.ts';
import { createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const run = promisify(execFile);

describe('passport forms in Chromium', () => {
  const app = useTestApp();
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  let passportId = '';
  let batteryId = '';
  const gtin = newGtin13();
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'ada@example.com');
    await createOperator(app, workspace);
    // A battery model whose example holds fields for each tier.
    batteryId = (await createPassport(app, workspace.token)).id;
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function fresh(viewport = DESKTOP) {
    const watched = await watchedPage(browser, { viewport, locale: 'de-DE', acceptDownloads: true });
    contexts.push(watched.page.context());
    await signInThroughForm(watched.page, base, workspace.subdomain, 'ada@example.com');
    return watched;
  }

  const axeViolations = (page: Page) => axeFindings(browser, base, page);

  const screenshot = keepScreenshot;

  /** Submits the passport form with its first button and answers the status of the POST. */
  async function submit(page: Page) {
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.click('form.passport-form button.primary >> nth=0'),
    ]);
    await page.waitForLoadState('domcontentloaded');
    return answer.status();
  }

  const field = (pointer: string) => `[name="${pointer}"]`;
  const errorBeside = (page: Page, id: string) => page.locator(`[id="${id}-error"]`).innerText();

  it('creates a passport: refused with German messages beside the fields, then corrected', async () => {
    const { page, problems } = await fresh();
    await page.goto(`${base}/console/passports`);
    await page.click('main >> text=Neuer Pass');
    await page.selectOption('#category', 'textiles');
    await page.click('text=Weiter');
    await page.waitForURL((url) => url.searchParams.has('category'));
    expect(new URL(page.url()).searchParams.get('category')).toBe('textiles');
    // The start page offers the example, a copy and uploads; this test fills the whole form.
    await page.goto(`${base}/console/passports/new?category=textiles&start=form`);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'passport-new-desktop');

    await page.fill(field('/productId'), gtin);
    await page.selectOption(field('/originCountry'), 'PT');
    await page.fill(field('/metadata/productInformation/productName'), 'Wollschal');
    await page.selectOption(field('/metadata/fibreComposition/0/fibre'), 'WOOL');
    await page.fill(field('/metadata/fibreComposition/0/share'), '150');
    await page.selectOption(field('/metadata/careInstructions/washing'), 'WASH_30');
    expect(await submit(page)).toBe(400);
    expect(await errorBeside(page, 'f.metadata.productInformation.productType')).toContain(
      'fehlt: bitte ausfüllen',
    );
    expect(await errorBeside(page, 'f.metadata.fibreComposition.0.share')).toMatch(/muss .*100/);
    expect(await page.locator('[role=alert]').innerText()).toContain('nicht gespeichert');
    // What was typed is still there.
    expect(await page.inputValue(field('/metadata/productInformation/productName'))).toBe('Wollschal');
    expect(await page.inputValue(field('/metadata/fibreComposition/0/share'))).toBe('150');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'passport-form-errors-desktop');

    await page.fill(field('/metadata/productInformation/productType'), 'Schal');
    await page.fill(field('/metadata/fibreComposition/0/share'), '100');
    expect(await submit(page)).toBe(303);
    const path = new URL(page.url()).pathname;
    expect(path).toMatch(/^\/console\/passports\/[0-9a-f-]{36}$/);
    passportId = path.split('/').at(-1) as string;
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passportId}`,
      headers: bearer(workspace.token),
    });
    expect(read.json().metadata).toEqual({
      productInformation: { productName: 'Wollschal', productType: 'Schal' },
      fibreComposition: [{ fibre: 'WOOL', share: 100 }],
      careInstructions: { washing: 'WASH_30' },
    });
    // Chromium logs the refused form's 400 as a failed load; nothing else may appear.
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
    expect(problems).toHaveLength(1);
  });

  it('edits the passport, filled in, with a reason kept in its history', async () => {
    const { page, problems } = await fresh();
    await page.goto(`${base}/console/passports/${passportId}`);
    await page.click('text=Diesen Pass bearbeiten');
    // The form opens at its first section; the whole form is one link away.
    await page.goto(`${base}/console/passports/${passportId}/edit?section=all`);
    expect(await page.inputValue(field('/metadata/productInformation/productName'))).toBe('Wollschal');
    expect(await page.inputValue(field('/metadata/fibreComposition/0/fibre'))).toBe('WOOL');
    await page.fill(field('/metadata/productInformation/productName'), 'Wollschal Classic');
    await page.selectOption(field('/metadata/fibreComposition/0/recycled'), 'true');
    await page.fill(field('/changeReason'), 'Name korrigiert');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'passport-edit-desktop');
    expect(await submit(page)).toBe(303);
    expect(new URL(page.url()).pathname).toBe(`/console/passports/${passportId}`);
    expect(await page.locator('[role=status]').innerText()).toBe(
      'Erledigt: Die Änderungen wurden gespeichert.',
    );
    // The passport is named by its product everywhere in the console.
    expect(await page.locator('h1').innerText()).toBe('Wollschal Classic');
    const history = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passportId}/history`,
      headers: bearer(workspace.token),
    });
    expect(history.json().versions[0].changeReason).toBe('Name korrigiert');
    expect(problems).toEqual([]);
  });

  it('shows each tier as the public page does, and what the public does not see, as the tier view computes it', async () => {
    const { page } = await fresh();
    const owner = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/passports/${batteryId}`,
        headers: bearer(workspace.token),
      })
    ).json();
    const expected = tierDifferences(owner, `https://example.test/request-access/${batteryId}`);
    const seen = (tier: string) => expected.filter((row) => row.seenBy.includes(tier as never)).length;
    // An authority sees more than a legitimate-interest holder; the owner sees everything.
    expect(seen('authority')).toBeGreaterThan(seen('legitimate-interest'));
    expect(seen('owner')).toBe(expected.length);
    await page.goto(`${base}/console/passports/${batteryId}`);
    await page.click('#differences ~ details > summary');
    expect(await page.locator('#differences ~ details table tbody tr').count()).toBe(expected.length);
    expect(await page.locator('main pre').count()).toBe(0);
    for (const tier of ['authority', 'legitimate-interest', 'public'] as const) {
      await page.goto(`${base}/console/passports/${batteryId}?tier=${tier}`);
      expect(await page.locator('#tier-view + nav [aria-current=page]').innerText()).toBe(
        t('de', `passportPage.tiers.${tier}`),
      );
      // The tier's data as the public page's partial renders it, in sections that fold.
      const view = tierView(owner, tier, { requestAccessUrl: 'https://example.test' });
      expect(await page.locator('.public-data details').count()).toBe(
        Object.values(view.metadata as Record<string, unknown>).filter((value) => typeof value === 'object')
          .length,
      );
      expect(await axeViolations(page)).toEqual([]);
    }
    await screenshot(page, 'passport-tiers-desktop');
  });

  it('downloads the label and the QR code, which reads back as the passport link', async () => {
    const { page } = await fresh();
    await page.goto(`${base}/console/passports/${passportId}`);
    const [label] = await Promise.all([page.waitForEvent('download'), page.click('#label-download')]);
    expect(label.suggestedFilename()).toBe(`label-${passportId}.zip`);
    const zip = await readFile((await label.path()) as string);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes('manifest.csv')).toBe(true);
    const [qr] = await Promise.all([page.waitForEvent('download'), page.click('#qr-png')]);
    const png = (await qr.path()) as string;
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', png]);
    expect(stdout.trim()).toContain(`/01/0${gtin}`);
  });

  it('fits a phone: no sideways scrolling, and axe-core clean', async () => {
    const { page } = await fresh(PHONE);
    for (const [path, name] of [
      ['/console/passports/new', 'passport-new'],
      ['/console/passports/new?category=batteries', 'passport-form-batteries'],
      [`/console/passports/${passportId}/edit`, 'passport-edit'],
      [`/console/passports/${batteryId}`, 'passport-tiers'],
    ] as const) {
      await page.goto(`${base}${path}`);
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      expect(await axeViolations(page), path).toEqual([]);
      await screenshot(page, `${name}-phone`);
    }
    // A refused form: the messages beside the fields fit the phone too.
    await page.goto(`${base}/console/passports/new?category=textiles&start=form`);
    await page.fill(field('/productId'), 'not a product id!');
    expect(await submit(page)).toBe(400);
    expect(await page.locator('.field-error').count()).toBeGreaterThan(1);
    expect(
      await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'),
    ).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'passport-form-errors-phone');
  });
});
