import { describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { bearer, createKey, createWorkspace, randomIp } from '../helpers/app.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function burst(app: App, count: number, headers: Record<string, string>, url = '/api/v1/whoami') {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push((await app.inject({ method: 'GET', url, headers })).statusCode);
  return statuses;
}

describe.each([
  ['in memory', {}],
  ['in Redis', { REDIS_URL }],
])('rate limits %s', (_store, env: Record<string, string>) => {
  const app = useTestApp(() => ({ env }));

  it('gives a growth key 120 requests a minute, then 429 with Retry-After', async () => {
    const workspace = await createWorkspace(app, 'growth');
    const first = await app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: bearer(workspace.token),
    });
    expect(first.headers['x-ratelimit-limit']).toBe('120');
    expect(first.headers['x-ratelimit-remaining']).toBe('119');
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    const statuses = await burst(app, 119, bearer(workspace.token));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: bearer(workspace.token),
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
    });
  });

  it('gives a scale key 600 a minute', async () => {
    const workspace = await createWorkspace(app, 'scale');
    const statuses = await burst(app, 601, bearer(workspace.token));
    expect(statuses.filter((status) => status === 200)).toHaveLength(600);
    expect(statuses.at(-1)).toBe(429);
  });

  it('caps a workspace at three times the per-key rate over all its keys', async () => {
    const workspace = await createWorkspace(app, 'growth');
    const tokens = [workspace.token];
    // Three more keys, made through the admin API so that creating them spends no key budget.
    for (let i = 0; i < 3; i++) tokens.push((await createKey(app, workspace, { role: 'AUDITOR' })).token);
    const spentOnKeys = 3; // createKey used the first key three times
    const first = await burst(app, 120 - spentOnKeys, bearer(tokens[0] as string));
    const second = await burst(app, 120, bearer(tokens[1] as string));
    const third = await burst(app, 120, bearer(tokens[2] as string));
    expect([...first, ...second, ...third].every((status) => status === 200)).toBe(true);
    const fourth = await app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: bearer(tokens[3] as string),
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/Workspace/);
    expect(fourth.headers['x-ratelimit-limit']).toBe('360');
  });

  it('does not limit an enterprise key', async () => {
    const workspace = await createWorkspace(app, 'enterprise');
    const statuses = await burst(app, 700, bearer(workspace.token));
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('never answers a credential problem with 429', async () => {
    const workspace = await createWorkspace(app, 'growth');
    await burst(app, 121, bearer(workspace.token));
    // Budgets are per key and workspace, not per address: another workspace's key still answers.
    const { token } = await createKey(app, await createWorkspace(app, 'growth'), {});
    for (const headers of [{}, bearer('garbage'), bearer(`${workspace.token}x`)]) {
      expect((await app.inject({ method: 'GET', url: '/api/v1/whoami', headers })).statusCode).toBe(401);
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) })).statusCode,
    ).toBe(200);
  });

  it('gives anonymous callers 100 requests a minute per IP, without rate headers', async () => {
    const ip = randomIp();
    const call = (remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/api/v1/version', remoteAddress });
    for (let i = 0; i < 100; i++) {
      const response = await call(ip);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const refused = await call(ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await call(randomIp())).statusCode).toBe(200);
  });
});

describe('the per-address ceiling of authenticated calls', () => {
  const app = useTestApp({ env: { RATE_LIMIT_AUTHENTICATED_IP: '5' } });

  it('refuses an address past RATE_LIMIT_AUTHENTICATED_IP whatever the plan, and no other address', async () => {
    const workspace = await createWorkspace(app, 'enterprise');
    const ip = randomIp();
    const call = (remoteAddress: string) =>
      app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(workspace.token), remoteAddress });
    for (let i = 0; i < 5; i++) expect((await call(ip)).statusCode).toBe(200);
    const refused = await call(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await call(randomIp())).statusCode).toBe(200);
  });
});
