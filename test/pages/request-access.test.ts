// The request-access page as a requester uses it, in Chromium: the form in their language, sent,
// followed through the private status link, and the token collected once after approval. axe-core
// finds nothing serious on any of the pages, and none scrolls sideways at phone width. Presenting a
// credential: POST /request-access/{passportId}/credential, GET /request-access/credential/{id}.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  directPost,
  issueCredential,
  keyPair,
  newIssuer,
  present,
  requestOf,
} from '../credential-access/holder.ts';
import { seriousViolations } from '../helpers/accessibility.ts';
import { admin, BASE_URL, bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, newContext, serveForBrowser } from '../helpers/browser.ts';
import { batteryMetadata, createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('request-access page in Chromium', () => {
  const app = useTestApp();
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };

  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    passport = await createPassport(app, workspace.token);
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(context: BrowserContext) {
    const page = await context.newPage();
    const problems: string[] = [];
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(base)) outside.push(request.url());
    });
    page.on('console', (message) => {
      // The browser asks for /favicon.ico on its own; the node serves none.
      const from = message.location().url;
      if (message.type() === 'error' && !from.endsWith('/favicon.ico'))
        problems.push(`${message.text()} ${from}`);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    return { page, problems, outside };
  }

  async function check(page: Page, name: string) {
    expect(await seriousViolations(page), name).toEqual([]);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow, name).toBeLessThanOrEqual(0);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({
        path: `${process.env.SCREENSHOT_DIR}/request-access-${name}.png`,
        fullPage: true,
      });
    }
  }

  it('takes a request in the requester’s language and hands the token over once', async () => {
    const context = await newContext(browser, {
      viewport: { width: 360, height: 800 },
      locale: 'fr-FR',
      extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9' },
      bypassCSP: true,
    });
    const { page, problems, outside } = await open(context);

    const form = await page.goto(`${base}/request-access/${passport.id}`);
    expect(form?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    // Named by its product (the battery model), with its identifier in the introduction.
    const model = String((batteryMetadata().generalInformation as { batteryModel: string }).batteryModel);
    expect(await page.locator('h1').innerText()).toBe(`Demander l’accès aux données restreintes: ${model}`);
    expect(await page.title()).toContain(model);
    expect(await page.locator('main').innerText()).toContain(passport.productId);
    expect(await page.locator('#website').isVisible()).toBe(false);
    await check(page, 'form');

    await page.getByLabel('Organisme').fill('Atelier Réparation SARL');
    await page.getByLabel('Votre rôle').selectOption('recycler');
    await page.getByLabel('Nom du contact').fill('Camille Martin');
    await page.getByLabel('Adresse e-mail du contact').fill('camille@atelier.example');
    await page.getByLabel('Finalité').fill('Démantèlement et recyclage des cellules');
    await Promise.all([
      page.waitForURL(/\/request-access\//),
      page.getByRole('button', { name: 'Envoyer la demande' }).click(),
    ]);
    expect(await page.locator('h1').innerText()).toBe('Demande envoyée');
    await check(page, 'sent');

    // The link names the node's public address; the test follows it on the local server.
    const href = (await page.locator('main a').getAttribute('href')) as string;
    expect(href.startsWith(`${BASE_URL}/request-access/status/`)).toBe(true);
    const status = new URL(href);
    const statusUrl = `${base}${status.pathname}${status.search}`;
    const requestId = status.pathname.split('/').at(-1) as string;

    await page.goto(statusUrl);
    expect(await page.locator('.state').innerText()).toBe('En attente de la décision de l’opérateur.');
    expect(await page.getByRole('button').count()).toBe(0);
    await check(page, 'pending');

    const approved = await app.inject({
      method: 'POST',
      url: `/api/v1/grants/${requestId}/approve`,
      headers: bearer(workspace.token),
    });
    expect(approved.statusCode).toBe(200);

    await page.goto(statusUrl);
    await check(page, 'ready');
    await Promise.all([page.waitForURL(/\/collect/), page.getByRole('button').click()]);
    const token = await page.locator('#token').innerText();
    expect(token).toMatch(/^dpp_li_[A-Za-z0-9_-]{43}$/);
    await check(page, 'token');

    const history = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passport.id}/history`,
      headers: bearer(token),
    });
    expect(history.statusCode).toBe(200);

    await page.goto(statusUrl);
    expect(await page.locator('.state').innerText()).toContain('Le jeton d’accès a été retiré');
    expect(await page.locator('#token').count()).toBe(0);

    expect(problems).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('keeps what was typed and says what to correct', async () => {
    const context = await newContext(browser, { bypassCSP: true });
    const { page } = await open(context);
    await page.goto(`${base}/request-access/${passport.id}`);
    await page.getByLabel('Organisation').fill('Half Filled Ltd');
    await page.getByLabel('Your role').selectOption('other');
    await page.getByLabel('Contact name').fill('Sam');
    // The browser's own check lets an address without a domain dot through; the service does not.
    await page.getByLabel('Contact email').fill('sam@nowhere');
    await page.getByLabel('Purpose').fill('x');
    // A browser's own checks pass; the service still refuses an address it does not accept.
    await page
      .getByLabel('Contact email')
      .evaluate('(input) => { input.type = "text"; input.value = "sam@nowhere"; }');
    await Promise.all([
      page.waitForResponse(/\/request-access\//),
      page.getByRole('button', { name: 'Send request' }).click(),
    ]);
    expect(await page.locator('[role="alert"]').innerText()).toContain('valid email address');
    expect(await page.getByLabel('Organisation').inputValue()).toBe('Half Filled Ltd');
    await check(page, 'invalid');
    await context.close();
  });

  it('offers a credential beside the request: a QR code, a same-device link, then the passport', async () => {
    const issuer = newIssuer();
    const vct = 'https://credentials.example/market-surveillance-authority';
    const trusted = await app.inject({
      method: 'POST',
      url: '/admin/v1/trusted-issuers',
      headers: admin,
      payload: {
        name: 'Marktaufsicht',
        issuer: issuer.iss,
        keys: { keys: [issuer.keys.publicJwk] },
        credentialTypes: [vct],
        accessTier: 'authority',
      },
    });
    expect(trusted.statusCode, trusted.body).toBe(201);
    const context = await newContext(browser, {
      viewport: { width: 360, height: 800 },
      locale: 'de-DE',
      extraHTTPHeaders: { 'accept-language': 'de-DE,de;q=0.9' },
      bypassCSP: true,
    });
    const { page, problems, outside } = await open(context);
    await page.goto(`${base}/request-access/${passport.id}`);
    expect(await page.locator('h2#credential').innerText()).toBe('Nachweis vorlegen');
    await check(page, 'credential-offer');
    await Promise.all([
      page.waitForURL(/\/request-access\/credential\//),
      page.getByRole('button', { name: 'Nachweis vorlegen' }).click(),
    ]);
    expect(await page.locator('.qr svg').count()).toBe(1);
    const walletUrl = (await page.locator('a.wallet').getAttribute('href')) as string;
    expect(walletUrl.startsWith('openid4vp://?')).toBe(true);
    expect(await page.locator('a.wallet').innerText()).toBe('Wallet auf diesem Gerät öffnen');
    await check(page, 'credential-qr');
    await page.locator('a.continue').click();
    expect(await page.locator('[role="status"]').innerText()).toBe('Ihre Wallet hat noch nicht geantwortet.');

    // The wallet on another device answers; the page's Continue then opens the passport.
    const holder = keyPair();
    const request = requestOf(walletUrl);
    const credential = await issueCredential(issuer, holder, {
      vct,
      organisation_name: 'Marktaufsicht',
      country: 'DE',
    });
    const presentation = await present(credential, holder, { aud: request.client_id, nonce: request.nonce });
    const answered = await app.inject({
      method: 'POST',
      url: new URL(request.response_uri).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: directPost(presentation, request.state),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await Promise.all([page.waitForURL(/\/passport\//), page.locator('a.continue').click()]);
    const cookies = await context.cookies();
    expect(cookies).toContainEqual(
      expect.objectContaining({
        name: 'dpp_credential_session',
        httpOnly: true,
        value: expect.stringMatching(/^dpp_auth_/),
      }),
    );
    const removed = await app.inject({
      method: 'DELETE',
      url: `/admin/v1/trusted-issuers/${trusted.json().issuer.id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(problems).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('answers an unknown passport with a page that says so', async () => {
    const context = await newContext(browser, { bypassCSP: true });
    const { page } = await open(context);
    const response = await page.goto(`${base}/request-access/00000000-0000-4000-8000-000000000000`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Passport not found');
    await check(page, 'not-found');
    await context.close();
  });
});
