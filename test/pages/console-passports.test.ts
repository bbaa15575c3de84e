// The console's everyday passport work in a real Chromium: finding a passport by search and status,
// recalling it with a reason, sealing it, reading what a version changed, opening a unit's page with
// its state-of-health chart, and revoking a key. axe-core on every page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { addMember } from '../helpers/console.ts';
import { axeFindings, keepScreenshot, signInThroughForm, watchedPage } from '../helpers/console-browser.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { appendEvent, createUnit } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';

const DESKTOP = { width: 1280, height: 900 };

describe('passport work in the console, in Chromium', () => {
  const app = useTestApp();
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  let active: { id: string; productId: string };
  let draft: { id: string; productId: string };
  let unit: { id: string; serialNumber: string };
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'grace@example.com');
    await createOperator(app, workspace);
    active = await createPassport(app, workspace.token);
    draft = await createPassport(app, workspace.token, { status: 'DRAFT' });
    unit = await createUnit(app, workspace.token, active.id);
    for (const [day, stateOfHealth] of [
      [1, 99],
      [2, 97],
      [3, 96],
    ] as const) {
      const recorded = await appendEvent(app, workspace.token, unit.id, {
        eventType: 'SOH_MEASUREMENT',
        stateOfHealth,
        cycleCount: day * 10,
        recordedAt: new Date(Date.now() - (4 - day) * 86_400_000).toISOString(),
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
    }
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function signedIn() {
    const watched = await watchedPage(browser, { viewport: DESKTOP, locale: 'en-GB' });
    contexts.push(watched.page.context());
    await signInThroughForm(watched.page, base, workspace.subdomain, 'grace@example.com');
    return watched;
  }

  const axeViolations = (page: Page) => axeFindings(browser, base, page);

  const screenshot = keepScreenshot;

  // The product identifier column (the first names the product).
  const listedProducts = (page: Page) => page.locator('table tbody tr td:nth-child(2)').allInnerTexts();

  it('finds a passport by search and by status', async () => {
    const { page, problems } = await signedIn();
    await page.goto(`${base}/console/passports`);
    await page.fill('#q', active.productId);
    await page.click('form.filters button[type=submit]');
    await page.waitForLoadState('domcontentloaded');
    expect(await listedProducts(page)).toEqual([active.productId]);

    await page.fill('#q', '');
    await page.selectOption('#status', 'DRAFT');
    await page.click('form.filters button[type=submit]');
    await page.waitForLoadState('domcontentloaded');
    expect(await listedProducts(page)).toEqual([draft.productId]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'passports-filtered');
    expect(problems).toEqual([]);
  });

  it('recalls a passport with a reason, seals it, and shows what the recall changed', async () => {
    const { page, problems } = await signedIn();
    await page.goto(`${base}/console/passports/${active.id}`);
    await page.selectOption('#status', 'RECALLED');
    await page.fill('#reason', 'Thermal runaway risk in lot 7');
    await page.click(`form[action="/console/passports/${active.id}/status"] button[type=submit]`);
    await page.waitForLoadState('domcontentloaded');
    // A recall is asked first, on a page of its own; its button posts the same form, confirmed.
    expect(await page.locator('main').innerText()).toContain('Change the status to Recalled?');
    expect(await axeViolations(page)).toEqual([]);
    await page.click(`form[action="/console/passports/${active.id}/status"] button.danger`);
    await page.waitForLoadState('domcontentloaded');
    await expect
      .poll(() => page.locator('main').innerText(), { timeout: WAIT_BUDGET_MS })
      .toContain('the passport is now RECALLED');
    // Post/redirect/get: the page is the passport's own address, so a reload posts nothing again.
    expect(new URL(page.url()).pathname).toBe(`/console/passports/${active.id}`);

    await page.click(`form[action="/console/passports/${active.id}/seal"] button[type=submit]`);
    await page.waitForLoadState('domcontentloaded');
    expect(await page.locator('main').innerText()).toContain('the current version is sealed');
    expect(new URL(page.url()).pathname).toBe(`/console/passports/${active.id}`);
    // The versions table gives each version the change that made it, by the member's email.
    const recallRow = page.locator('tr', { hasText: 'Thermal runaway risk in lot 7' });
    expect(await recallRow.innerText()).toContain('grace@example.com');
    expect(await recallRow.locator('td').first().innerText()).toBe('2');
    const stored = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${active.id}`,
      headers: bearer(workspace.token),
    });
    expect(stored.json()).toMatchObject({ status: 'RECALLED', digitalSeal: expect.any(Object) });

    // Version 1 is the passport before the recall: its comparison names the status it changed.
    await page.click(`a[href="/console/passports/${active.id}/versions/1"]`);
    await page.waitForLoadState('domcontentloaded');
    const rows = await page.locator('table tbody tr').allInnerTexts();
    expect(
      rows.some(
        (row) => row.includes('Lifecycle status') && row.includes('Published') && row.includes('Recalled'),
      ),
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'passport-version-diff');
    expect(problems).toEqual([]);
  });

  it("opens a unit's page from its passport, with the state-of-health chart", async () => {
    const { page, problems } = await signedIn();
    await page.goto(`${base}/console/passports/${active.id}`);
    await page.click(`a[href="/console/units/${unit.id}"]`);
    await page.waitForLoadState('domcontentloaded');
    expect(await page.locator('h1').innerText()).toContain(unit.serialNumber);
    // Inside the console's frame, with the way back to its passport.
    expect(await page.locator('header nav').count()).toBe(1);
    expect(
      await page.locator(`main a[href="/console/passports/${active.id}"]`).count(),
    ).toBeGreaterThanOrEqual(1);
    // One point per measurement in the chart.
    expect(await page.locator('main svg circle').count()).toBe(3);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'unit-chart');
    expect(problems).toEqual([]);
  });

  it('revokes a key, which the API refuses from then on', async () => {
    const created = await createKey(app, workspace, { name: 'CI uploader', role: 'BRAND_OPERATOR' });
    const whoami = () => app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(created.token) });
    expect((await whoami()).statusCode).toBe(200);
    const { page, problems } = await signedIn();
    await page.goto(`${base}/console/keys`);
    await page.click(`form[action="/console/keys/${created.key.id}/revoke"] button[type=submit]`);
    await page.waitForLoadState('domcontentloaded');
    // Asked first: until the confirmation, the key still works.
    expect(await page.locator('main').innerText()).toContain('Revoke the key CI uploader');
    expect((await whoami()).statusCode).toBe(200);
    await page.click(`form[action="/console/keys/${created.key.id}/revoke"] button.danger`);
    await page.waitForLoadState('domcontentloaded');
    expect(await page.locator('#flash').innerText()).toContain('the key was revoked');
    const row = page.locator('tr', { hasText: 'CI uploader' });
    expect(await row.innerText()).toContain('Revoked');
    expect((await whoami()).statusCode).toBe(401);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
