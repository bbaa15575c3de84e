// Read replicas (DATABASE_REPLICA_URLS): two instances on a primary made by the test, reading
// anonymous public resolution from a streaming replica of it (`pg_basebackup -R`, started with
// pg_ctl on a port of its own). Reads are served from the replica; a recall made on one instance is
// seen on the other within the freshness bound; a replica that lags is skipped; the replica stopped under load costs no error and
// no 5xx (reads go to the primary), and once started again it serves reads again. Runs with
// `npm run test:instances`.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/context.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { RENDER_TTL_MS } from '../../src/modules/resolution/render-cache.ts';
import { ADMIN_TOKEN, bearer, testConfig } from '../helpers/app.ts';
import { batteryMetadata, newGtin13 } from '../helpers/passports.ts';
import { type PrimaryAndReplica, primaryAndReplica } from '../helpers/pg-clusters.ts';
import { runStatement } from '../helpers/scratch-database.ts';

interface Node {
  database: Database;
  app: App;
}

let clusters: PrimaryAndReplica | undefined;
let nodes: Node[] = [];
let token: string;

const counts = (node: Node) => {
  const routed = node.database.replicas;
  if (!routed) throw new Error('no replicas configured');
  return { ...routed.counts };
};

async function publicRead(node: Node, id: string) {
  const response = await node.app.inject({
    method: 'GET',
    url: `/passport/${id}`,
    headers: { accept: 'application/ld+json' },
    remoteAddress: '127.0.0.1',
  });
  return response;
}

