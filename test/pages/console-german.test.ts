// Every console screen in German, in a real Chromium: the visitor chooses German with the language
// switch on the sign-in page (the browser asks for English), and from then on no page may show an
// English text that the German locale files translate (messages, value labels, field labels and
// help). axe-core judges each page too.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { addMember, inviteFirstMember } from '../helpers/console.ts';
import { axeFindings, signInThroughForm, watchedPage } from '../helpers/console-browser.ts';
import { englishLeftovers } from '../helpers/english-leftovers.ts';
import { createFacility, createOperator, createPassport } from '../helpers/passports.ts';
import { createUnit } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const SCREENS = [
  'overview',
  'passports',
  'drafts',
  'passport',
  'public tier',
  'legitimate-interest tier',
  'authority tier',
  'version 1 changes',
  'access log',
  'edit',
  'whole form',
  'draft',
  'draft edit',
  'draft section',
  'new passport',
  'start',
  'whole create form',
  'import',
  'unit',
  'operators',
  'operator',
  'facilities',
  'facility',
  'keys',
  'grants',
  'webhooks',
  'webhook',
  'deliveries',
  'members',
  'member',
  'security',
];

describe('the console in German', () => {
  const app = useTestApp({ env: { WEBHOOK_ALLOW_INSECURE_TARGETS: 'true' } });
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  const screens = new Map<string, string>();
  let walker: Awaited<ReturnType<typeof watchedPage>>;

  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    const ada = await addMember(app, workspace, 'ada@example.com');
    const bob = await addMember(app, workspace, 'bob@example.com', 'AUDITOR');
    await inviteFirstMember(app, workspace, 'cy@example.com', 'RECYCLER');
    const operator = await createOperator(app, workspace);
    const facility = await createFacility(app, workspace, { operatorId: operator.id });
    const token = workspace.token;
    const api = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: Record<string, unknown>) =>
      app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
    // Published from a draft, then changed: its versions carry a status move and a reason.
    const active = await createPassport(app, token, { operatorId: operator.id, status: 'DRAFT' });
    const moved = await api('PUT', `/api/v1/passports/${active.id}/status`, { status: 'ACTIVE' });
    if (moved.statusCode !== 200) throw new Error(moved.body);
    const metadata = active.metadata as { generalInformation: Record<string, unknown> };
    metadata.generalInformation.batteryModel = 'Kestrel 48V';
    const update = await api('PUT', `/api/v1/passports/${active.id}`, {
      metadata,
      changeReason: 'Modellname',
    });
    if (update.statusCode !== 200) throw new Error(update.body);
    const draft = await createPassport(app, token, { status: 'DRAFT', operatorId: operator.id });
    const unit = await createUnit(app, token, active.id);
    await api('POST', '/api/v1/grants', {
      tier: 'legitimate-interest',
      grantee: { name: 'Reparatur AG' },
      purpose: 'Reparatur',
      passportId: active.id,
    });
    const hook = await api('POST', '/api/v1/webhooks/subscriptions', {
      url: 'http://127.0.0.1:9/hook',
      events: ['*'],
    });
    const hookId = hook.json().subscription.id as string;
    const p = `/console/passports/${active.id}`;
    for (const [name, path] of [
      ['overview', '/console/'],
      ['passports', '/console/passports'],
      ['drafts', '/console/passports?status=DRAFT'],
      ['passport', p],
      ['public tier', `${p}?tier=public`],
      ['legitimate-interest tier', `${p}?tier=legitimate-interest`],
      ['authority tier', `${p}?tier=authority`],
      ['version 1 changes', `${p}/versions/1`],
      ['access log', `${p}/access-log`],
      ['edit', `${p}/edit`],
      ['whole form', `${p}/edit?section=all`],
      ['draft', `/console/passports/${draft.id}`],
      ['draft edit', `/console/passports/${draft.id}/edit`],
      ['draft section', `/console/passports/${draft.id}/edit?section=generalInformation`],
      ['new passport', '/console/passports/new'],
      ['start', '/console/passports/new?category=batteries'],
      ['whole create form', '/console/passports/new?category=batteries&start=form'],
      ['import', '/console/passports/import?category=batteries'],
      ['unit', `/console/units/${unit.id}`],
      ['operators', '/console/operators'],
      ['operator', `/console/operators/${operator.id}`],
      ['facilities', '/console/facilities'],
      ['facility', `/console/facilities/${facility.id}`],
      ['keys', '/console/keys'],
      ['grants', '/console/grants'],
      ['webhooks', '/console/webhooks'],
      ['webhook', `/console/webhooks/${hookId}`],
      ['deliveries', '/console/webhooks/deliveries'],
      ['members', '/console/members'],
      ['member', `/console/members/${bob.id}`],
      ['security', '/console/security'],
    ] as const)
      screens.set(name, path);
    void ada;
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // Data the fixtures wrote in English, and proper names, are not the console's words.
  const data = (): string[] => [
    `Workspace ${workspace.subdomain}`,
    'Initial admin key',
    'Cell plant Salzgitter',
    'GS1 Global Location Number',
  ];
  const textOf = async (page: Page) => {
    let text = `${await page.title()}\n${await page.locator('body').innerText()}`;
    for (const known of data()) text = text.replaceAll(known, ' ');
    return text;
  };

  it('chooses German with the switch on the sign-in page, and keeps it after signing in', async () => {
    walker = await watchedPage(browser, { locale: 'en-GB' });
    const { page } = walker;
    await page.goto(`${base}/console/sign-in`);
    await page.selectOption('#language-choice', 'de');
    await page.click('footer button[type=submit]');
    await page.waitForLoadState('domcontentloaded');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await signInThroughForm(page, base, workspace.subdomain, 'ada@example.com');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
  });

  it.each(SCREENS)(
    'shows the %s screen with no English text that German translates, axe clean',
    async (name) => {
      const { page, problems } = walker;
      const screen = screens.get(name) ?? '';
      const answer = await page.goto(`${base}${screen}`);
      expect(answer?.status(), screen).toBeLessThan(400);
      expect(await page.getAttribute('html', 'lang'), screen).toBe('de');
      expect(englishLeftovers(await textOf(page), 'de')).toEqual([]);
      expect(await axeFindings(browser, base, page)).toEqual([]);
      expect(problems).toEqual([]);
    },
  );
});
