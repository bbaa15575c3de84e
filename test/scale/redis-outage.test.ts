// REDIS_URL set and Redis gone: budgets fail open (requests are served, uncounted), /health says
// `degraded` with `checks.redis: failed` while staying 200, and budgets are counted again once Redis
// is back. Runs a private redis-server on a port of its own, killed and restarted by the test, and
// a TCP server that accepts connections and never answers (a hung Redis).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { bearer, createWorkspace, randomIp, testApp } from '../helpers/app.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';

const BUDGET = 3;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

function startRedis(port: number): ChildProcess {
  return spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
}

async function until(probe: () => Promise<boolean>, limitMs = 15_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not within ${limitMs} ms`);
}

const health = async (app: App) => {
  const response = await app.inject({ method: 'GET', url: '/health' });
  return { status: response.statusCode, body: response.json() };
};

describe('Redis outage', () => {
  let port: number;
  let redis: ChildProcess;
  let app: App;
  let token: string;
  let passportId: string;
  const resolve = (ip: string) =>
    app.inject({ method: 'GET', url: `/passport/${passportId}`, remoteAddress: ip });

  beforeAll(async () => {
    port = await freePort();
    redis = startRedis(port);
    app = await testApp({
      env: { REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_PUBLIC_RESOLUTION: String(BUDGET) },
    });
    await until(async () => (await health(app)).body.checks.redis === 'ok');
    const workspace = await createWorkspace(app);
    token = workspace.token;
    await createOperator(app, workspace);
    passportId = (await createPassport(app, token)).id;
  });
  afterAll(async () => {
    await app?.close();
    redis?.kill('SIGKILL');
  });

  it('counts budgets in Redis and reports it healthy while it answers', async () => {
    expect(await health(app)).toMatchObject({
      status: 200,
      body: { status: 'ok', checks: { store: 'ok', redis: 'ok' } },
    });
    const ip = randomIp();
    const answers = [];
    for (let i = 0; i <= BUDGET; i++) answers.push((await resolve(ip)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('serves requests uncounted and reports degraded, not 500, while Redis is down', async () => {
    redis.kill('SIGKILL');
    await once(redis, 'exit');
    await until(async () => (await health(app)).body.status === 'degraded');
    expect(await health(app)).toMatchObject({
      status: 200,
      body: { status: 'degraded', checks: { store: 'ok', redis: 'failed' } },
    });
    // Past the budget, from one address: fail open, every answer a success and a quick one.
    const ip = randomIp();
    for (let i = 0; i < BUDGET * 2; i++) {
      const began = performance.now();
      expect((await resolve(ip)).statusCode).toBe(200);
      expect(performance.now() - began).toBeLessThan(1_000);
    }
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passportId}`,
      headers: bearer(token),
    });
    expect(read.statusCode).toBe(200);
    const write = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${passportId}/status`,
      headers: bearer(token),
      payload: { status: 'ACTIVE' },
    });
    expect(write.statusCode).toBeLessThan(500);
  });

  it('counts budgets again once Redis is back', async () => {
    redis = startRedis(port);
    await until(async () => (await health(app)).body.status === 'ok');
    const ip = randomIp();
    const answers = [];
    for (let i = 0; i <= BUDGET; i++) answers.push((await resolve(ip)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});

describe('a Redis that accepts connections and never answers', () => {
  let hung: Server;
  const sockets: Socket[] = [];
  let app: App;

  beforeAll(async () => {
    hung = createServer((socket) => {
      sockets.push(socket);
    });
    hung.listen(0, '127.0.0.1');
    await once(hung, 'listening');
    const { port } = hung.address() as { port: number };
    app = await testApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await app?.close();
    for (const socket of sockets) socket.destroy();
    hung?.close();
  });

  it('answers requests within the command timeout and reports degraded', async () => {
    const began = performance.now();
    const version = await app.inject({ method: 'GET', url: '/api/v1/version', remoteAddress: randomIp() });
    expect(version.statusCode).toBe(200);
    expect(performance.now() - began).toBeLessThan(2_000);
    expect(await health(app)).toMatchObject({
      status: 200,
      body: { status: 'degraded', checks: { store: 'ok', redis: 'failed' } },
    });
  });
});
