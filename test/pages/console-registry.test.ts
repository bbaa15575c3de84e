// The "Registry readiness" panel of a passport's console page in a real Chromium: each check with
// the fix of each failed one, a registration recorded by hand with the registry's proof uploaded,
// the proof downloadable, and the workspace's overview, reached from the console's navigation: its
// counts and the passports not ready, each with the check it fails first in the record's words and
// a link back to its page. axe-core on every page.
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { addMember } from '../helpers/console.ts';
import { axeFindings, keepScreenshot, signInThroughForm, watchedPage } from '../helpers/console-browser.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';

const DESKTOP = { width: 1280, height: 900 };

describe('registry readiness in the console, in Chromium', () => {
  const app = useTestApp();
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  let passport: { id: string };
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'ada@example.com');
    await createOperator(app, workspace);
    passport = await createPassport(app, workspace.token, { commodityCode: '85076000' });
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('shows each check with its fix, records a registration with its proof, and counts it', async () => {
    const watched = await watchedPage(browser, { viewport: DESKTOP, locale: 'en-GB' });
    contexts.push(watched.page.context());
    const { page, problems } = watched;
    await signInThroughForm(page, base, workspace.subdomain, 'ada@example.com');
    await page.goto(`${base}/console/passports/${passport.id}#registry`);
    expect(await page.locator('#registry').innerText()).toBe('Registry readiness');
    expect(await page.locator('#registry-ready').innerText()).toBe('Not ready for the registry');
    const row = (code: string) => page.locator(`#registry-checks tr[data-check="${code}"]`);
    expect(await row('COMMODITY_CODE').innerText()).toContain('Passed');
    // Not sealed, an operator without an EORI, no facility: each says what to do.
    expect(await row('SEALED').innerText()).toContain('Seal the current version.');
    expect(await row('OPERATOR_ID').innerText()).toContain('Give the economic operator its EORI number.');
    expect(await row('FACILITY_ID').innerText()).toContain('Link the facility the product is made in');
    expect(await page.locator('#registry-none').isVisible()).toBe(true);
    expect(await axeFindings(browser, base, page)).toEqual([]);

    const proof = join(tmpdir(), `registry-proof-${passport.id}.pdf`);
    await writeFile(proof, Buffer.from('%PDF-1.7\n% the registry proof\n'));
    await page.fill('#registrationId', 'EU-DPP-2026-0001');
    await page.fill('#registeredAt', '2026-11-30');
    await page.setInputFiles('#proof', proof);
    await page.click(`form[action="/console/passports/${passport.id}/registrations"] button[type=submit]`);
    await page.waitForLoadState('domcontentloaded');
    await expect
      .poll(() => page.locator('main').innerText(), { timeout: WAIT_BUDGET_MS })
      .toContain('The registration was recorded.');
    // The browser reads the chosen file when the form is sent: it goes once the page says so.
    await rm(proof);
    const registered = page.locator('#registry-registrations tbody tr');
    expect(await registered.innerText()).toContain('EU-DPP-2026-0001');
    const href = await registered.locator('a[download]').getAttribute('href');
    const stored = await apiCall(app, workspace.token, 'GET', String(href));
    expect(stored.statusCode).toBe(200);
    expect(stored.body).toContain('the registry proof');
    await keepScreenshot(page, 'registry-panel');

    await page.click('nav a[href="/console/registry"]');
    await page.waitForURL(`${base}/console/registry`);
    expect(await page.locator('h1').innerText()).toBe('EU registry');
    expect(await page.locator('#count-registered').innerText()).toBe('1');
    expect(await page.locator('#count-notReady').innerText()).toBe('1');
    expect(await page.locator('#count-ready').innerText()).toBe('0');
    // The passport not ready, named, with the check it fails first (no EORI) and the others.
    const listed = page.locator(`#registry-not-ready-list tr[data-passport="${passport.id}"]`);
    const reason = await listed.innerText();
    expect(reason).toContain("Economic operator's EORI");
    expect(reason).toContain('the registry asks for an EORI number: give the operator its EORI');
    expect(reason).toContain('Also failed: Facility identifier, Sealed version');
    expect(await page.locator('#registry-none-update-due').isVisible()).toBe(true);
    expect(await axeFindings(browser, base, page)).toEqual([]);
    await keepScreenshot(page, 'registry-overview');
    await listed.locator('a').click();
    await page.waitForURL(`${base}/console/passports/${passport.id}#registry`);
    expect(await page.locator('#registry-ready').innerText()).toBe('Not ready for the registry');
    expect(problems).toEqual([]);
  });
});
