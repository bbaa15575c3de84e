// The pages public resolution serves: the passport page in the caller's tier and language, the unit
// page, and a recycled unit's tombstone page; one opened in a real Chromium at phone width.
import axe from 'axe-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, newContext, serveForBrowser } from '../helpers/browser.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { appendEvent, createUnit, uniqueSerial } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const host = new URL(BASE_URL).host;

describe('pages on public resolution', () => {
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  const app = useTestApp();
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    passport = await createPassport(app, workspace.token);
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url,
      headers: { host, accept: 'text/html', ...headers },
      remoteAddress: randomIp(),
    });

  it('shows the public page in the asked language, with the request-access link and a strict policy', async () => {
    const response = await page(`/passport/${passport.id}?lang=de`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-language']).toBe('de');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain('<html lang="de"');
    expect(response.body).toContain(`${BASE_URL}/request-access/${passport.id}`);
    const french = await page(`/passport/${passport.id}`, { 'accept-language': 'fr' });
    expect(french.headers['content-language']).toBe('fr');
    expect(french.body).not.toBe(response.body);
  });

  it('shows the owner everything on their page, with no request link', async () => {
    const response = await page(`/passport/${passport.id}`, bearer(workspace.token));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).not.toContain('/request-access/');
    const owner = await page(`/api/v1/passports/${passport.id}`, bearer(workspace.token));
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-type']).toMatch(/^text\/html/);
  });

  it('shows the unit page, and the tombstone page of a recycled unit with 410', async () => {
    const unit = await createUnit(app, workspace.token, passport.id, { serialNumber: uniqueSerial() });
    const live = await page(`/unit/${unit.id}`);
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain(unit.serialNumber);
    await appendEvent(app, workspace.token, unit.id, { eventType: 'STATUS_CHANGE', status: 'RECYCLED' });
    const gone = await page(`/unit/${unit.id}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']).toMatch(/^text\/html/);
    expect(gone.body).toContain(`${BASE_URL}/passport/${passport.id}`);
  });

  describe('in Chromium', () => {
    const pageApp = useTestApp({ env: { PUBLIC_BASE_URL: 'http://127.0.0.1' } });
    let browser: Browser;
    let base: string;
    beforeAll(async () => {
      browser = await launchBrowser();
      base = await serveForBrowser(pageApp);
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('renders the recalled passport page at 360 px with no console error and no serious axe finding', async () => {
      const own = await createWorkspace(pageApp);
      await createOperator(pageApp, own);
      const recalled = await createPassport(pageApp, own.token);
      await pageApp.inject({
        method: 'PUT',
        url: `/api/v1/passports/${recalled.id}/status`,
        headers: bearer(own.token),
        payload: { status: 'RECALLED', reason: 'thermal runaway risk' },
      });
      // The page's policy forbids scripts: the context bypasses it only so that axe-core can be injected.
      const context = await newContext(browser, {
        viewport: { width: 360, height: 780 },
        locale: 'it',
        bypassCSP: true,
      });
      const tab = await context.newPage();
      const errors: string[] = [];
      tab.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const response = await tab.goto(`${base}/passport/${recalled.id}`, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      expect(await tab.getAttribute('html', 'lang')).toBe('it');
      const overflow = await tab.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      await tab.evaluate(axe.source);
      const results = await tab.evaluate<{ id: string; impact: string }[]>(
        'axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact })))',
      );
      expect(results.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
