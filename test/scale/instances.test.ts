// Several instances, one truth: two nodes on one PostgreSQL and one Redis behind a round-robin load
// balancer on loopback. Budgets are shared exactly, a revoked key and a changed passport are seen by
// the other instance within the documented bound, and instances that start together on a fresh
// database migrate it once. Runs on PostgreSQL only (`npm run test:instances`, with TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/context.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { TTL_MS } from '../../src/modules/keys/principal-cache.ts';
import { RENDER_TTL_MS } from '../../src/modules/resolution/render-cache.ts';
import { startDeliveryWorker } from '../../src/modules/webhooks/service.ts';
import { ADMIN_TOKEN, TEST_MASTER_KEY, testConfig } from '../helpers/app.ts';
import { batteryMetadata, newGtin13 } from '../helpers/passports.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/scratch-database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MIGRATIONS = new URL('../../src/db/migrations/meta/_journal.json', import.meta.url);

interface Node {
  database: Database;
  app: App;
  url: string;
}

let scratch: ScratchDatabase | undefined;
let databaseUrl: string;
let nodes: Node[] = [];
let balancer: http.Server;
let balancerUrl: string;

async function startNode(database: Database): Promise<Node> {
  const config = testConfig({
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    // The balancer is the proxy in front: the client's address arrives in X-Forwarded-For.
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_PUBLIC_RESOLUTION: '100000',
    // The webhook receiver of the test listens on loopback.
    WEBHOOK_ALLOW_INSECURE_TARGETS: 'true',
  });
  const app = await buildApp({ config, db: database.db, changes: database.changes });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { database, app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** A round-robin HTTP proxy: each request goes to the next node; X-Backend says which answered. */
function roundRobin(targets: string[]): http.Server {
  let next = 0;
  return http.createServer((request, response) => {
    const index = next++ % targets.length;
    const target = new URL(request.url ?? '/', targets[index]);
    const upstream = http.request(
      target,
      {
        method: request.method,
        headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1' },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(index) });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      response.writeHead(502).end();
    });
    request.pipe(upstream);
  });
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    backend: response.headers.get('x-backend'),
    json: <T = Record<string, unknown>>() => JSON.parse(text) as T,
    text,
  };
}

async function createWorkspace(tier: 'growth' | 'enterprise') {
  const subdomain = `inst-${randomUUID().slice(0, 8)}`;
  const response = await call(balancerUrl, 'POST', '/admin/v1/workspaces', ADMIN_TOKEN, {
    name: `Workspace ${subdomain}`,
    subdomain,
    tier,
  });
  if (response.status !== 201) throw new Error(`workspace: ${response.text}`);
  const body = response.json<{ tenant: { id: string }; apiKey: { token: string; id: string } }>();
  return { id: body.tenant.id, token: body.apiKey.token };
}

/** Polls `probe` until it holds; answers the milliseconds it took. */
async function timeUntil(probe: () => Promise<boolean>, limitMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs + 2_000) {
    if (await probe()) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not observed within ${limitMs + 2_000} ms`);
}

beforeAll(async () => {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL (PostgreSQL) is required: npm run test:instances');
  scratch = await scratchDatabase(serverUrl, 'opendpp_instances');
  databaseUrl = scratch.url;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => (balancer ? balancer.close(resolve) : resolve(undefined)));
  for (const node of nodes) {
    await node.app.close();
    await node.database.close();
  }
  await scratch?.drop();
}, 60_000);

describe('several instances on one PostgreSQL and one Redis', () => {
  it('migrate a fresh database once when they start together', async () => {
    const databases = await Promise.all([openDatabase({ databaseUrl }), openDatabase({ databaseUrl })]);
    nodes = await Promise.all(databases.map((database) => startNode(database)));
    const journal = JSON.parse(readFileSync(MIGRATIONS, 'utf8')) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
    balancer = roundRobin(nodes.map((node) => node.url));
    await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
    balancerUrl = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;
  });

  it('share one rate-limit budget exactly across instances', async () => {
    const workspace = await createWorkspace('growth'); // 120 requests per minute per key
    const answers = [];
    for (let i = 0; i < 130; i++)
      answers.push(await call(balancerUrl, 'GET', '/api/v1/whoami', workspace.token));
    const allowed = answers.filter((a) => a.status === 200);
    expect(allowed).toHaveLength(120);
    expect(answers.slice(120).every((a) => a.status === 429)).toBe(true);
    // Both instances served the budget, half each.
    expect(allowed.filter((a) => a.backend === '0')).toHaveLength(60);
    expect(allowed.filter((a) => a.backend === '1')).toHaveLength(60);
  });

  it('refuse a key revoked on one instance on the other within the principal cache bound', async () => {
    const [first, second] = nodes as [Node, Node];
    const workspace = await createWorkspace('enterprise');
    const created = await call(first.url, 'POST', '/api/v1/keys', workspace.token, { name: 'short-lived' });
    expect(created.status).toBe(201);
    const key = created.json<{ key: { id: string }; token: string }>();
    // Both instances know (and cache) the key.
    expect((await call(first.url, 'GET', '/api/v1/whoami', key.token)).status).toBe(200);
    expect((await call(second.url, 'GET', '/api/v1/whoami', key.token)).status).toBe(200);

    const revoked = await call(first.url, 'DELETE', `/api/v1/keys/${key.key.id}`, workspace.token);
    expect(revoked.status).toBeLessThan(300);
    const took = await timeUntil(
      async () => (await call(second.url, 'GET', '/api/v1/whoami', key.token)).status === 401,
      TTL_MS,
    );
    console.info(
      `revoked key refused by the other instance after ${took.toFixed(0)} ms (bound ${TTL_MS} ms)`,
    );
    expect(took).toBeLessThanOrEqual(TTL_MS);
  });

  it('show a passport status change in public resolution on the other instance within the render cache bound', async () => {
    const [first, second] = nodes as [Node, Node];
    const workspace = await createWorkspace('enterprise');
    const operator = await call(first.url, 'POST', '/api/v1/operators', workspace.token, {
      name: 'VoltCell Europe GmbH',
      regIdScheme: 'DE-HRB',
      regId: `HRB${Date.now() % 100_000_000}`,
      role: 'MANUFACTURER',
      country: 'DE',
    });
    expect(operator.status).toBe(201);
    const created = await call(first.url, 'POST', '/api/v1/passports', workspace.token, {
      productId: newGtin13(),
      category: 'batteries',
      originCountry: 'DE',
      metadata: batteryMetadata(),
    });
    expect(created.status).toBe(201);
    const passport = (created.json() as { passport: { id: string; status: string } }).passport;
    expect(passport.status).toBe('ACTIVE');

    const publicStatus = async (node: Node) => {
      const response = await call(node.url, 'GET', `/passport/${passport.id}`);
      return response.status === 200
        ? response.json<{ status?: string }>().status
        : `HTTP ${response.status}`;
    };
    // The second instance has the active passport rendered and cached.
    expect(await publicStatus(second)).toBe('ACTIVE');
    expect(await publicStatus(second)).toBe('ACTIVE');

    const recalled = await call(
      first.url,
      'PUT',
      `/api/v1/passports/${passport.id}/status`,
      workspace.token,
      {
        status: 'RECALLED',
        reason: 'thermal runaway risk',
      },
    );
    expect(recalled.status).toBe(200);
    const took = await timeUntil(async () => (await publicStatus(second)) === 'RECALLED', RENDER_TTL_MS);
    console.info(
      `recall resolved by the other instance after ${took.toFixed(0)} ms (bound ${RENDER_TTL_MS} ms)`,
    );
    expect(took).toBeLessThanOrEqual(RENDER_TTL_MS);
  });

  it('deliver each webhook event once per attempt when every instance runs a delivery worker', async () => {
    const workspace = await createWorkspace('enterprise');
    const received: string[] = [];
    const receiver = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received.push(String(request.headers['webhook-id']));
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const workers = nodes.map((node) =>
      startDeliveryWorker({
        db: node.database.db,
        masterKey: Buffer.from(TEST_MASTER_KEY, 'hex'),
        policy: { allowInsecure: true },
        timeoutMs: 5_000,
        pollMs: false,
        batch: 3,
      }),
    );
    try {
      const subscription = await call(
        balancerUrl,
        'POST',
        '/api/v1/webhooks/subscriptions',
        workspace.token,
        {
          url: target,
          events: ['passport.ingested'],
        },
      );
      expect(subscription.status, subscription.text).toBe(201);
      const operator = await call(balancerUrl, 'POST', '/api/v1/operators', workspace.token, {
        name: 'Hook Cells',
        regIdScheme: 'DE-HRB',
        regId: `HRB${Date.now() % 100_000_000}`,
        role: 'MANUFACTURER',
      });
      expect(operator.status).toBe(201);
      const EVENTS = 30;
      for (let i = 0; i < EVENTS; i++) {
        const created = await call(balancerUrl, 'POST', '/api/v1/passports', workspace.token, {
          productId: newGtin13(),
          category: 'batteries',
          metadata: batteryMetadata(),
        });
        expect(created.status).toBe(201);
      }
      // Both workers poll the one outbox at the same moments, as two processes would.
      const claimed = nodes.map(() => 0);
      for (let round = 0; round < 100 && claimed.reduce((a, b) => a + b, 0) < EVENTS; round++) {
        const counts = await Promise.all(workers.map((worker) => worker.runOnce()));
        counts.forEach((count, index) => {
          claimed[index] = (claimed[index] ?? 0) + count;
        });
      }
      expect(claimed.reduce((a, b) => a + b, 0)).toBe(EVENTS);
      expect(claimed.every((count) => count > 0)).toBe(true);
      expect(received).toHaveLength(EVENTS);
      expect(new Set(received).size).toBe(EVENTS);
      // Nothing is left to claim: no event was delivered and still pending.
      expect(await Promise.all(workers.map((worker) => worker.runOnce()))).toEqual(nodes.map(() => 0));
      const deliveries = await call(
        balancerUrl,
        'GET',
        '/api/v1/webhooks/deliveries?limit=100',
        workspace.token,
      );
      const attempts = deliveries.json<{
        deliveries: { eventId: string; attempt: number; status: string }[];
      }>().deliveries;
      expect(attempts).toHaveLength(EVENTS);
      expect(attempts.every((attempt) => attempt.status === 'delivered' && attempt.attempt === 1)).toBe(true);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
