// The console in people's words, in a real Chromium, in English and German, at desktop and phone
// width: countries are chosen by name (the select's type-ahead finds "Germany" and "Deutschland"),
// an EORI of another country than the operator's is refused naming both countries at the field,
// hazardous substances are edited as repeatable field groups with add and remove, roles and
// statuses read as labels, the version comparison names fields by label, the overview tells what
// happened as sentences and dates are in the page's language. axe-core on every page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { launchBrowser, serveForBrowser } from '../helpers/browser.ts';
import { addMember, session } from '../helpers/console.ts';
import { axeFindings, keepScreenshot, signInThroughForm, watchedPage } from '../helpers/console-browser.ts';
import { batteryMetadata, createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const MODEL = 'VC-300 LFP 48V';

const WORDS = {
  en: {
    locale: 'en-GB',
    germany: 'Germany',
    eori: 'The EORI DE555000111 was issued by Germany, but the country chosen is France.',
    required: 'Name is required: please fill it in.',
    manufacturer: 'Manufacturer',
    published: `anna@example.com published ${MODEL}`,
    remove: 'Remove',
    addRow: /./,
  },
  de: {
    locale: 'de-DE',
    germany: 'Deutschland',
    eori: 'Die EORI DE555000111 wurde von Deutschland erteilt, als Land ist aber Frankreich gewählt.',
    required: 'Bezeichnung fehlt: bitte ausfüllen.',
    manufacturer: 'Hersteller',
    published: `anna@example.com hat ${MODEL} veröffentlicht`,
    remove: 'entfernen',
    addRow: /./,
  },
} as const;

describe('the console in people’s words, in Chromium', () => {
  const app = useTestApp();
  let browser: Browser;
  let base: string;
  let workspace: TestWorkspace;
  let passportId: string;
  let operatorId: string;
  let annaToken: string;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'anna@example.com');
    // The tests register more operators: passports name theirs.
    operatorId = (await createOperator(app, workspace)).id;
    const anna = await session(app, workspace, 'anna@example.com');
    annaToken = anna.token;
    const metadata = batteryMetadata();
    (metadata.generalInformation as Record<string, unknown>).batteryModel = MODEL;
    const passport = await createPassport(app, anna.token, { status: 'DRAFT', metadata, operatorId });
    passportId = passport.id;
    const published = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${passportId}/status`,
      headers: bearer(anna.token),
      payload: { status: 'ACTIVE' },
    });
    expect(published.statusCode, published.body).toBe(200);
    base = await serveForBrowser(app);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  async function signedIn(viewport: { width: number; height: number }, locale: string) {
    // The refused forms answer 400 on purpose; Chromium logs any 4xx document as an error.
    const watched = await watchedPage(browser, { viewport, locale }, (text) =>
      text.includes('status of 400'),
    );
    contexts.push(watched.page.context());
    await signInThroughForm(watched.page, base, workspace.subdomain, 'anna@example.com');
    return watched;
  }

  async function publishAsAnna() {
    const metadata = batteryMetadata();
    (metadata.generalInformation as Record<string, unknown>).batteryModel = MODEL;
    const passport = await createPassport(app, annaToken, { status: 'DRAFT', metadata, operatorId });
    const published = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${passport.id}/status`,
      headers: bearer(annaToken),
      payload: { status: 'ACTIVE' },
    });
    expect(published.statusCode, published.body).toBe(200);
  }

  async function check(page: Page, name: string) {
    expect(await axeFindings(browser, base, page, 'all'), name).toEqual([]);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow, name).toBeLessThanOrEqual(0);
    await keepScreenshot(page, name);
  }

  async function submit(page: Page, selector: string) {
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.click(selector),
    ]);
    await page.waitForLoadState('domcontentloaded');
    return answer.status();
  }

  for (const lang of ['en', 'de'] as const) {
    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const words = WORDS[lang];
      it(`chooses countries by name and says what is wrong at the field (${lang}, ${width})`, async () => {
        const { page, problems } = await signedIn(viewport, words.locale);
        await page.goto(`${base}/console/operators`);
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        // Typing a country's name in the page's language finds it: never GE (Georgia) for Germany.
        await page.focus('#country');
        await page.keyboard.type(words.germany);
        expect(await page.inputValue('#country')).toBe('DE');
        expect(await page.locator('#role option[value="MANUFACTURER"]').innerText()).toBe(words.manufacturer);

        await page.selectOption('#country', 'FR');
        await page.fill('#regIdScheme', 'EORI');
        await page.fill('#regId', 'DE555000111');
        // A missing name is named by its label; the form comes back as chosen.
        expect(await submit(page, 'form[action^="/console/operators"] button.primary')).toBe(400);
        expect(await page.locator('#name-error').innerText()).toBe(words.required);
        expect(await page.inputValue('#country')).toBe('FR');
        await page.fill('#name', `Akku Werke ${lang} ${width}`);
        // An EORI of another country than the operator's: both countries named, at the field.
        expect(await submit(page, 'form[action^="/console/operators"] button.primary')).toBe(400);
        expect(await page.locator('#regId-error').innerText()).toContain(words.eori);
        expect(await page.locator('#form-errors a[href="#regId"]').innerText()).toContain(words.eori);
        await check(page, `words-operator-refused-${lang}-${width}`);

        await page.fill('#name', `Akku Werke ${lang} ${width}`);
        await page.selectOption('#country', 'DE');
        await page.fill('#regId', `DE${lang === 'en' ? 1 : 2}${width === 'desktop' ? 1 : 2}4711`);
        expect(await submit(page, 'form[action^="/console/operators"] button.primary')).toBe(303);
        await page.goto(`${base}/console/operators`);
        const row = page.locator('tr', { hasText: `Akku Werke ${lang} ${width}` });
        expect(await row.innerText()).toContain(words.germany);
        expect(await row.innerText()).toContain(words.manufacturer);
        await check(page, `words-operators-${lang}-${width}`);
        expect(problems).toEqual([]);
      });

      it(`edits hazardous substances as field groups, and tells what happened in sentences (${lang}, ${width})`, async () => {
        const { page, problems } = await signedIn(viewport, words.locale);
        const made = await app.inject({
          method: 'POST',
          url: '/api/v1/passports?partial=true',
          headers: bearer(workspace.token),
          payload: {
            productId: `SKU-${lang}-${width}`,
            category: 'batteries',
            status: 'DRAFT',
            operatorId,
            metadata: batteryMetadata(),
          },
        });
        expect(made.statusCode, made.body).toBe(201);
        const id = made.json().passport.id as string;
        await page.goto(`${base}/console/passports/${id}/edit?section=materialComposition`);
        const list = '#f\\.metadata\\.materialComposition\\.hazardousSubstances';
        const names = () => page.locator(`${list} input[name$="/name"]`).count();
        const before = await names();
        expect(before).toBeGreaterThan(1);
        await check(page, `words-substances-${lang}-${width}`);
        // Remove the first substance: the form comes back without it, nothing saved yet.
        const first = await page.inputValue(
          `${list} input[name="/metadata/materialComposition/hazardousSubstances/0/name"]`,
        );
        expect(
          await submit(
            page,
            `${list} button[name="_remove"][value="/metadata/materialComposition/hazardousSubstances/0"]`,
          ),
        ).toBe(200);
        expect(await names()).toBe(before - 1);
        expect(
          await page.inputValue(
            `${list} input[name="/metadata/materialComposition/hazardousSubstances/0/name"]`,
          ),
        ).not.toBe(first);
        // Enter in a field saves the section: the first button of the form is Save, not add or remove.
        await page.focus('input[name="/metadata/materialComposition/hazardousSubstances/0/name"]');
        const [saved] = await Promise.all([
          page.waitForResponse((response) => response.request().method() === 'POST'),
          page.keyboard.press('Enter'),
        ]);
        expect(saved.status()).toBe(303);
        await page.waitForURL(/done=saved/);
        const stored = await app.inject({
          method: 'GET',
          url: `/api/v1/passports/${id}`,
          headers: bearer(workspace.token),
        });
        // The example holds one substance: removed, the list is gone from the stored passport.
        const substances = (stored.json().metadata.materialComposition.hazardousSubstances ?? []) as {
          name: string;
        }[];
        expect(substances.map((substance) => substance.name)).not.toContain(first);
        expect(substances).toHaveLength(before - 2);

        // Published by the member just now, so among the overview's ten newest events.
        await publishAsAnna();
        await page.goto(`${base}/console`);
        expect(await page.locator('main').innerText()).toContain(words.published);
        await check(page, `words-overview-${lang}-${width}`);

        await page.goto(`${base}/console/passports/${id}/versions/1`);
        const changed = await page.locator('tbody th').allInnerTexts();
        expect(changed.some((label) => label.includes('›'))).toBe(true);
        expect(changed.join(' ')).not.toMatch(/^\/metadata/);
        await check(page, `words-versions-${lang}-${width}`);
        expect(problems).toEqual([]);
      });
    }
  }
});
