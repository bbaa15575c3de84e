// Database faults under write load: two service processes on one PostgreSQL keep running while every
// backend of their database is terminated three times and the server restarts once. Requests meet
// either success or 503 with Retry-After (never a 500, never a dropped connection), both instances
// answer /health within 5 s of the database coming back, every acknowledged write is stored once,
// and each instance listens for changes again on exactly one connection. Restarts the local
// PostgreSQL cluster (`pg_ctlcluster`, as root), so it runs in `npm run test:instances` only.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, TEST_MASTER_KEY } from '../helpers/app.ts';
import { batteryMetadata, newGtin13 } from '../helpers/passports.ts';
import { processTimeout, type RunningServer, startServer } from '../helpers/process.ts';
import { runStatement, type ScratchDatabase, scratchDatabase } from '../helpers/scratch-database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
const BACK_WITHIN_MS = 5_000;
const WRITERS = 4;

let scratch: ScratchDatabase | undefined;
let databaseName = '';
let databaseUrl = '';
const servers: RunningServer[] = [];

/** Statements on the server's maintenance connection, the one connection the faults spare. */
const onServer = <T = Record<string, unknown>>(statement: string, values: unknown[] = []) =>
  runStatement<T>(serverUrl as string, statement, values);
const onDatabase = <T = Record<string, unknown>>(statement: string, values: unknown[] = []) =>
  runStatement<T>(databaseUrl, statement, values);

const terminateBackends = () =>
  onServer(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [databaseName],
  );

const cluster = () => {
  const version = readdirSync('/etc/postgresql')[0] as string;
  return ['--skip-systemctl-redirect', version, 'main'];
};

/** Refuses to restart a cluster other than the one TEST_DATABASE_URL names. */
async function assertClusterIsTheServer(): Promise<void> {
  const [version] = cluster().slice(1);
  const { stdout } = await run('pg_lsclusters', ['-h', version as string, 'main']);
  const clusterPort = stdout.trim().split(/\s+/)[2];
  const port = (await onServer<{ port: string }>('show port'))[0]?.port;
  if (clusterPort !== port) {
    throw new Error(`TEST_DATABASE_URL is not the local cluster ${version}/main (port ${clusterPort})`);
  }
}

async function ensurePostgresRunning(): Promise<void> {
  const status = await run('pg_ctlcluster', [...cluster(), 'status']).then(
    () => 'online',
    () => 'down',
  );
  if (status !== 'online') await run('pg_ctlcluster', [...cluster(), 'start']);
}

