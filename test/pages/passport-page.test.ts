// The passport page as a person sees it on a phone: opened in Chromium from a small server that
// renders it the way the resolver does (escaping templates, a content policy that allows no script
// and no outside asset), in three languages, checked by axe-core and photographed for review.
import { mkdirSync } from 'node:fs';
import axe from 'axe-core';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickLanguage } from '../../src/core/i18n.ts';
import type { SchemaCategory } from '../../src/domain/categories/types.ts';
import type { PassportStatus } from '../../src/domain/passports/lifecycle.ts';
import type { PassportPageTier } from '../../src/domain/passports/page.ts';
import { launchBrowser, newContext, serveForBrowser } from '../helpers/browser.ts';
import {
  CATEGORIES,
  example,
  ownerDocument,
  pageInput,
  renderPage,
  viewFor,
} from '../helpers/passport-page.ts';

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);
const PHONE = { width: 360, height: 780 };
// The policy the resolver sends with the page: text, inline styles and inline SVG, nothing else.
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

interface Query {
  lang?: string;
  status?: PassportStatus;
  long?: string;
}

/** A product whose name and links are as long as real ones get, to test wrapping at 360 px. */
function longNamed(category: SchemaCategory): unknown {
  const metadata = example(category);
  if (category === 'textiles') {
    const info = metadata.productInformation as Record<string, unknown>;
    info.productName = 'Funktionsunterwäschegarnitur Donaudampfschifffahrtsgesellschaftskapitänsedition';
    (metadata.repairability as Record<string, unknown>).repairInstructionsUrl =
      'https://nordweave.example/repair/instructions/NW-TS-204/ausfuehrliche-reparaturanleitung-fuer-alle-groessen.pdf';
  }
  return metadata;
}

function pageServer(): FastifyInstance {
  const server = Fastify();
  server.get<{ Params: { category: SchemaCategory; tier: PassportPageTier }; Querystring: Query }>(
    '/passport/:category/:tier',
    (request, reply) => {
      const { category, tier } = request.params;
      const lang = pickLanguage(request.query.lang, request.headers['accept-language']);
      const owner = ownerDocument(category, {
        status: request.query.status ?? 'ACTIVE',
        metadata: request.query.long ? longNamed(category) : example(category),
        retentionUntil: request.query.status === 'DECOMMISSIONED' ? new Date('2035-06-01T00:00:00Z') : null,
      });
      const html = renderPage(pageInput(viewFor(owner, tier), tier, lang));
      return reply
        .type('text/html; charset=utf-8')
        .header('content-language', lang)
        .header('content-security-policy', PAGE_POLICY)
        .send(html);
    },
  );
  return server;
}

interface Watched {
  page: Page;
  problems: string[];
  outside: string[];
}

