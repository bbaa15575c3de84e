// What the console's Chromium tests share: a page that collects the browser's errors, signing in
// through the form, axe-core findings and the screenshots kept as artefacts.
import axe from 'axe-core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { newContext } from './browser.ts';
import { PASSWORD } from './console.ts';

export interface WatchedPage {
  page: Page;
  /** Page errors and console errors, as Chromium reported them. */
  problems: string[];
}

/**
 * A page in a fresh context of its own. `ignore` names console errors a test causes on purpose
 * (Chromium logs every 4xx document it loads as an error).
 */
export async function watchedPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  ignore: (text: string) => boolean = () => false,
): Promise<WatchedPage> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !ignore(message.text())) problems.push(message.text());
  });
  return { page, problems };
}

/** Signs in through the console's sign-in form. */
export async function signInThroughForm(page: Page, base: string, subdomain: string, email: string) {
  await page.goto(`${base}/console/sign-in`);
  await page.fill('#workspace', subdomain);
  await page.fill('#email', email);
  await page.fill('#password', PASSWORD);
  await page.click('button[type=submit].primary');
  await page.waitForLoadState('domcontentloaded');
}

/**
 * The serious and critical axe-core findings of a page (or all of them). axe needs script, which the console's
 * policy forbids: a copy of the page's markup is judged in a context without the policy.
 */
export async function axeFindings(
  browser: Browser,
  base: string,
  page: Page,
  /** `all`: every violation, whatever its impact (minor and moderate included). */
  impacts: 'serious' | 'all' = 'serious',
): Promise<string[]> {
  const html = await page.content();
  const scratch = await newContext(browser, {
    bypassCSP: true,
    viewport: page.viewportSize() ?? { width: 1280, height: 900 },
  });
  const probe = await scratch.newPage();
  await probe.route(`${base}/__axe`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await probe.goto(`${base}/__axe`);
  await probe.evaluate(axe.source);
  const result = await probe.evaluate<{
    violations: { id: string; impact: string | null; nodes: unknown[] }[];
  }>('axe.run(document, { resultTypes: ["violations"] })');
  await scratch.close();
  return result.violations
    .filter(
      (violation) => impacts === 'all' || violation.impact === 'serious' || violation.impact === 'critical',
    )
    .map((violation) => `${violation.id} (${violation.nodes.length})`);
}

/** Keeps a full-page screenshot as a test artefact when SCREENSHOT_DIR is set. */
export async function keepScreenshot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/console-${name}.png`, fullPage: true });
  }
}
