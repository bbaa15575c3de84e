// Whoami: authentication (one key lookup joined with its workspace) and the Whoami result.
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { listen, requestsPerSecond } from './lib/measure.ts';

const ADMIN_TOKEN = 'bench-admin-token-0123456789';

export async function whoamiThroughput(databaseUrl: string | undefined): Promise<number> {
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
      // Enterprise: no per-key budget, so the figure measures the work and not the limiter.
      payload: { name: 'Bench', subdomain: `bench-${Date.now()}`, tier: 'enterprise' },
    });
    const token = created.json().apiKey.token as string;
    const url = await listen(app);
    return await requestsPerSecond({
      url: `${url}/api/v1/whoami`,
      headers: { authorization: `Bearer ${token}` },
    });
  } finally {
    await app.close();
    await database.close();
  }
}
