// Every page a person reaches by scanning, as served by the node and opened in Chromium at phone
// width, in English and German: the passport page (public, and read with a collected grant), the
// unit page (its readings withheld from the public), a recycled unit's page, the request-access form,
// its confirmation, status and token pages, a request for an unknown passport, and the vocabulary.
// axe-core finds no violation of any impact, nothing scrolls sideways, the browser logs no error,
// and every page carries the same header and footer.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Lang, t } from '../../src/core/i18n.ts';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, newContext, serveForBrowser } from '../helpers/browser.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { appendBulk, appendEvent, createUnit } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);
const PHONE = { width: 390, height: 844 };
const LANGS = ['en', 'de'] as const;
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Opened {
  page: Page;
  problems: string[];
}

describe('public pages in Chromium', () => {
  // The node's public address is the one the browser reaches, so its own links can be followed.
  const app = useTestApp({ env: { PUBLIC_BASE_URL: 'http://127.0.0.1' } });
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  let unitId: string;
  let recycledId: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    passport = await createPassport(app, workspace.token);
    const unit = await createUnit(app, workspace.token, passport.id, {
      manufacturedAt: '2025-01-15T08:00:00Z',
    });
    unitId = unit.id;
    const events = Array.from({ length: 3 }, (_, i) => ({
      eventType: 'SOH_MEASUREMENT',
      stateOfHealth: 99 - i,
      cycleCount: i * 50,
      recordedAt: new Date(Date.UTC(2025, 2 + i, 1)).toISOString(),
    }));
    expect((await appendBulk(app, workspace.token, unitId, { events })).statusCode).toBe(201);
    const recycled = await createUnit(app, workspace.token, passport.id);
    recycledId = recycled.id;
    await appendEvent(app, workspace.token, recycledId, { eventType: 'STATUS_CHANGE', status: 'RECYCLED' });
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  /** A page in a fresh phone-sized context; the policy is bypassed only so that axe-core can run. */
  async function open(path: string, lang: string, width = PHONE.width): Promise<Opened> {
    const context = await newContext(browser, {
      viewport: { width, height: PHONE.height },
      extraHTTPHeaders: { 'accept-language': lang },
      bypassCSP: true,
    });
    contexts.push(context);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // A 404 or 410 page is logged by the browser as a failed load of the document itself.
      const own = /status of 4\d\d/.test(message.text()) && !message.location().url.includes('favicon');
      if (message.type() === 'error' && !own) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(base) && !request.url().startsWith('data:'))
        problems.push(`outside request ${request.url()}`);
    });
    await page.goto(`${base}${path}`);
    return { page, problems };
  }

  /** Every axe-core violation, whatever its impact, as `rule (count)`. */
  async function violations(page: Page): Promise<string[]> {
    await page.addScriptTag({ content: axeSource });
    const found = await page.evaluate<{ id: string; count: number; impact: string | null }[]>(
      `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, count: v.nodes.length })))`,
    );
    return found.map((v) => `${v.id} ${v.impact} (${v.count})`);
  }

  /** The checks every public page passes, and a screenshot for review. */
  async function judge({ page, problems }: Opened, name: string, lang: Lang) {
    expect(await page.getAttribute('html', 'lang'), name).toBe(lang);
    expect(await violations(page), name).toEqual([]);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow, name).toBeLessThanOrEqual(0);
    // One header and one footer, the same partials on every page.
    expect(await page.locator('body > header.site').count(), name).toBe(1);
    expect(await page.locator('body > footer.site').count(), name).toBe(1);
    expect(await page.locator('header.site .kicker').innerText(), name).toBe(t(lang, 'passportPage.kicker'));
    await page.screenshot({
      path: new URL(`public-${name}-${lang}-390.png`, ARTIFACTS).pathname,
      fullPage: true,
    });
    expect(problems, name).toEqual([]);
  }

  it.each(LANGS)('passport page (%s): labels, symbols, units on one line, folds, print', async (lang) => {
    const opened = await open(`/passport/${passport.id}`, lang);
    const { page } = opened;
    await judge(opened, 'passport', lang);
    const text = await page.evaluate<string>('document.body.textContent');
    for (const code of ['SEPARATE_COLLECTION', 'CE_MARKING', 'LMT', 'ORIGINAL'])
      expect(text).not.toMatch(new RegExp(`\\b${code}\\b`));
    expect(text).toContain(t(lang, 'value.SEPARATE_COLLECTION'));

    // The battery's label symbols are pictures with their meaning as alternative text.
    const symbols = page.locator('img.symbol');
    expect(await symbols.count()).toBe(2);
    expect(await symbols.first().getAttribute('alt')).toBe(
      'Collect separately; do not dispose of with household waste.',
    );

    // A figure and its unit stay on one line.
    const lines = await page.evaluate<number>(`(() => {
      const value = document.querySelector('[data-figure="carbonFootprint"] .value');
      const range = document.createRange();
      range.selectNodeContents(value);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    })()`);
    expect(lines).toBe(1);

    // The category data folds; every section opens with a click, and all open in print.
    const folds = page.locator('section.data details');
    expect(await folds.count()).toBeGreaterThan(3);
    expect(await page.locator('section.data details[open]').count()).toBe(0);
    const firstValue = page.locator('section.data details').first().locator('dd').first();
    expect(await firstValue.isVisible()).toBe(false);
    await page.locator('section.data summary').first().click();
    expect(await firstValue.isVisible()).toBe(true);
    await page.locator('section.data summary').first().click();
    await page.emulateMedia({ media: 'print' });
    expect(await firstValue.isVisible()).toBe(true);
    expect(await page.locator('section.data details').last().locator('dd').first().isVisible()).toBe(true);
    expect(await page.locator('nav.contents').isVisible()).toBe(false);
  });

  it('measures the battery passport page at 1280 and 390 px, folded and printed', async () => {
    const heights: Record<string, number> = {};
    for (const width of [1280, 390]) {
      const { page } = await open(`/passport/${passport.id}`, 'en', width);
      heights[`${width}`] = await page.evaluate<number>('document.body.scrollHeight');
      await page.emulateMedia({ media: 'print' });
      heights[`${width} print`] = await page.evaluate<number>('document.body.scrollHeight');
    }
    console.info(`battery passport page heights (px): ${JSON.stringify(heights)}`);
    // Folded, the page is a fraction of its printed length, where every section is open.
    expect(heights['390']).toBeLessThan((heights['390 print'] ?? 0) / 2);
    expect(heights['390']).toBeLessThan(4500);
    expect(heights['1280']).toBeLessThan(3000);
  });

  it.each(LANGS)('unit page (%s) says its readings are withheld, not missing', async (lang) => {
    const opened = await open(`/unit/${unitId}`, lang);
    await judge(opened, 'unit', lang);
    const main = await opened.page.locator('main').innerText();
    expect(main).toContain(t(lang, 'unitPage.readingsRestricted'));
    expect(main).not.toContain(t(lang, 'unitPage.noMeasurements'));
    expect(await opened.page.locator('a.request').getAttribute('href')).toContain(
      `/request-access/${passport.id}`,
    );

    // The owner, who sees the readings, gets them rather than the notice.
    const owner = await app.inject({
      method: 'GET',
      url: `/api/v1/units/${unitId}`,
      headers: { ...bearer(workspace.token), accept: 'text/html', 'accept-language': lang },
    });
    expect(owner.body).not.toContain(t(lang, 'unitPage.readingsRestricted'));
    expect(owner.body).toContain('<svg');
  });

  it.each(LANGS)('recycled unit page (%s)', async (lang) => {
    const opened = await open(`/unit/${recycledId}`, lang);
    await judge(opened, 'unit-recycled', lang);
  });

  it.each(LANGS)(
    'request pages (%s): form, sent, status, token, and the passport read with the grant',
    async (lang) => {
      const opened = await open(`/request-access/${passport.id}`, lang);
      const { page } = opened;
      await judge(opened, 'request-form', lang);
      await page.locator('#organisation').fill('Recycling Nord GmbH');
      await page.locator('#role').selectOption('recycler');
      await page.locator('#name').fill('Kim Berger');
      await page.locator('#email').fill('kim@recycling-nord.example');
      await page.locator('#purpose').fill('Dismantling and recycling of the cells');
      await Promise.all([
        page.waitForURL(/\/request-access\//),
        // The request form's own button: the page may also offer to present a credential.
        page.locator('form:has(#purpose) button[type="submit"]').click(),
      ]);
      await judge(opened, 'request-sent', lang);

      const link = new URL((await page.locator('main a').first().getAttribute('href')) as string);
      const requestId = link.pathname.split('/').at(-1) as string;
      await page.goto(`${base}${link.pathname}${link.search}`);
      await judge(opened, 'request-pending', lang);

      const approved = await app.inject({
        method: 'POST',
        url: `/api/v1/grants/${requestId}/approve`,
        headers: bearer(workspace.token),
      });
      expect(approved.statusCode).toBe(200);
      await page.goto(`${base}${link.pathname}${link.search}`);
      await Promise.all([page.waitForURL(/\/collect/), page.locator('button[type="submit"]').click()]);
      await judge(opened, 'request-token', lang);

      // The token page opens the passport with the access just collected.
      const token = await page.locator('#token').innerText();
      const openLink = page.locator('a.open');
      expect(await openLink.innerText()).toBe(t(lang, 'requestAccess.openPassport'));
      expect(await openLink.getAttribute('href')).toBe(
        `/passport/${passport.id}?grant=${encodeURIComponent(token)}&lang=${lang}`,
      );
      await Promise.all([page.waitForURL(/\/passport\//), openLink.click()]);
      await judge(opened, 'passport-granted', lang);
      expect(await page.locator('header.site').innerText()).toContain(
        t(lang, 'passportPage.tiers.legitimate-interest'),
      );
      expect(await page.locator('#restricted').count()).toBe(1);
    },
  );

  it.each(LANGS)('a request for an unknown passport and the vocabulary (%s)', async (lang) => {
    const missing = await open('/request-access/00000000-0000-4000-8000-000000000000', lang);
    await judge(missing, 'request-missing', lang);
    // The vocabulary is written for developers, in English, in the same frame as every public page.
    const vocabulary = await open('/ns/dpp', lang);
    expect(await violations(vocabulary.page)).toEqual([]);
    expect(await vocabulary.page.locator('body > header.site').count()).toBe(1);
    expect(await vocabulary.page.locator('body > footer.site').count()).toBe(1);
    expect(vocabulary.problems).toEqual([]);
  });
});