describe('passport page in Chromium', () => {
  let server: FastifyInstance;
  let browser: Browser;
  let base: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = pageServer();
    base = await serveForBrowser(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
  });

  /** A page in a fresh context; `bypassCSP` only where axe-core must be injected. */
  async function open(path: string, options: { width?: number; axe?: boolean } = {}): Promise<Watched> {
    const context = await newContext(browser, {
      viewport: { width: options.width ?? PHONE.width, height: PHONE.height },
      bypassCSP: options.axe === true,
    });
    contexts.push(context);
    const page = await context.newPage();
    const problems: string[] = [];
    const outside: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(base)) outside.push(request.url());
    });
    const response = await page.goto(`${base}${path}`);
    expect(response?.status()).toBe(200);
    return { page, problems, outside };
  }

  // Evaluated as source: the project's types are Node's, not the DOM's.
  const overflow = (page: Page) =>
    page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

  /** Key figures whose text does not fit their box, or whose box leaves the screen. */
  const clippedFigures = (page: Page) =>
    page.evaluate<string[]>(`[...document.querySelectorAll('.figures li')].filter((li) => {
      const box = li.getBoundingClientRect();
      const spans = [...li.querySelectorAll('span')];
      return li.scrollWidth > li.clientWidth || box.left < 0 || box.right > window.innerWidth ||
        spans.some((s) => s.scrollWidth > s.clientWidth + 1 || s.getBoundingClientRect().right > box.right + 1);
    }).map((li) => li.dataset.figure)`);

  async function axeViolations(page: Page): Promise<string[]> {
    await page.evaluate(axe.source);
    const result = await page.evaluate<{
      violations: { id: string; impact: string | null; nodes: unknown[] }[];
    }>('axe.run(document, { resultTypes: ["violations"] })');
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.nodes.length})`);
  }

  it.each([
    ['en', 'Key figures'],
    ['de', 'Kennzahlen'],
    ['fi', 'Avainluvut'],
  ])('shows a battery passport in %s at 360 px: fits, no errors, axe clean', async (lang, keyFigures) => {
    const { page, problems, outside } = await open(`/passport/batteries/legitimate-interest?lang=${lang}`);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('h1').innerText()).toBe('VoltPack 75 NMC');
    expect(await page.locator('#key-figures').innerText()).toBe(keyFigures);
    expect(await page.locator('[data-figure]').count()).toBe(6);
    expect(await page.locator('[data-figure="stateOfHealth"] .value').innerText()).toMatch(/^97[.,]5\s?%$/);
    expect(await page.locator('svg.qr').isVisible()).toBe(true);
    expect(await page.locator('a.request').count()).toBe(1);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await clippedFigures(page)).toEqual([]);
    await page.screenshot({
      path: new URL(`passport-batteries-${lang}-360.png`, ARTIFACTS).pathname,
      fullPage: true,
    });
    expect(problems).toEqual([]);
    expect(outside).toEqual([]);

    const checked = await open(`/passport/batteries/legitimate-interest?lang=${lang}`, { axe: true });
    expect(await axeViolations(checked.page)).toEqual([]);
  });

  it.each(CATEGORIES)(
    'shows the public %s passport at 360 px without overflow and axe clean',
    async (category) => {
      const { page, problems } = await open(`/passport/${category}/public?lang=en`, { axe: true });
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await clippedFigures(page)).toEqual([]);
      expect(await page.locator('[data-figure]').count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: new URL(`passport-${category}-public-360.png`, ARTIFACTS).pathname,
        fullPage: true,
      });
      expect(problems).toEqual([]);
    },
  );

  it('wraps long names and links inside the screen', async () => {
    const { page, problems } = await open('/passport/textiles/owner?lang=de&long=1');
    expect(await page.locator('h1').innerText()).toContain('Donaudampfschifffahrts');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await clippedFigures(page)).toEqual([]);
    const offscreen = await page.evaluate<number>(
      `[...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).length`,
    );
    expect(offscreen).toBe(0);
    await page.screenshot({
      path: new URL('passport-textiles-long-de-360.png', ARTIFACTS).pathname,
      fullPage: true,
    });
    expect(problems).toEqual([]);
  });

  it('puts a recall first, above the heading, and marks a decommissioned passport', async () => {
    const recalled = await open('/passport/batteries/public?lang=de&status=RECALLED', { axe: true });
    const notice = await recalled.page.locator('.notice.recalled').boundingBox();
    const heading = await recalled.page.locator('h1').boundingBox();
    expect(notice && heading && notice.y < heading.y).toBe(true);
    expect(await recalled.page.locator('.notice.recalled').innerText()).toContain('zurückgerufen');
    expect(await axeViolations(recalled.page)).toEqual([]);
    await recalled.page.screenshot({ path: new URL('passport-recalled-de-360.png', ARTIFACTS).pathname });

    const retired = await open('/passport/electronics/public?lang=en&status=DECOMMISSIONED', { axe: true });
    expect(await retired.page.locator('.notice.decommissioned').innerText()).toContain('2035');
    expect(await axeViolations(retired.page)).toEqual([]);
  });

  it('shows a visible focus ring on keyboard focus and reads well on a desktop', async () => {
    const { page } = await open('/passport/chemicals/authority?lang=en', { width: 1280 });
    await page.keyboard.press('Tab');
    const outline = await page.evaluate<string>(
      'getComputedStyle(document.activeElement).outlineStyle + " " + getComputedStyle(document.activeElement).outlineWidth',
    );
    expect(outline).toBe('solid 3px');
    // The authority sees everything a grant can show: nothing left to request.
    expect(await page.locator('#restricted').count()).toBe(0);
    await page.screenshot({
      path: new URL('passport-chemicals-authority-1280.png', ARTIFACTS).pathname,
      fullPage: true,
    });
  });
});
