// The full app on a fresh store with one enterprise workspace (no per-key budget, so figures
// measure the work and not the limiter), for benchmarks of authenticated routes.
import { randomInt } from 'node:crypto';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { App } from '../../src/context.ts';
import { type Db, openDatabase } from '../../src/db/client.ts';
import { categorySchemas } from '../../src/domain/categories/schemas/index.ts';
import { withCheckDigit } from '../../src/domain/gs1/check-digit.ts';

export const ADMIN_TOKEN = 'bench-admin-token-0123456789';

export interface BenchApp {
  app: App;
  db: Db;
  tenantId: string;
  token: string;
  headers: Record<string, string>;
  close(): Promise<void>;
}

export async function benchApp(
  databaseUrl: string | undefined,
  build: { renderCacheTtlMs?: number } = {},
): Promise<BenchApp> {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { inMemory: true });
  const config = loadConfig({
    PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    MASTER_KEY: 'ab'.repeat(32),
    // One load generator is one address: the per-address ceiling stays on (its cost is measured)
    // but never binds.
    RATE_LIMIT_AUTHENTICATED_IP: '1000000000',
    RATE_LIMIT_PUBLIC_RESOLUTION: '1000000000',
    RATE_LIMIT_ANONYMOUS: '1000000000',
  });
  const app = await buildApp({ config, db: database.db, changes: database.changes, ...build });
  const created = await app.inject({
    method: 'POST',
    url: '/admin/v1/workspaces',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { name: 'Bench', subdomain: `bench-${Date.now()}`, tier: 'enterprise' },
  });
  const token = created.json().apiKey.token as string;
  return {
    app,
    db: database.db,
    tenantId: created.json().tenant.id as string,
    token,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The workspace's operator and one battery passport (the category's example), made through the API. */
export async function benchPassport(
  bench: Pick<BenchApp, 'app' | 'headers'>,
  productId = randomGtin(),
): Promise<string> {
  const { app, headers } = bench;
  await app.inject({
    method: 'POST',
    url: '/api/v1/operators',
    headers,
    payload: {
      name: 'Bench Cells',
      regIdScheme: 'DE-HRB',
      regId: `HRB${randomInt(1e8)}`,
      role: 'MANUFACTURER',
      country: 'DE',
    },
  });
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/passports',
    headers,
    payload: { productId, category: 'batteries', originCountry: 'DE', metadata: BATTERY_METADATA },
  });
  if (created.statusCode !== 201) throw new Error(`bench passport: ${created.body}`);
  return created.json().passport.id as string;
}

export const BATTERY_METADATA = (categorySchemas.batteries.examples as unknown[])[0];
export const randomGtin = () => withCheckDigit(`4${String(randomInt(1e9)).padStart(11, '0')}`);
