// A passport started from the category's example in a real Chromium: every example value marked
// beside its field and listed before publishing, the operator's and facility's own names written in
// place of the example's, publishing refused until each section is confirmed in one click, then
// published, and the public page naming the operator, not the example's company. axe on each page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { addMember } from '../helpers/console.ts';
import { axeFindings, signInThroughForm, watchedPage } from '../helpers/console-browser.ts';
import { createFacility, createOperator, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('a passport from the example, confirmed before it is published', () => {
  const app = useTestApp();
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  let operatorId = '';
  let facilityId = '';
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'ada@example.com');
    operatorId = (
      await createOperator(app, workspace, {
        name: 'Akku Nord GmbH',
        address: { street: 'Hafenstraße 3', postalCode: '24103', city: 'Kiel', country: 'DE' },
      })
    ).id;
    facilityId = (await createFacility(app, workspace, { name: 'Zellwerk Kiel', operatorId })).id;
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function fresh(viewport = DESKTOP) {
    const watched = await watchedPage(browser, { viewport, locale: 'en-GB' });
    contexts.push(watched.page.context());
    await signInThroughForm(watched.page, base, workspace.subdomain, 'ada@example.com');
    return watched;
  }
  const read = async (id: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/v1/passports/${id}`, headers: bearer(workspace.token) })
    ).json();
  const field = (pointer: string) => `[name="${pointer}"]`;
  const markOf = (page: Page, id: string) => page.locator(`[id="${id}-mark"]`);

  it('marks the example values, refuses publishing, and publishes once each section is confirmed', async () => {
    const { page, problems } = await fresh();
    const gtin = newGtin13();
    await page.goto(`${base}/console/passports/new?category=batteries`);
    await page.check('#start-example');
    await page.fill(field('/productId'), gtin);
    await page.selectOption(field('/originCountry'), 'DE');
    await page.selectOption(field('/operatorId'), operatorId);
    await page.selectOption(field('/facilityId'), facilityId);
    await page.click('form.passport-form button.primary');
    await page.waitForURL((url) => url.pathname.endsWith('/edit'));
    const id = new URL(page.url()).pathname.split('/')[3] as string;

    // The section of general information: the operator's and facility's own values, unmarked; the
    // example's model and mass marked beside their fields.
    await page.goto(`${base}/console/passports/${id}/edit?section=generalInformation`);
    const manufacturer = '/metadata/generalInformation/manufacturer/name';
    expect(await page.inputValue(field(manufacturer))).toBe('Akku Nord GmbH');
    expect(await page.inputValue(field('/metadata/generalInformation/economicOperator/name'))).toBe(
      'Akku Nord GmbH',
    );
    expect(await page.inputValue(field('/metadata/generalInformation/manufacturingPlace/name'))).toBe(
      'Zellwerk Kiel',
    );
    expect(await markOf(page, 'f.metadata.generalInformation.manufacturer.name').count()).toBe(0);
    const mass = markOf(page, 'f.metadata.generalInformation.batteryMass');
    expect(await mass.innerText()).toBe('example value: confirm or change');
    expect(
      await page.getAttribute(field('/metadata/generalInformation/batteryMass'), 'aria-describedby'),
    ).toContain('f.metadata.generalInformation.batteryMass-mark');
    // The checklist does not call the draft publishable, and links each example value to its field.
    const checklist = page.locator('#checklist');
    expect(await page.locator('text=Nothing is missing').count()).toBe(0);
    expect(await page.locator('#publish').count()).toBe(0);
    expect(
      await checklist.locator('a[href$="#f.metadata.generalInformation.batteryMass"]').count(),
    ).toBeGreaterThan(0);
    expect(await axeFindings(browser, base, page, 'all')).toEqual([]);

    // Publishing is refused by the API with every example value named.
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${id}/status`,
      headers: bearer(workspace.token),
      payload: { status: 'ACTIVE' },
    });
    expect(refused.statusCode).toBe(400);
    const named = (refused.json().errors as { code: string; path: string }[]).map((item) => item.path);
    expect(named).toContain('/metadata/generalInformation/batteryMass');
    expect(named).toContain('/metadata/carbonFootprint/total');

    // A value changed is confirmed; the rest of its section in one click.
    await page.fill(field('/metadata/generalInformation/batteryMass'), '301');
    await page.click('button[name=_go][value=stay]:not(.visually-hidden)');
    await page.waitForURL((url) => url.searchParams.get('done') === 'saved');
    expect(await markOf(page, 'f.metadata.generalInformation.batteryMass').count()).toBe(0);
    const stored = (await read(id)).unconfirmed as { path: string }[];
    const sections = [...new Set(stored.map((marker) => marker.path.split('/')[2] as string))];
    for (const section of sections) {
      await page.goto(`${base}/console/passports/${id}/edit?section=${section}`);
      await page.click('#confirm-section');
      await page.waitForURL((url) => url.searchParams.get('done') === 'confirmed');
      expect(await page.locator('[role=status]').innerText()).toBe(
        'Done: the values of this section are confirmed.',
      );
      expect(await page.locator('.mark').count()).toBe(0);
    }
    expect(await axeFindings(browser, base, page, 'all')).toEqual([]);

    await page.goto(`${base}/console/passports/${id}/edit?section=passport`);
    expect(await page.locator('text=Nothing is missing').count()).toBe(1);
    await page.click('#publish');
    await page.waitForLoadState('domcontentloaded');
    expect((await read(id)).status).toBe('ACTIVE');

    // The published page names the operator and its plant, never the example's company.
    await page.goto(`${base}/passport/${id}`);
    const text = await page.locator('main').innerText();
    expect(text).toContain('Akku Nord GmbH');
    expect(text).toContain('Zellwerk Kiel');
    expect(text).not.toContain('VoltCell Europe GmbH');
    expect(text).not.toContain('Wolfsburg cell plant');
    expect(problems).toEqual([]);
  });

  it('shows the marks of a copy at phone width, axe clean', async () => {
    const { page } = await fresh(PHONE);
    const source = await app.inject({
      method: 'POST',
      url: '/api/v1/passports',
      headers: bearer(workspace.token),
      payload: {
        productId: newGtin13(),
        category: 'textiles',
        originCountry: 'PT',
        metadata: {
          productInformation: { productName: 'Wollschal', productType: 'Schal' },
          fibreComposition: [{ fibre: 'WOOL', share: 100 }],
          careInstructions: { washing: 'WASH_30' },
        },
      },
    });
    expect(source.statusCode, source.body).toBe(201);
    await page.goto(`${base}/console/passports/new?category=textiles`);
    await page.check('#start-copy');
    await page.selectOption('#copyFrom', source.json().passport.id);
    await page.fill(field('/productId'), newGtin13());
    await page.click('form.passport-form button.primary');
    await page.waitForURL((url) => url.pathname.endsWith('/edit'));
    // The country of origin is copied too, marked as copied.
    expect(await page.inputValue(field('/originCountry'))).toBe('PT');
    expect(await markOf(page, 'f.originCountry').innerText()).toBe('copied value: confirm or change');
    expect(await axeFindings(browser, base, page, 'all')).toEqual([]);
  });
});
