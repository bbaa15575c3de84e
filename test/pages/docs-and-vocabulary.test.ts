// The human-facing pages of the foundation, opened in a real browser from a listening server.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, serveForBrowser } from '../helpers/browser.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';

describe('pages in Chromium', () => {
  const app = useTestApp();
  let browser: Browser;
  let base: string;
  beforeAll(async () => {
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the API docs from the generated OpenAPI document, with no outside assets', async () => {
    const page = await newPage(browser);
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(base)) outside.push(request.url());
    });
    await page.goto(`${base}/api/v1/docs/`);
    await page.getByText('OpenDPP node').first().waitFor({ timeout: WAIT_BUDGET_MS });
    await expect
      .poll(() => page.getByText('/api/v1/whoami').count(), { timeout: WAIT_BUDGET_MS })
      .toBeGreaterThan(0);
    expect(outside).toEqual([]);
    await page.close();
  });

  it('shows the vocabulary page with a working anchor per term', async () => {
    const page = await newPage(browser);
    const response = await page.goto(`${base}/ns/dpp#digitalLinkUri`);
    expect(response?.headers()['content-type']).toMatch(/text\/html/);
    const anchor = page.locator('[id="digitalLinkUri"]');
    await expect.poll(() => anchor.count(), { timeout: WAIT_BUDGET_MS }).toBe(1);
    expect(await anchor.isVisible()).toBe(true);
    await page.close();
  });
});
