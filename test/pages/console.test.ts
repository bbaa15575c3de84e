// The console in a real Chromium: sign-in, key creation with its token shown once, TOTP enrolment
// with a code computed here and the sign-in challenge, a forged cookie write refused for want of
// the CSRF token, the 403 on writes where the workspace requires MFA, axe-core on every page, and
// the pages at desktop and phone width.

import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { addMember, PASSWORD } from '../helpers/console.ts';
import { axeFindings, keepScreenshot, watchedPage } from '../helpers/console-browser.ts';
import { createFacility, createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

describe('console in Chromium', () => {
  let offset = 0; // moves the app's clock past a spent TOTP step
  const app = useTestApp(() => ({ clock: () => new Date(Date.now() + offset) }));
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  let passportId: string;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'ada@example.com');
    await addMember(app, workspace, 'eve@example.com');
    const operator = await createOperator(app, workspace);
    await createFacility(app, workspace, { operatorId: operator.id });
    passportId = (await createPassport(app, workspace.token, { operatorId: operator.id })).id;
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function fresh(viewport = DESKTOP, bypassCSP = false) {
    const watched = await watchedPage(browser, { viewport, bypassCSP });
    contexts.push(watched.page.context());
    return watched;
  }

  const axeViolations = (page: Page) => axeFindings(browser, base, page);

  const screenshot = keepScreenshot;

  async function signIn(page: Page, ws: TestWorkspace, email: string) {
    await page.goto(`${base}/console/keys`);
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
    await page.fill('#workspace', ws.subdomain);
    await page.fill('#email', email);
    await page.fill('#password', PASSWORD);
    await page.click('button[type=submit].primary');
    await page.waitForLoadState('domcontentloaded');
  }

  const code = (secret: string) =>
    TOTP.generate({
      secret: Secret.fromBase32(secret),
      timestamp: Date.now() + offset,
      period: 30,
      digits: 6,
    });

  it('signs in and creates a narrowed key whose token is shown once', async () => {
    const { page, problems } = await fresh();
    await page.goto(`${base}/console/sign-in`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'sign-in-desktop');
    await signIn(page, workspace, 'ada@example.com');
    expect(new URL(page.url()).pathname).toBe('/console/');
    expect(await page.locator('main').innerText()).toContain('ada@example.com');

    await page.click('nav >> text=API keys');
    await page.fill('#name', 'Recycling line');
    await page.selectOption('#role', 'RECYCLER');
    await page.check('input[value="battery:read"]');
    await page.check('input[value="battery:write"]');
    await page.fill('#expiresAt', '2099-06-30');
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) => response.url().endsWith('/console/keys') && response.request().method() === 'POST',
      ),
      page.click('text=Create key'),
    ]);
    expect(answer.status()).toBe(201);
    const token = await page.locator('#new-token').innerText();
    expect(token).toMatch(/dpp_token_/);
    expect(await page.locator('tbody').innerText()).toContain('Recycling line');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'keys-desktop');

    const whoami = await app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(whoami.json().auth).toMatchObject({
      role: 'RECYCLER',
      permissions: ['battery:read', 'battery:write'],
    });

    await page.goto(`${base}/console/keys`);
    expect(await page.locator('#new-token').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('fits a phone: no sideways scrolling, and axe-core clean, on every page', async () => {
    const { page } = await fresh(PHONE);
    await signIn(page, workspace, 'ada@example.com');
    const paths = ['/console/keys', '/console/passports', '/console/operators', '/console/facilities'];
    for (const path of [
      ...paths,
      '/console/members',
      '/console/security',
      `/console/passports/${passportId}`,
    ]) {
      await page.goto(`${base}${path}`);
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      expect(await axeViolations(page), path).toEqual([]);
      await screenshot(page, `${path.split('/').slice(2).join('-')}-phone`);
    }
  });

  it('refuses a forged cookie write that lacks the CSRF token', async () => {
    // Script in the page (policy bypassed so that it may run) sends the cookie but cannot know the token.
    const { page } = await fresh(DESKTOP, true);
    await signIn(page, workspace, 'ada@example.com');
    const status = await page.evaluate<number>(
      `fetch('/api/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'forged', role: 'ADMIN' }) }).then((r) => r.status)`,
    );
    expect(status).toBe(403);
    const formStatus = await page.evaluate<number>(
      `fetch('/console/keys', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=forged&role=ADMIN' }).then((r) => r.status)`,
    );
    expect(formStatus).toBe(403);
    const keys = await app.inject({
      method: 'GET',
      url: '/api/v1/keys',
      headers: { authorization: `Bearer ${workspace.token}` },
    });
    expect(keys.json().keys.map((key: { name: string }) => key.name)).not.toContain('forged');
  });

  it('enrols TOTP, shows the recovery codes once, and asks for a code at the next sign-in', async () => {
    const { page, problems } = await fresh();
    await signIn(page, workspace, 'eve@example.com');
    await page.goto(`${base}/console/security`);
    await page.click('text=Turn on two-factor authentication');
    // The enrolment page is a navigation: wait for it rather than read the page it leaves.
    await page.locator('svg.qr').waitFor({ timeout: WAIT_BUDGET_MS });
    expect(await page.locator('svg.qr').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'mfa-enrolment-desktop');
    const secret = await page.locator('#totp-secret').innerText();
    await page.fill('#code', code(secret));
    await page.click('text=Confirm');
    // The click does not wait for the page it posts to: wait for the codes before counting them.
    await page.locator('#recovery-codes li').first().waitFor();
    expect(await page.locator('#recovery-codes li').count()).toBe(10);

    await page.click('header button');
    await page.waitForURL((url) => url.pathname === '/console/sign-in');
    offset += 30_000; // the code that confirmed the enrolment is spent
    await signIn(page, workspace, 'eve@example.com');
    expect(await page.locator('#code').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.fill('#code', code(secret));
    await page.click('text=Verify');
    await page.waitForURL((url) => url.pathname === '/console/');
    expect(problems).toEqual([]);
  });

  it('refuses writes of a member without MFA where the workspace requires it', async () => {
    const strict = await createWorkspace(app, 'enterprise');
    await addMember(app, strict, 'bob@example.com');
    await app.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${strict.id}`,
      headers: admin,
      payload: { mfaRequired: true },
    });
    const { page } = await fresh(PHONE);
    await signIn(page, strict, 'bob@example.com');
    await page.goto(`${base}/console/keys`);
    expect(await page.locator('.error').first().innerText()).toContain('two-factor');
    await page.fill('#name', 'not allowed yet');
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) => response.url().endsWith('/console/keys') && response.request().method() === 'POST',
      ),
      page.click('text=Create key'),
    ]);
    expect(answer.status()).toBe(403);
    expect(await page.locator('main').innerText()).toContain('two-factor authentication');
    await screenshot(page, 'mfa-required-phone');
  });

  it('serialises 1,000 units from an uploaded CSV file onto a result page of its own that survives a reload', async () => {
    const { page, problems } = await fresh(PHONE);
    await signIn(page, workspace, 'ada@example.com');
    await page.goto(`${base}/console/passports/${passportId}`);
    // The statuses a unit may have are named at the form.
    expect(await page.locator('#csv-statuses').innerText()).toContain('IN_SERVICE, DECOMMISSIONED');
    // 1,000 lines, four refused: two bad serials and a repeat by the units API, a status by the page.
    const lines = Array.from({ length: 1000 }, (_, i) => `BRW-${i}`);
    lines[10] = 'bad serial!';
    lines[20] = 'BRW-20,ACTIVE';
    lines[500] = 'BRW-3';
    lines[990] = 'another bad one';
    await page.setInputFiles('#file', {
      name: 'units.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`serialNumber,status\n${lines.join('\n')}\n`),
    });
    await Promise.all([
      page.waitForURL(/\/console\/serialisations\/[0-9a-f-]{36}$/),
      page.click('form[action$="/units"] button[type=submit]'),
    ]);
    const check = async () => {
      expect(await page.locator('#serialised-title').innerText()).toContain('Created 996 of 1000 units.');
      expect(await page.locator('#serialised-title').innerText()).toContain('Lines not created: 4');
      const refused = await page.locator('#row-errors tbody tr').allInnerTexts();
      expect(refused).toHaveLength(4);
      expect(refused.join('\n')).toContain('BRW-3');
      // The line of the status refused, with the statuses allowed.
      expect(refused[1]).toMatch(/^22\s+BRW-20\s+ACTIVE is not a unit status; allowed: IN_SERVICE, /);
      // The labels of the units made, 200 a ZIP.
      expect(await page.locator('a.labels-zip').count()).toBe(5);
    };
    await check();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'serialised-phone');
    // A reload shows the same result and makes nothing again.
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await check();
    await page.setViewportSize(DESKTOP);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'serialised-desktop');
    expect(problems).toEqual([]);
  });
});
