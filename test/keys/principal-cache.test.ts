// The principal cache across instances: a revocation or a workspace change takes effect at once on
// the instance that made it, and on another instance within one second, through the change feed or,
// when a notification is lost, through the cache's time to live. On PostgreSQL (TEST_DATABASE_URL)
// the two instances have their own pools and listening connections, on the worker's database.
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { TTL_MS } from '../../src/modules/keys/principal-cache.ts';
import { admin, bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { testDatabase, testDatabaseUrl } from '../helpers/db.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const BOUND_MS = 1_000;

/** Polls until `done` holds; the elapsed milliseconds, or Infinity when the deadline passes first. */
async function timeUntil(done: () => Promise<boolean>, deadlineMs = 3 * BOUND_MS): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < deadlineMs) {
    if (await done()) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Number.POSITIVE_INFINITY;
}

describe('principal cache across instances', () => {
  let second: Database | null = null;
  // Registered before the apps' hooks, so it runs once they are closed.
  afterAll(async () => {
    await second?.close();
  });
  const a = useTestApp();
  const b = useTestApp(async () => {
    const url = await testDatabaseUrl();
    second = url ? await openDatabase({ databaseUrl: url }) : null;
    return { database: second ?? (await testDatabase()) };
  });
  // An instance that hears no notification at all: only the time to live bounds its staleness.
  const deaf = useTestApp(async () => ({ database: { db: (second ?? (await testDatabase())).db } }));

  const whoami = (app: App, token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) });

  async function warmedKey(): Promise<{ workspace: TestWorkspace; key: { id: string }; token: string }> {
    const workspace = await createWorkspace(a);
    const { key, token } = await createKey(a, workspace, { role: 'ADMIN' });
    for (const app of [a, b, deaf]) expect((await whoami(app, token)).statusCode).toBe(200);
    return { workspace, key, token };
  }

  it('refuses a revoked key at once where it was revoked and within a second elsewhere', async () => {
    const { workspace, key, token } = await warmedKey();
    const revoked = await a.inject({
      method: 'DELETE',
      url: `/api/v1/keys/${key.id}`,
      headers: bearer(workspace.token),
    });
    expect(revoked.statusCode).toBe(204);
    expect((await whoami(a, token)).statusCode).toBe(401);
    const elsewhere = await timeUntil(async () => (await whoami(b, token)).statusCode === 401);
    expect(elsewhere).toBeLessThan(BOUND_MS);
    const unnotified = await timeUntil(async () => (await whoami(deaf, token)).statusCode === 401);
    expect(unnotified).toBeLessThanOrEqual(TTL_MS + 250);
  });

  it('applies a workspace change (subscription lapsed) on every instance within the bound', async () => {
    const { workspace, token } = await warmedKey();
    const patched = await a.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${workspace.id}`,
      headers: admin,
      payload: { subscriptionStatus: 'past_due' },
    });
    expect(patched.statusCode).toBe(200);
    const write = (app: App) =>
      app.inject({ method: 'POST', url: '/api/v1/keys', headers: bearer(token), payload: { name: 'x' } });
    expect((await write(a)).statusCode).toBe(402);
    expect(await timeUntil(async () => (await write(b)).statusCode === 402)).toBeLessThan(BOUND_MS);
  });

  it('shows usage that follows each passport write on the writing instance', async () => {
    const workspace = await createWorkspace(a);
    await a.inject({
      method: 'POST',
      url: '/api/v1/operators',
      headers: bearer(workspace.token),
      payload: { name: 'Op', regIdScheme: 'DE-HRB', regId: `HRB${Date.now()}`, role: 'MANUFACTURER' },
    });
    expect((await whoami(a, workspace.token)).json().usage.activePassports).toBe(0);
    const created = await a.inject({
      method: 'POST',
      url: '/api/v1/passports',
      headers: bearer(workspace.token),
      payload: { productId: `SKU-${Date.now()}`, category: 'toys', metadata: {} },
    });
    expect([201, 400]).toContain(created.statusCode);
    const expected = created.statusCode === 201 ? 1 : 0;
    expect((await whoami(a, workspace.token)).json().usage.activePassports).toBe(expected);
  });
});
