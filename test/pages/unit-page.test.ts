// The battery unit page as a person sees it: opened in Chromium, in their language, with its chart,
// recent events and a QR code, loading nothing from elsewhere and breaking no content policy.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, serveForBrowser } from '../helpers/browser.ts';
import { appendBulk, createUnit, unitWorkspace } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';

describe('unit page in Chromium', () => {
  const app = useTestApp();
  let browser: Browser;
  let base: string;
  let token: string;
  let unitId: string;
  let serial: string;
  beforeAll(async () => {
    const { workspace, passport } = await unitWorkspace(app);
    token = workspace.token;
    const unit = await createUnit(app, token, passport.id, { manufacturedAt: '2025-01-15T08:00:00Z' });
    unitId = unit.id;
    serial = unit.serialNumber;
    const events = Array.from({ length: 12 }, (_, i) => ({
      eventType: 'SOH_MEASUREMENT',
      stateOfHealth: 100 - i * 1.5,
      cycleCount: i * 40,
      temperatureC: 21 + i / 10,
      recordedAt: new Date(Date.UTC(2025, 1 + i, 1)).toISOString(),
      payload: { note: `<b>check ${i}</b>` },
    }));
    expect((await appendBulk(app, token, unitId, { events })).statusCode).toBe(201);
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders a localised, self-contained page with chart, events and QR code', async () => {
    const context = await newContext(browser, {
      extraHTTPHeaders: { authorization: `Bearer ${token}`, 'accept-language': 'de-DE,de;q=0.9' },
    });
    const page = await context.newPage();
    const outside: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(base)) outside.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto(`${base}/api/v1/units/${unitId}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-language']).toBe('de');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await expect.poll(() => page.locator('h1').innerText(), { timeout: WAIT_BUDGET_MS }).toContain(serial);

    const qr = page.locator('svg.qr');
    expect(await qr.isVisible()).toBe(true);
    const box = await qr.boundingBox();
    expect(box?.width).toBeGreaterThan(100);
    expect(box?.width).toBeCloseTo(box?.height ?? 0, 0);

    const chart = page.locator('svg.soh');
    expect(await chart.isVisible()).toBe(true);
    expect(await page.locator('tbody tr').count()).toBe(12);
    // Payloads are shown as text, never as markup.
    expect(await page.locator('tbody b').count()).toBe(0);
    expect(await page.locator('tbody').innerText()).toContain('<b>check 11</b>');

    const english = await newContext(browser, { extraHTTPHeaders: { authorization: `Bearer ${token}` } });
    const englishPage = await english.newPage();
    await englishPage.goto(`${base}/api/v1/units/${unitId}`);
    expect(await englishPage.locator('h2').first().innerText()).not.toBe(
      await page.locator('h2').first().innerText(),
    );

    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await english.close();
    await context.close();
  });

  it('screenshots cleanly at phone width', async () => {
    const context = await newContext(browser, {
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { authorization: `Bearer ${token}` },
    });
    const page = await context.newPage();
    await page.goto(`${base}/api/v1/units/${unitId}`);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/unit-page-phone.png`, fullPage: true });
    }
    // Wide tables scroll inside their section; the page itself never scrolls sideways.
    // Evaluated as source: the project's types are Node's, not the DOM's.
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