async function createPassport(node: Node): Promise<string> {
  const created = await node.app.inject({
    method: 'POST',
    url: '/api/v1/passports',
    headers: bearer(token),
    payload: {
      productId: newGtin13(),
      category: 'batteries',
      originCountry: 'DE',
      metadata: batteryMetadata(),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as { passport: { id: string } }).passport.id;
}

/** Polls `probe` until it holds; answers the milliseconds it took. */
async function timeUntil(probe: () => Promise<boolean>, limitMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (await probe()) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not observed within ${limitMs} ms`);
}

beforeAll(async () => {
  clusters = await primaryAndReplica();
  await runStatement(clusters.primary.url('postgres'), 'CREATE DATABASE opendpp');
  const databaseUrl = clusters.primary.url('opendpp');
  const replicaUrls = [clusters.replica.url('opendpp')];
  // The new database reaches the replica by the stream, as everything else does.
  await timeUntil(async () => {
    try {
      await runStatement(replicaUrls[0] as string, 'select 1');
      return true;
    } catch {
      return false;
    }
  }, 30_000);
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ databaseUrl, replicaUrls });
    const config = testConfig({ DATABASE_URL: databaseUrl, RATE_LIMIT_PUBLIC_RESOLUTION: '1000000' });
    // No answers held in memory: every public read reads the store, so the test sees where it went.
    const app = await buildApp({
      config,
      db: database.db,
      readDb: database.readDb,
      ...(database.replicas ? { replicas: database.replicas } : {}),
      changes: database.changes,
      renderCacheTtlMs: 0,
    });
    nodes.push({ database, app });
  }
  const [first] = nodes as [Node, Node];
  const subdomain = `replica-${randomUUID().slice(0, 8)}`;
  const workspace = await first.app.inject({
    method: 'POST',
    url: '/admin/v1/workspaces',
    headers: bearer(ADMIN_TOKEN),
    payload: { name: `Workspace ${subdomain}`, subdomain, tier: 'enterprise' },
  });
  expect(workspace.statusCode, workspace.body).toBe(201);
  token = (workspace.json() as { apiKey: { token: string } }).apiKey.token;
  const operator = await first.app.inject({
    method: 'POST',
    url: '/api/v1/operators',
    headers: bearer(token),
    payload: {
      name: 'Replica Cells',
      regIdScheme: 'DE-HRB',
      regId: 'HRB424242',
      role: 'MANUFACTURER',
      country: 'DE',
    },
  });
  expect(operator.statusCode, operator.body).toBe(201);
}, 180_000);

afterAll(async () => {
  for (const node of nodes) {
    await node.app.close();
    await node.database.close();
  }
  nodes = [];
  await clusters?.remove();
}, 60_000);

describe('two instances reading from a streaming replica', () => {
  it('serve anonymous public reads from the replica, and see a recall within the bound', async () => {
    const [first, second] = nodes as [Node, Node];
    const id = await createPassport(first);
    const before = counts(second);
    // The first reads go to the primary while the replica proves it has replayed the write.
    await timeUntil(async () => {
      const read = await publicRead(second, id);
      expect(read.statusCode).toBe(200);
      return counts(second).replica > before.replica;
    }, 5_000);

    const recalled = await first.app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${id}/status`,
      headers: bearer(token),
      payload: { status: 'RECALLED', reason: 'thermal runaway risk' },
    });
    expect(recalled.statusCode, recalled.body).toBe(200);
    const took = await timeUntil(
      async () => (await publicRead(second, id)).json<{ status?: string }>().status === 'RECALLED',
      RENDER_TTL_MS,
    );
    console.info(
      `recall seen through the replica's instance after ${took.toFixed(0)} ms (bound ${RENDER_TTL_MS} ms)`,
    );
    // Never the old state again, and from the replica again once it has caught up.
    const afterRecall = counts(second).replica;
    await timeUntil(async () => {
      expect((await publicRead(second, id)).json<{ status?: string }>().status).toBe('RECALLED');
      return counts(second).replica > afterRecall;
    }, 5_000);
  });

  it('skip a replica that lags: a passport just made on the other instance is found once seen', async () => {
    const [first, second] = nodes as [Node, Node];
    const replicaUrl = clusters?.replica.url('opendpp') as string;
    await runStatement(replicaUrl, 'select pg_wal_replay_pause()');
    try {
      const id = await createPassport(first);
      // The instance that wrote it reads it at once: its own write withdrew the replica's trust.
      expect((await publicRead(first, id)).statusCode).toBe(200);
      // Seen within the bound (the other instance hears of the commit), then always: the replica
      // that has not replayed it is not read until it has.
      await timeUntil(async () => (await publicRead(second, id)).statusCode === 200, RENDER_TTL_MS);
      const before = counts(second);
      for (let i = 0; i < 20; i++) expect((await publicRead(second, id)).statusCode).toBe(200);
      expect(counts(second).replica).toBe(before.replica);
    } finally {
      await runStatement(replicaUrl, 'select pg_wal_replay_resume()');
    }
  });

  it('answer every read while the replica stops under load, and use it again once it is back', async () => {
    const [first, second] = nodes as [Node, Node];
    const id = await createPassport(first);
    const start = nodes.map(counts);
    await timeUntil(async () => {
      await Promise.all(nodes.map((node) => publicRead(node, id)));
      return nodes.every((node, i) => counts(node).replica > (start[i]?.replica ?? 0));
    }, 5_000);
    const statuses: number[] = [];
    let loading = true;
    const load = async (node: Node) => {
      while (loading) statuses.push((await publicRead(node, id)).statusCode);
    };
    const workers = [load(first), load(second), load(first), load(second)];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = nodes.map(counts);
    await clusters?.replica.stop('fast');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    loading = false;
    await Promise.all(workers);
    const during = nodes.map(counts);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // With the replica gone, reads went to the primary.
    expect(during.reduce((sum, c, i) => sum + c.primary - (before[i]?.primary ?? 0), 0)).toBeGreaterThan(0);

    await clusters?.replica.start();
    const back = counts(second).replica;
    const took = await timeUntil(async () => {
      expect((await publicRead(second, id)).statusCode).toBe(200);
      return counts(second).replica > back;
    }, 15_000);
    console.info(
      `replica stopped under load: ${statuses.length} reads, all 200 (${during.map((c) => c.fellBack).join(' + ')} fell back mid-query); used again ${took.toFixed(0)} ms after it started`,
    );
  });
});
