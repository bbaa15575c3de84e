// Builds the real app on the worker's database, and makes workspaces and keys through the real
// admin API, so every test starts from what a user would have.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { App } from '../../src/context.ts';
import type { EoriRegistry } from '../../src/core/eori-registry.ts';
import type { Database } from '../../src/db/client.ts';
import { testDatabase } from './db.ts';
import { PROCESS_BUDGET_MS } from './process.ts';
import { checkResponses } from './response-check.ts';
import { scanResponsesForSecrets } from './secret-scan.ts';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
export const BASE_URL = 'https://dpp.example.test';
export const TEST_MASTER_KEY = '5e'.repeat(32);

export interface TestAppOptions {
  clock?: () => Date;
  env?: Record<string, string>;
  /** The in-memory render cache's entry life; 0 sends every public read to the store. */
  renderCacheTtlMs?: number;
  /** Receives the app's log lines (JSON, one a line) at `logLevel` and above. */
  logStream?: { write(line: string): void };
  /** The least level `logStream` receives: `debug` unless named. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** The embedded store's write probe behind `/health` (`read-only` when it throws). */
  probeStoreWrite?: () => Promise<void>;
  /**
   * A store of the test's own (a first boot's) instead of the worker's shared one; without its change
   * feed, the app hears no other instance's commits.
   */
  database?: Pick<Database, 'db'> & Partial<Pick<Database, 'changes'>>;
  /** The EORI registry the app asks, in place of the one EORI_VALIDATION_URL names. */
  eoriRegistry?: EoriRegistry;
  /** Hooks of the test's own, added before any route exists, beside the check of every answer. */
  instrument?: (app: FastifyInstance) => void;
}

/** The configuration every test app runs with, `env` over it. */
export const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({
    PUBLIC_BASE_URL: BASE_URL,
    PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    // One master key for every test app, so that instances sharing a store open each other's secrets.
    MASTER_KEY: TEST_MASTER_KEY,
    // One part of a boot (a Fastify plugin) may take as long as a whole process may take to start:
    // Fastify's default of 10 s is too short for a busy machine (the docs UI alone took longer at
    // load 9). The tests' own timeouts are the backstop.
    PLUGIN_TIMEOUT_MS: String(PROCESS_BUDGET_MS),
    ...env,
  });

export async function testApp(options: TestAppOptions = {}): Promise<App> {
  const { db, changes } = options.database ?? (await testDatabase());
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    db,
    changes,
    instrument: (app) => {
      checkResponses(app);
      options.instrument?.(app);
    },
    ...(options.eoriRegistry ? { eoriRegistry: options.eoriRegistry } : {}),
    ...(options.logStream
      ? { logger: { level: options.logLevel ?? 'debug', stream: options.logStream } }
      : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.renderCacheTtlMs === undefined ? {} : { renderCacheTtlMs: options.renderCacheTtlMs }),
    ...(options.probeStoreWrite ? { probeStoreWrite: options.probeStoreWrite } : {}),
  });
  return scanResponsesForSecrets(app);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const admin = bearer(ADMIN_TOKEN);

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API call with a workspace key, the body (when given) sent as JSON. */
export const apiCall = (app: App, token: string, method: ApiMethod, url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A random address per test, so per-IP budgets of one test never touch another's. */
export const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

export interface TestWorkspace {
  id: string;
  subdomain: string;
  token: string;
  keyId: string;
}

export async function createWorkspace(
  app: App,
  tier: 'starter' | 'growth' | 'scale' | 'enterprise' = 'enterprise',
): Promise<TestWorkspace> {
  const subdomain = `ws-${randomUUID().slice(0, 8)}`;
  const response = await app.inject({
    method: 'POST',
    url: '/admin/v1/workspaces',
    headers: admin,
    payload: { name: `Workspace ${subdomain}`, subdomain, tier },
  });
  if (response.statusCode !== 201) throw new Error(`workspace creation failed: ${response.body}`);
  const body = response.json();
  return { id: body.tenant.id, subdomain, token: body.apiKey.token, keyId: body.apiKey.id };
}

export async function createKey(app: App, workspace: TestWorkspace, body: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/keys',
    headers: bearer(workspace.token),
    payload: { name: 'test key', ...body },
  });
  if (response.statusCode !== 201) throw new Error(`key creation failed: ${response.body}`);
  return response.json() as { key: { id: string; prefix: string }; token: string };
}

export function json(response: LightMyRequestResponse): Record<string, unknown> {
  return response.json() as Record<string, unknown>;
}
