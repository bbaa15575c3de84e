// The console's trust pages in a real Chromium: a grant issued with its token shown once and then
// revoked, requests from the public page approved and denied, a grant holder's and a credential
// session's reads in the passport's access log, and a webhook subscription made, tested, rotated, changed and deleted with its
// deliveries listed; axe-core on every page, and the pages at desktop and phone width.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialSession, newIssuer, trustIssuer } from '../credential-access/holder.ts';
import { bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { addMember } from '../helpers/console.ts';
import { axeFindings, keepScreenshot, signInThroughForm, watchedPage } from '../helpers/console-browser.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { type Receiver, startReceiver } from '../helpers/webhook-receiver.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

describe('console trust pages in Chromium', () => {
  // The receiver listens on loopback over plain http, which only this setting lets a target be.
  const app = useTestApp({ env: { WEBHOOK_ALLOW_INSECURE_TARGETS: 'true' } });
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  let receiver: Receiver;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'ada@example.com');
    const operator = await createOperator(app, workspace, { name: 'Voltaic Cells SE' });
    passport = await createPassport(app, workspace.token, { operatorId: operator.id });
    receiver = await startReceiver();
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await receiver?.close();
  });

  async function signedIn(viewport = DESKTOP) {
    const watched = await watchedPage(browser, { viewport });
    contexts.push(watched.page.context());
    await signInThroughForm(watched.page, base, workspace.subdomain, 'ada@example.com');
    await watched.page.waitForURL(`${base}/console/`);
    return watched;
  }

  const axeViolations = (page: Page) => axeFindings(browser, base, page);

  const screenshot = keepScreenshot;

  /** Clicks and answers the status of the form post it sends to a path ending in `suffix`. */
  async function submit(page: Page, selector: string, suffix: string) {
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith(suffix),
      ),
      page.click(selector),
    ]);
    await page.waitForLoadState('domcontentloaded');
    return answer.status();
  }

  const history = (token: string) =>
    app.inject({ method: 'GET', url: `/api/v1/passports/${passport.id}/history`, headers: bearer(token) });

  /** A request from the hosted request-access page, as a third party sends it. */
  async function requestAccess(name: string) {
    const response = await app.inject({
      method: 'POST',
      url: `/request-access/${passport.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        organisation: `${name} GmbH`,
        role: 'repairer',
        name,
        email: `${name.toLowerCase().replaceAll(' ', '.')}@repair.example`,
        purpose: 'Replacing cells in a customer’s pack',
        website: '',
      }).toString(),
      remoteAddress: randomIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function grantsByName() {
    const list = await app.inject({ method: 'GET', url: '/api/v1/grants', headers: bearer(workspace.token) });
    const grants = list.json().grants as { id: string; status: string; grantee: { name: string } }[];
    return new Map(grants.map((grant) => [grant.grantee.name, grant]));
  }

  it('issues a grant whose token is shown once, and revokes it', async () => {
    const { page, problems } = await signedIn();
    await page.click('nav >> text=Access grants');
    await page.waitForURL((url) => url.pathname === '/console/grants');
    await page.selectOption('#tier', 'authority');
    await page.check('input[name=scope][value=passport]');
    await page.fill('#passportId', passport.productId);
    await page.fill('#granteeName', 'Market Surveillance Authority');
    await page.fill('#granteeEmail', 'msa@authority.example');
    await page.fill('#granteeOrganisation', 'Bundesnetzagentur');
    await page.fill('#granteeRole', 'market-surveillance');
    await page.fill('#purpose', 'Inspection of lot 7');
    await page.fill('#expiresAt', '2099-06-30');
    expect(await submit(page, 'text=Issue grant', '/console/grants')).toBe(201);
    const token = await page.locator('#new-token').innerText();
    expect(token).toMatch(/^dpp_auth_/);
    expect(await page.locator('#grants').innerText()).toContain('Market Surveillance Authority');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'grant-issued-desktop');
    const grant = (await grantsByName()).get('Market Surveillance Authority');
    expect(grant).toMatchObject({ status: 'active', tier: 'authority', passportId: passport.id });
    expect(grant).toMatchObject({ expiresAt: '2099-06-30T23:59:59.000Z', purpose: 'Inspection of lot 7' });
    expect((await history(token)).statusCode).toBe(200);

    await page.goto(`${base}/console/grants`);
    expect(await page.locator('#new-token').count()).toBe(0);
    expect(await page.content()).not.toContain(token);
    const asked = await submit(
      page,
      'button[aria-label="Revoke the grant of Market Surveillance Authority"]',
      '/revoke',
    );
    // Asked first, naming the holder; the grant still works until confirmed.
    expect(asked).toBe(200);
    expect(await page.locator('main').innerText()).toContain(
      'Revoke the grant of Market Surveillance Authority?',
    );
    expect((await history(token)).statusCode).toBe(200);
    expect(await axeViolations(page)).toEqual([]);
    const revoked = await submit(page, 'main form button.danger', '/revoke');
    expect(revoked).toBe(303);
    expect(await page.locator('#flash').innerText()).toBe('Done: the grant was revoked.');
    expect(new URL(page.url()).pathname).toBe('/console/grants');
    expect((await grantsByName()).get('Market Surveillance Authority')?.status).toBe('revoked');
    expect((await history(token)).statusCode).toBe(404);
    expect(problems).toEqual([]);
  });

  it('shows the form again with the API’s reason when a grant is refused', async () => {
    const { page } = await signedIn(PHONE);
    await page.goto(`${base}/console/grants`);
    await page.check('input[name=scope][value=passport]');
    await page.fill('#passportId', '00000000-0000-4000-8000-000000000000');
    await page.fill('#granteeName', 'Nobody Repairs');
    await page.fill('#purpose', 'repair');
    expect(await submit(page, 'text=Issue grant', '/console/grants')).toBe(404);
    expect(await page.locator('.error').innerText()).not.toBe('');
    expect(await page.inputValue('#granteeName')).toBe('Nobody Repairs');
    expect(await page.locator('#new-token').count()).toBe(0);
  });

  it('approves one request from the public page and denies another', async () => {
    await requestAccess('Ada Repair');
    await requestAccess('Bob Fixit');
    const { page, problems } = await signedIn();
    await page.goto(`${base}/console/grants`);
    const pending = await page.locator('#pending').innerText();
    expect(pending).toContain('Ada Repair');
    expect(pending).toContain('Bob Fixit');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'grant-requests-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'grant-requests-phone');

    expect(await submit(page, 'button[aria-label="Approve the request of Ada Repair"]', '/approve')).toBe(
      303,
    );
    expect(await submit(page, 'button[aria-label="Deny the request of Bob Fixit"]', '/deny')).toBe(303);
    const grants = await grantsByName();
    expect(grants.get('Ada Repair')?.status).toBe('active');
    expect(grants.get('Bob Fixit')?.status).toBe('denied');
    expect(await page.locator('#pending').count()).toBe(0);
    expect(await page.locator('#grants').innerText()).toContain('Requested on the public page');

    expect(problems).toEqual([]);
  });

  it('lists a grant holder’s and a credential session’s reads in the passport’s access log', async () => {
    const issued = await app.inject({
      method: 'POST',
      url: '/api/v1/grants',
      headers: bearer(workspace.token),
      payload: {
        passportId: passport.id,
        tier: 'legitimate-interest',
        grantee: { name: 'Reader Co' },
        purpose: 'repair',
      },
    });
    const { token } = issued.json();
    expect((await history(token)).statusCode).toBe(200);
    // An inspector's wallet presents a trusted credential, and the session reads the passport.
    const issuer = newIssuer();
    const vct = 'https://credentials.example/market-surveillance-authority';
    await trustIssuer(app, issuer, 'Bundesnetzagentur', 'authority', [vct]);
    const claims = { vct, organisation_name: 'Marktaufsicht Nord', role: 'inspector', country: 'DE' };
    const session = await credentialSession(app, issuer, claims, passport.id);
    expect((await history(session)).statusCode).toBe(200);
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, problems } = await signedIn(viewport);
      await page.goto(`${base}/console/passports/${passport.id}`);
      await page.click('main >> text=Access log');
      await page.waitForURL((url) => url.pathname === `/console/passports/${passport.id}/access-log`);
      const log = await page.locator('#access-log').innerText();
      // The reader is named as people know it: the grant holder's name, not the grant's id.
      expect(log).toContain('Reader Co (access grant)');
      expect(log).not.toContain('grant:');
      // A credential's reader is named by what the credential says, never `credential:<session id>`.
      expect(log).toContain(`Credential: Marktaufsicht Nord (Germany), ${vct}, issued by Bundesnetzagentur`);
      expect(log).not.toContain('credential:');
      expect(log).toContain('history');
      expect(await page.locator('h1').innerText()).toContain(passport.productId);
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `access-log-${viewport === PHONE ? 'phone' : 'desktop'}`);
      expect(problems).toEqual([]);
    }
  });

  it('creates a webhook subscription, sends a test, rotates, changes and deletes it, and lists deliveries', async () => {
    const { page, problems } = await signedIn();
    await page.click('nav >> text=Webhooks');
    await page.fill('#url', receiver.url);
    await page.check('input[name=events][value="passport.recalled"]');
    await page.check('input[name=events][value="passport.sealed"]');
    expect(await page.isChecked('input[name=active]')).toBe(true);
    expect(await submit(page, 'text=Add subscription', '/console/webhooks')).toBe(201);
    const secret = await page.locator('#new-secret').innerText();
    expect(secret).toMatch(/^whsec_/);
    expect(await page.locator('#subscriptions').innerText()).toContain(receiver.url);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'webhook-created-desktop');

    await page.click(`main >> text=Open the subscription for ${receiver.url}`);
    expect(await page.content()).not.toContain(secret);
    receiver.received.length = 0;
    expect(await submit(page, 'text=Send a test event', '/test')).toBe(200);
    expect(await page.locator('#test-title').innerText()).toBe('The receiver accepted the test event');
    expect(await page.locator('#test-result').innerText()).toContain('204');
    expect(receiver.received.map((delivery) => delivery.json.type)).toEqual(['webhook.test']);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'webhook-tested-desktop');

    expect(await submit(page, 'text=Rotate the secret', '/rotate')).toBe(200);
    const rotated = await page.locator('#new-secret').innerText();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);

    await page.uncheck('input[name=active]');
    await page.uncheck('input[name=events][value="passport.sealed"]');
    expect(await submit(page, 'text=Save changes', '/edit')).toBe(303);
    expect(await page.locator('p.once[role=status]').innerText()).toBe('The subscription is saved.');
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/webhooks/subscriptions',
      headers: bearer(workspace.token),
    });
    expect(list.json().subscriptions).toEqual([
      expect.objectContaining({ url: receiver.url, events: ['passport.recalled'], active: false }),
    ]);
    await page.setViewportSize(PHONE);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'webhook-phone');

    await page.goto(`${base}/console/webhooks/deliveries`);
    const deliveries = await page.locator('#deliveries').innerText();
    expect(deliveries).toContain('webhook.test');
    expect(deliveries).toContain('Delivered');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'webhook-deliveries-phone');

    await page.click(`#deliveries >> text=${receiver.url}`);
    expect(await submit(page, 'text=Delete', '/delete')).toBe(200);
    expect(await page.locator('main').innerText()).toContain(`Delete the subscription to ${receiver.url}?`);
    expect(await submit(page, 'main form button.danger', '/delete')).toBe(303);
    expect(await page.locator('#flash').innerText()).toBe('Done: the subscription was deleted.');
    expect(new URL(page.url()).pathname).toBe('/console/webhooks');
    expect(await page.locator('#subscriptions').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
