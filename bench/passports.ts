// Passport create and read rates through the full app (auth, validation, store, rendering).
import { randomInt } from 'node:crypto';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { categorySchemas } from '../src/domain/categories/schemas/index.ts';
import { withCheckDigit } from '../src/domain/gs1/check-digit.ts';
import { listen, requestsPerSecond } from './lib/measure.ts';

const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const metadata = (categorySchemas.batteries.examples as unknown[])[0];

export async function passportThroughput(databaseUrl: string | undefined) {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { inMemory: true });
  const config = loadConfig({
    PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    MASTER_KEY: 'ab'.repeat(32),
  });
  const app = await buildApp({ config, db: database.db });
  try {
    const created = await app.inject({
      method: 'POST',
      url: '/admin/v1/workspaces',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { name: 'Bench', subdomain: `bench-${Date.now()}`, tier: 'enterprise' },
    });
    const token = created.json().apiKey.token as string;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await app.inject({
      method: 'POST',
      url: '/api/v1/operators',
      headers,
      payload: {
        name: 'Bench Cells',
        regIdScheme: 'DE-HRB',
        regId: `HRB${randomInt(1e6)}`,
        role: 'MANUFACTURER',
      },
    });
    const sample = await app.inject({
      method: 'POST',
      url: '/api/v1/passports',
      headers,
      payload: {
        productId: withCheckDigit(`40${String(randomInt(1e10)).padStart(10, '0')}`),
        category: 'batteries',
        metadata,
      },
    });
    const passportId = sample.json().passport.id as string;
    const url = await listen(app);
    let counter = randomInt(1e9);
    const create = await requestsPerSecond({
      url: `${url}/api/v1/passports`,
      method: 'POST',
      headers,
      // A fresh GTIN per request, so every create inserts.
      makeBody: () =>
        JSON.stringify({
          productId: withCheckDigit(`41${String(counter++).padStart(10, '0')}`),
          category: 'batteries',
          metadata,
        }),
    });
    const read = await requestsPerSecond({ url: `${url}/api/v1/passports/${passportId}`, headers });
    return { create, read };
  } finally {
    await app.close();
    await database.close();
  }
}
