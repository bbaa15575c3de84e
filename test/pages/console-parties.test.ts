// The operator, facility and member-role forms in a real Chromium: a refused registration comes
// back with what was typed, the message by its field and a summary; a corrected one is saved and
// edited; a member's role is changed and its session follows. axe-core on every page, at desktop
// and phone width, with screenshots kept when SCREENSHOT_DIR is set.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { addMember, session } from '../helpers/console.ts';
import { axeFindings, keepScreenshot, signInThroughForm, watchedPage } from '../helpers/console-browser.ts';
import { createOperator } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

describe('operator, facility and role forms in Chromium', () => {
  const app = useTestApp();
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'ada@example.com');
    await addMember(app, workspace, 'bob@example.com', 'AUDITOR');
    await createOperator(app, workspace, { name: 'Cell Supplier AG' });
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function signedIn(viewport: { width: number; height: number }) {
    // The refused forms answer 400 on purpose; Chromium logs any 4xx document as an error.
    const watched = await watchedPage(browser, { viewport }, (text) => text.includes('status of 400'));
    contexts.push(watched.page.context());
    await signInThroughForm(watched.page, base, workspace.subdomain, 'ada@example.com');
    return watched;
  }

  const axeViolations = (page: Page) => axeFindings(browser, base, page);

  /** axe-core clean, no sideways scrolling, and the screenshot kept as an artefact. */
  async function check(page: Page, name: string) {
    expect(await axeViolations(page), name).toEqual([]);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow, name).toBeLessThanOrEqual(0);
    await keepScreenshot(page, name);
  }

  async function submit(page: Page, selector: string, path: RegExp) {
    const [answer] = await Promise.all([
      page.waitForResponse(
        (response) => path.test(new URL(response.url()).pathname) && response.request().method() === 'POST',
      ),
      page.click(selector),
    ]);
    await page.waitForLoadState('domcontentloaded');
    return answer.status();
  }

  const api = async (url: string) =>
    (await app.inject({ method: 'GET', url, headers: bearer(workspace.token) })).json();

  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`registers an economic operator, refused first, then edits it (${width})`, async () => {
      const { page, problems } = await signedIn(viewport);
      await page.click('nav a[href="/console/operators"]');
      await page.fill('#name', `Akku Werke ${width}`);
      await page.fill('#regIdScheme', 'DE-HRB');
      await page.fill('#regId', 'HRB 4711 KS');
      await page.selectOption('#role', 'IMPORTER');
      await page.fill('#country', 'de');
      await page.fill('#address-city', 'Kassel');
      expect(
        await submit(page, 'form[action^="/console/operators"] button.primary', /^\/console\/operators$/),
      ).toBe(400);
      expect(await page.locator('#form-errors').isVisible()).toBe(true);
      expect(await page.locator('#form-errors a[href="#regId"]').innerText()).toContain('regId');
      expect(await page.getAttribute('#regId', 'aria-invalid')).toBe('true');
      expect(await page.locator('#regId-error').innerText()).toContain('without spaces');
      expect(await page.inputValue('#name')).toBe(`Akku Werke ${width}`);
      expect(await page.inputValue('#address-city')).toBe('Kassel');
      expect(await page.inputValue('#role')).toBe('IMPORTER');
      await check(page, `operator-refused-${width}`);

      await page.fill('#regId', `HRB4711${width}`);
      expect(
        await submit(page, 'form[action^="/console/operators"] button.primary', /^\/console\/operators$/),
      ).toBe(303);
      expect(new URL(page.url()).pathname).toMatch(/^\/console\/operators\/[0-9a-f-]{36}$/);
      expect(await page.locator('#notice').innerText()).toBe('Registered.');
      await check(page, `operator-edit-${width}`);

      await page.fill('#name', `Akku Werke ${width} GmbH`);
      await page.selectOption('#role', 'MANUFACTURER');
      await page.fill('#address-city', '');
      expect(await submit(page, 'form.stack button.primary', /^\/console\/operators\/[0-9a-f-]{36}$/)).toBe(
        303,
      );
      expect(await page.locator('#notice').innerText()).toBe('Saved.');
      const id = new URL(page.url()).pathname.split('/')[3] as string;
      expect((await api(`/api/v1/operators/${id}`)).operator).toMatchObject({
        name: `Akku Werke ${width} GmbH`,
        role: 'MANUFACTURER',
        country: 'DE',
        address: null,
      });
      expect(problems).toEqual([]);
    });

    it(`registers a facility, refused first, then edits it (${width})`, async () => {
      const { page, problems } = await signedIn(viewport);
      await page.goto(`${base}/console/facilities`);
      const gln = width === 'desktop' ? '4012345000016' : '4012345000023';
      await page.fill('#gln', `${gln.slice(0, 12)}0`);
      await page.fill('#name', `Cell plant ${width}`);
      await page.fill('#activity', 'manufacturing');
      await page.fill('#country', 'DE');
      await page.selectOption('#operatorId', { label: 'Cell Supplier AG' });
      expect(
        await submit(page, 'form[action^="/console/facilities"] button.primary', /^\/console\/facilities$/),
      ).toBe(400);
      expect(await page.locator('#gln-error').innerText()).toContain('check digit');
      expect(await page.inputValue('#name')).toBe(`Cell plant ${width}`);
      await check(page, `facility-refused-${width}`);

      await page.fill('#gln', gln);
      expect(
        await submit(page, 'form[action^="/console/facilities"] button.primary', /^\/console\/facilities$/),
      ).toBe(303);
      expect(await page.locator('#notice').innerText()).toBe('Registered.');
      await check(page, `facility-edit-${width}`);

      await page.fill('#activity', 'assembly');
      await page.fill('#address-street', 'Werkstraße 1');
      expect(await submit(page, 'form.stack button.primary', /^\/console\/facilities\/[0-9a-f-]{36}$/)).toBe(
        303,
      );
      const id = new URL(page.url()).pathname.split('/')[3] as string;
      const { facility } = await api(`/api/v1/facilities/${id}`);
      expect(facility).toMatchObject({ gln, activity: 'assembly', address: { street: 'Werkstraße 1' } });
      expect(facility.operatorId).not.toBeNull();
      expect(problems).toEqual([]);
    });
  }

  it('changes a member role, and the member session acts with it at once', async () => {
    const bob = await session(app, workspace, 'bob@example.com');
    const { page, problems } = await signedIn(DESKTOP);
    await page.goto(`${base}/console/members`);
    await check(page, 'members-desktop');
    await page.click('tr:has-text("bob@example.com") >> text=Change role');
    expect(await page.inputValue('#role')).toBe('AUDITOR');
    await check(page, 'member-role-desktop');
    await page.selectOption('#role', 'BRAND_OPERATOR');
    await page.check('input[name=manageMembers]');
    expect(await submit(page, 'form.stack button.primary', /^\/console\/members\/[0-9a-f-]{36}$/)).toBe(303);
    expect(new URL(page.url()).pathname).toBe('/console/members');
    expect(await page.locator('#flash').innerText()).toBe("Done: the member's role was changed.");
    expect(await page.locator('tr', { hasText: 'bob@example.com' }).innerText()).toContain('Brand operator');
    await check(page, 'member-role-changed-desktop');
    const whoami = await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(bob.token) });
    expect(whoami.json().auth.role).toBe('BRAND_OPERATOR');

    const phone = await signedIn(PHONE);
    await phone.page.goto(`${base}/console/members`);
    await check(phone.page, 'members-phone');
    await phone.page.click('tr:has-text("bob@example.com") >> text=Change role');
    expect(await phone.page.isChecked('input[name=manageMembers]')).toBe(true);
    await check(phone.page, 'member-role-phone');
    expect([...problems, ...phone.problems]).toEqual([]);
  });
});
