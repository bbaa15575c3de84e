// A new staff member's first day in a real Chromium: from the invitation link (made as the CLI makes
// it, through the admin API) to a joined member with TOTP, a battery passport started from the
// category's example in at most ten form submissions, saved half-done as a draft and finished at
// the next sign-in, published, sealed, recalled, found again and seen from the overview. Every page
// is judged by axe-core (no violation of any impact) in English and in German, and every step is
// kept as screenshots at 1280 and 390 pixels under test-artifacts/console-journey/.
import { mkdir } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { bearer, createWorkspace, type TestWorkspace, testApp } from '../helpers/app.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { invitationToken, inviteFirstMember, PASSWORD } from '../helpers/console.ts';
import { axeFindings, watchedPage } from '../helpers/console-browser.ts';
import { createOperator, newGtin13 } from '../helpers/passports.ts';

const ARTEFACTS = 'test-artifacts/console-journey';
const WIDTHS = [1280, 390] as const;
const EMAIL = 'mia@voltcell.example';

describe('a new staff member in Chromium', () => {
  let offset = 0; // moves the app's clock past a spent TOTP step
  let app: App;
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  let invitation = '';
  beforeAll(async () => {
    app = await testApp({ clock: () => new Date(Date.now() + offset) });
    workspace = await createWorkspace(app, 'enterprise');
    await createOperator(app, workspace);
    invitation = invitationToken((await inviteFirstMember(app, workspace, EMAIL, 'ADMIN')).url);
    base = await serveForBrowser(app);
    browser = await launchBrowser();
    await mkdir(ARTEFACTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app.close();
  });

  const visited = new Set<string>();
  let step = 0;
  let submissions = 0;

  /** The method of each page's last navigation: only pages reached by GET are visited again in German. */
  const lastMethod = new WeakMap<Page, string>();

  /** The page as it is now: axe-core finds nothing, nothing scrolls sideways, and a screenshot at each width is kept. */
  async function judge(page: Page, name: string) {
    const path = new URL(page.url()).pathname + new URL(page.url()).search;
    if (lastMethod.get(page) === 'GET') visited.add(path);
    expect(await axeFindings(browser, base, page, 'all'), `${name} ${path}`).toEqual([]);
    step += 1;
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const sideways = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(sideways, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `${ARTEFACTS}/${String(step).padStart(2, '0')}-${name}-${width}.png`,
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  }

  /** Submits a form by its button and waits for the page it leads to. */
  async function submit(page: Page, button: string) {
    submissions += 1;
    await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.click(button)]);
  }

  const code = (secret: string) =>
    TOTP.generate({
      secret: Secret.fromBase32(secret),
      timestamp: Date.now() + offset,
      period: 30,
      digits: 6,
    });

  let secret = '';
  let passportId = '';
  const gtin = newGtin13();

  async function signIn(page: Page) {
    await page.goto(`${base}/console/sign-in`);
    await page.fill('#workspace', workspace.subdomain);
    await page.fill('#email', EMAIL);
    await page.fill('#password', PASSWORD);
    await submit(page, 'button[type=submit].primary');
    if (secret) {
      offset += 30_000; // a code is good once
      await page.fill('#code', code(secret));
      await submit(page, 'button[type=submit].primary');
    }
    expect(new URL(page.url()).pathname).toBe('/console/');
  }

  it('joins, enrols MFA, creates a passport from the example, drafts, finishes, publishes, seals and recalls it', async () => {
    const { page, problems } = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        lastMethod.set(page, request.method());
    });

    // The printed invitation link: choose a password and join.
    await page.goto(`${base}/console/invitations/${invitation}`);
    await judge(page, 'invitation');
    await page.fill('#password', PASSWORD);
    await page.fill('#repeat', PASSWORD);
    await submit(page, 'button[type=submit].primary');
    await judge(page, 'joined');
    await signIn(page);
    await judge(page, 'overview-first');

    // Two-factor authentication, with a code computed from the secret shown.
    await page.goto(`${base}/console/security`);
    await submit(page, 'form[action="/console/security/mfa"] button');
    await judge(page, 'mfa-enrolment');
    secret = await page.locator('#totp-secret').innerText();
    offset += 30_000;
    await page.fill('#code', code(secret));
    await submit(page, 'text=Confirm');
    expect(await page.locator('#recovery-codes li').count()).toBe(10);
    await judge(page, 'mfa-recovery-codes');

    // A battery passport from the category's example: the count of form submissions starts here.
    submissions = 0;
    await page.goto(`${base}/console/passports/new`);
    await judge(page, 'passport-category');
    await page.selectOption('#category', 'batteries');
    await submit(page, 'button[type=submit].primary');
    await judge(page, 'passport-start');
    expect(await page.isChecked('#start-example')).toBe(true);
    await page.fill('[name="/productId"]', gtin);
    await page.fill('[name="/originCountry"]', 'de');
    await submit(page, 'form.passport-form button.primary');
    passportId = /passports\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] as string;
    expect(passportId).toBeTruthy();
    await judge(page, 'draft-created');
    expect(await page.locator('#checklist').count()).toBe(0);

    // Half-done: the battery's weight is not known yet; the draft is kept without it.
    await page.click('nav.sections >> text=General information');
    await page.fill('[name="/metadata/generalInformation/batteryMass"]', '');
    await submit(page, 'button[name=_go][value=stay]');
    expect(new URL(page.url()).searchParams.get('section')).toBe('generalInformation');
    expect(await page.locator('#checklist li').count()).toBe(1);
    await judge(page, 'draft-half-done');
    await submit(page, 'header button');

    // Later: signed in again, the draft is found in the list and finished from its checklist.
    await signIn(page);
    await page.goto(`${base}/console/passports?status=DRAFT`);
    await judge(page, 'drafts');
    await page.click(`a[href="/console/passports/${passportId}"]`);
    await page.click(`a[href="/console/passports/${passportId}/edit"]`);
    await page.click('#checklist a');
    await page.fill('[name="/metadata/generalInformation/batteryMass"]', '312.5');
    await submit(page, 'button[name=_go][value=stay]');
    expect(await page.locator('#checklist').count()).toBe(0);
    await judge(page, 'draft-finished');
    await submit(page, '#publish');
    expect(submissions).toBeLessThanOrEqual(10);
    const published = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passportId}`,
      headers: bearer(workspace.token),
    });
    expect(published.json()).toMatchObject({ status: 'ACTIVE', originCountry: 'DE' });
    expect(published.json().metadata.generalInformation.batteryMass).toBe(312.5);
    await judge(page, 'published');

    // Sealed, then recalled.
    await page.goto(`${base}/console/passports/${passportId}`);
    await submit(page, `form[action="/console/passports/${passportId}/seal"] button`);
    await judge(page, 'sealed');
    await page.goto(`${base}/console/passports/${passportId}`);
    await page.selectOption('#status', 'RECALLED');
    await page.fill('#reason', 'Cell supplier recall');
    await submit(page, `form[action="/console/passports/${passportId}/status"] button`);
    // A recall is asked first, on a page of its own.
    await judge(page, 'recall-confirmation');
    await submit(page, `form[action="/console/passports/${passportId}/status"] button.danger`);
    await judge(page, 'recalled');
    const recalled = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passportId}`,
      headers: bearer(workspace.token),
    });
    expect(recalled.json().status).toBe('RECALLED');
    expect(recalled.json().digitalSeal).not.toBeNull();

    // Found again from the list's search, and the overview leads to it.
    await page.goto(`${base}/console/passports`);
    await page.fill('#q', gtin);
    await submit(page, 'form.filters button');
    expect(await page.locator(`a[href="/console/passports/${passportId}"]`).count()).toBe(1);
    await judge(page, 'found');
    await page.goto(`${base}/console/`);
    await judge(page, 'overview');
    await page.click('main a[href="/console/passports"]');
    expect(await page.locator(`a[href="/console/passports/${passportId}"]`).count()).toBe(1);

    // Every page seen, again in German: axe-core finds nothing there either.
    await page.context().setExtraHTTPHeaders({ 'accept-language': 'de' });
    expect(visited.size).toBeGreaterThan(8);
    for (const path of visited) {
      if (path.startsWith('/console/invitations/')) continue;
      await page.goto(`${base}${path}`);
      expect(await page.locator('html').getAttribute('lang'), path).toBe('de');
      expect(await axeFindings(browser, base, page, 'all'), `de ${path}`).toEqual([]);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  }, 300_000);
});
