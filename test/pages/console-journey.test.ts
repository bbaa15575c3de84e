// A new staff member's first day in a real Chromium, once with the console in English and once in
// German (the browser asks for `de` throughout): from the one-time invitation link a node's first
// boot prints for its demo workspace, to a joined owner with TOTP, a battery passport started from
// the category's example in at most ten form submissions, saved half-done as a draft and finished
// at the next sign-in, published, sealed, recalled, found again by its product's name and seen on
// the overview (counted by status, named in the recent activity). Every page on the way is judged
// by axe-core (no violation of any impact) in the run's language, and every step is kept as
// screenshots at 1280 and 390 pixels under test-artifacts/console-journey/.
import { mkdir } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { BASE_URL, bearer, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { PASSWORD } from '../helpers/console.ts';
import { axeFindings, watchedPage } from '../helpers/console-browser.ts';
import { type FirstBoot, firstBoot } from '../helpers/first-boot.ts';
import { createOperator, newGtin13 } from '../helpers/passports.ts';

const ARTEFACTS = 'test-artifacts/console-journey';
const WIDTHS = [1280, 390] as const;
const EMAIL = 'mia@voltcell.example';
/** The product's name the staff member gives in place of the example's, and searches for later. */
const NAME = 'VoltPack 90 LFP Marine';

describe.each(['en', 'de'] as const)('a new staff member in Chromium (console in %s)', (lang) => {
  let offset = 0; // moves the app's clock past a spent TOTP step
  let boot: FirstBoot;
  let app: App;
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  beforeAll(async () => {
    // The first boot of an empty embedded store, as `npm start` makes it: what it prints is all
    // the staff member is given.
    boot = await firstBoot({ clock: () => new Date(Date.now() + offset) });
    app = boot.app;
    workspace = boot.demo;
    await createOperator(app, workspace);
    base = await serveForBrowser(app);
    browser = await launchBrowser();
    await mkdir(ARTEFACTS, { recursive: true });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await boot?.close();
  });

  let step = 0;
  let submissions = 0;

  /**
   * The page as it is now: in the run's language, axe-core finds nothing, nothing scrolls
   * sideways, and a screenshot at each width is kept.
   */
  async function judge(page: Page, name: string) {
    const path = new URL(page.url()).pathname + new URL(page.url()).search;
    expect(await page.locator('html').getAttribute('lang'), `${name} ${path}`).toBe(lang);
    expect(await axeFindings(browser, base, page, 'all'), `${lang} ${name} ${path}`).toEqual([]);
    step += 1;
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const sideways = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(sideways, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `${ARTEFACTS}/${lang}-${String(step).padStart(2, '0')}-${name}-${width}.png`,
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

  it('joins from the printed invitation, enrols MFA, drafts, finishes, publishes, seals, recalls, finds it by name and sees it on the overview', async () => {
    const { page, problems } = await watchedPage(browser, {
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { 'accept-language': lang },
    });

    // The first boot printed the console's address and the first owner's link: open it (on the
    // address this browser reaches), give an email and a password, and join.
    expect(boot.printed).toContain(`${BASE_URL}/console/`);
    expect(boot.invitationUrl.startsWith(`${BASE_URL}/console/invitations/`)).toBe(true);
    await page.goto(`${base}${new URL(boot.invitationUrl).pathname}`);
    await judge(page, 'invitation');
    await page.fill('#email', EMAIL);
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
    await submit(page, 'form[action="/console/security/mfa/confirm"] button');
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
    await page.selectOption('[name="/originCountry"]', 'DE');
    await submit(page, 'form.passport-form button.primary');
    passportId = /passports\/([0-9a-f-]{36})\/edit/.exec(page.url())?.[1] as string;
    expect(passportId).toBeTruthy();
    await judge(page, 'draft-created');
    // Every value taken from the example is listed: none is published before it is confirmed.
    expect(await page.locator('#checklist li').count()).toBeGreaterThan(10);

    // Half-done: the battery gets its own name, but its weight is not known yet; the draft is kept
    // without it.
    await page.click('nav.sections a[href*="section=generalInformation"]');
    await page.fill('[name="/metadata/generalInformation/batteryModel"]', NAME);
    await page.fill('[name="/metadata/generalInformation/batteryMass"]', '');
    await submit(page, 'button[name=_go][value=stay]:not(.visually-hidden)');
    expect(new URL(page.url()).searchParams.get('section')).toBe('generalInformation');
    expect(await page.locator('#checklist a[href$="batteryMass"]').count()).toBe(1);
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
    await submit(page, 'button[name=_go][value=stay]:not(.visually-hidden)');
    // The example's other values are looked at and confirmed, a section in one click each; those
    // clicks are counted apart from the ten submissions the passport's own data takes.
    const left = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passportId}`,
      headers: bearer(workspace.token),
    });
    const marked = left.json().unconfirmed as { path: string }[];
    const sections = [...new Set(marked.map((marker) => marker.path.split('/')[2] as string))];
    for (const section of sections) {
      await page.goto(`${base}/console/passports/${passportId}/edit?section=${section}`);
      await submit(page, '#confirm-section');
    }
    expect(await page.locator('#checklist').count()).toBe(0);
    await judge(page, 'draft-finished');
    await submit(page, '#publish');
    expect(submissions - sections.length).toBeLessThanOrEqual(10);
    const published = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passportId}`,
      headers: bearer(workspace.token),
    });
    expect(published.json()).toMatchObject({ status: 'ACTIVE', originCountry: 'DE' });
    expect(published.json().metadata.generalInformation).toMatchObject({
      batteryMass: 312.5,
      batteryModel: NAME,
    });
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

    // Found again by (part of) its product's name in the list's search.
    await page.goto(`${base}/console/passports`);
    await page.fill('#q', 'voltpack 90');
    await submit(page, 'form.filters button');
    const found = page.locator(`main a[href="/console/passports/${passportId}"]`);
    expect(await found.count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('main').innerText()).toContain(NAME);
    await judge(page, 'found-by-name');

    // The overview counts it among the recalled (the only passport of this new node) and names it
    // in the recent activity.
    await page.goto(`${base}/console/`);
    const count = (status: string) =>
      page.locator(`#by-status + ul a[href="/console/passports?status=${status}"] .count`).innerText();
    expect(await count('RECALLED')).toBe('1');
    expect(await count('ACTIVE')).toBe('0');
    expect(await count('DRAFT')).toBe('0');
    const activity = page.locator(`table a[href="/console/passports/${passportId}"]`);
    expect(await activity.count()).toBeGreaterThanOrEqual(1);
    expect(await activity.first().innerText()).toBe(NAME);
    await judge(page, 'overview');
    await activity.first().click();
    expect(new URL(page.url()).pathname).toBe(`/console/passports/${passportId}`);
    await judge(page, 'passport');

    expect(problems).toEqual([]);
    await page.context().close();
  }, 900_000);
});