async function until(probe: () => Promise<boolean>, limitMs: number, what: string): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (await probe().catch(() => false)) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${limitMs} ms`);
}

const healthy = async (server: RunningServer) =>
  (await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(3_000) })).status === 200;

interface Outcomes {
  statuses: Map<number, number>;
  /** productId → how many 201s it got (more than one would be one write acknowledged twice). */
  acknowledged: Map<string, number>;
  /** Requests the node dropped without an answer (reset, closed socket). */
  dropped: string[];
  unavailableWithoutRetryAfter: number;
}

/** Creates passports until `stop()`, each productId retried after a 503 until it is 201 or 409. */
function writeLoad(token: string) {
  const outcomes: Outcomes = {
    statuses: new Map(),
    acknowledged: new Map(),
    dropped: [],
    unavailableWithoutRetryAfter: 0,
  };
  let stopping = false;
  let request = 0;
  const writer = async () => {
    while (!stopping) {
      const productId = newGtin13();
      for (let attempt = 0; attempt < 100; attempt++) {
        const server = servers[request++ % servers.length] as RunningServer;
        let status: number;
        try {
          const response = await fetch(`${server.url}/api/v1/passports`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ productId, category: 'batteries', metadata: batteryMetadata() }),
            signal: AbortSignal.timeout(30_000),
          });
          status = response.status;
          await response.arrayBuffer();
          if (status === 503 && !response.headers.get('retry-after')) outcomes.unavailableWithoutRetryAfter++;
        } catch (error) {
          outcomes.dropped.push(String((error as Error).cause ?? error));
          break;
        }
        outcomes.statuses.set(status, (outcomes.statuses.get(status) ?? 0) + 1);
        if (status === 201)
          outcomes.acknowledged.set(productId, (outcomes.acknowledged.get(productId) ?? 0) + 1);
        // 409: an earlier attempt was written though its answer was a 503 (committed, then lost).
        if (status !== 503) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const running = Promise.all(Array.from({ length: WRITERS }, writer));
  const acks = () => [...outcomes.acknowledged.values()].reduce((sum, n) => sum + n, 0);
  return {
    outcomes,
    /** Resolves once `more` further writes were acknowledged: the load makes progress again. */
    progressed: (more: number) => {
      const target = acks() + more;
      return until(async () => acks() >= target, 30_000, `${more} more acknowledged writes`);
    },
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}

beforeAll(async () => {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL (PostgreSQL) is required: npm run test:instances');
  await assertClusterIsTheServer();
  scratch = await scratchDatabase(serverUrl, 'opendpp_faults');
  databaseName = scratch.name;
  databaseUrl = scratch.url;
  const env = {
    DATABASE_URL: databaseUrl,
    PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN,
    MASTER_KEY: TEST_MASTER_KEY,
    PUBLIC_BASE_URL: 'https://dpp.example.test',
    LOG_LEVEL: 'info',
  };
  // One after the other: the first migrates the fresh database.
  servers.push(await startServer(env));
  servers.push(await startServer(env));
}, processTimeout(2));

afterAll(async () => {
  await ensurePostgresRunning();
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await Promise.race([server.exit, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    server.child.kill('SIGKILL');
  }
  await scratch?.drop();
}, 60_000);

describe('two instances on one PostgreSQL under write load', () => {
  it('survive terminated backends and a server restart, and keep every acknowledged write once', async () => {
    const admin = await fetch(`${servers[0]?.url}/admin/v1/workspaces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Faults',
        subdomain: `faults-${randomUUID().slice(0, 8)}`,
        tier: 'enterprise',
      }),
    });
    expect(admin.status).toBe(201);
    const workspace = (await admin.json()) as { tenant: { id: string }; apiKey: { token: string } };
    const operator = await fetch(`${servers[0]?.url}/api/v1/operators`, {
      method: 'POST',
      headers: { authorization: `Bearer ${workspace.apiKey.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Fault Cells',
        regIdScheme: 'DE-HRB',
        regId: 'HRB424242',
        role: 'MANUFACTURER',
      }),
    });
    expect(operator.status).toBe(201);

    const load = writeLoad(workspace.apiKey.token);
    const recoveries: number[] = [];
    try {
      await load.progressed(10);
      for (let round = 0; round < 3; round++) {
        await terminateBackends();
        await load.progressed(10);
      }
      // The restart returns once the server accepts connections again: the database is back.
      await run('pg_ctlcluster', [...cluster(), 'restart'], { timeout: 60_000 });
      await until(async () => (await onServer('select 1')).length === 1, 30_000, 'PostgreSQL back');
      for (const server of servers) {
        recoveries.push(await until(() => healthy(server), BACK_WITHIN_MS, '/health 200 after the restart'));
      }
      await load.progressed(10);
    } finally {
      await ensurePostgresRunning();
      await load.stop();
    }
    console.info(
      `answers ${JSON.stringify(Object.fromEntries(load.outcomes.statuses))}; /health back after the restart in ${recoveries
        .map((ms) => `${ms.toFixed(0)} ms`)
        .join(', ')}`,
    );

    for (const server of servers) expect(server.child.exitCode).toBeNull();
    const { statuses, acknowledged, dropped } = load.outcomes;
    expect(dropped).toEqual([]);
    expect([...statuses.keys()].filter((status) => ![201, 409, 503].includes(status))).toEqual([]);
    expect(load.outcomes.unavailableWithoutRetryAfter).toBe(0);
    expect([...acknowledged.values()].every((count) => count === 1)).toBe(true);

    // Every acknowledged write is stored, and none twice. A GTIN-13 is kept in its GTIN-14 form.
    const stored = await onDatabase<{ product_id: string; n: number }>(
      'select product_id, count(*)::int as n from passports where tenant_id = $1 group by product_id',
      [workspace.tenant.id],
    );
    const storedCount = new Map(stored.map((row) => [row.product_id.replace(/^0+/, ''), row.n]));
    for (const productId of acknowledged.keys()) {
      expect(storedCount.get(productId.replace(/^0+/, '')), productId).toBe(1);
    }
    expect(stored.every((row) => row.n === 1)).toBe(true);

    // Each instance listens for changes again, on one connection: no attempt was left behind.
    const listeners = async () =>
      (
        await onServer<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'LISTEN %'",
          [databaseName],
        )
      )[0]?.n;
    await until(async () => (await listeners()) === servers.length, 15_000, 'both instances listening');
    for (const server of servers) expect(await healthy(server)).toBe(true);
    expect(await listeners()).toBe(servers.length);
  }, 240_000);
});
