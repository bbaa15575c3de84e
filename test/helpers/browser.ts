// A real Chromium driven by playwright-core, for tests of the pages people see: CHROMIUM_PATH if
// set, else the system's (Debian's package), else the one the @sparticuz/chromium dev dependency
// carries inside itself, so that `npm install && npm test` passes on a machine with no browser.
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { PROCESS_BUDGET_MS } from './process.ts';
import { WAIT_BUDGET_MS } from './waits.ts';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export async function chromiumPath(): Promise<string> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH names no file: ${configured}`);
    return configured;
  }
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  // Unpacked once into the temporary directory on first use.
  const { default: bundled } = await import('@sparticuz/chromium');
  return bundled.executablePath();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumPath(),
    // Starting Chromium is starting a process: Playwright's 30 s is too short on a busy machine.
    timeout: PROCESS_BUDGET_MS,
    // The closed network refuses Chromium's own background traffic; these keep it quiet.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A browser context whose waits (navigations, clicks, locators) allow a busy machine: WAIT_BUDGET_MS
 * rather than Playwright's 30 s, within the suite's test timeout.
 */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(WAIT_BUDGET_MS);
  return context;
}

/** A page in a context of its own (closed with the page), with the waits of `newContext`. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await browser.newPage(options);
  page.setDefaultTimeout(WAIT_BUDGET_MS);
  return page;
}

/** Puts a test app on a loopback port for the browser; returns its base URL. */
export async function serveForBrowser(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}
