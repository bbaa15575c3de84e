import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { readTemplate } from '../../src/db/pglite-template.ts';
import { admin, bearer, createWorkspace } from '../helpers/app.ts';
import { appTest, type NewApp, useTestApp } from '../helpers/use-test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('errors, request ids and method handling', () => {
  const app = useTestApp();

  describe('X-Request-Id', () => {
    it('is on every response, successful or not', async () => {
      for (const [method, url] of [
        ['GET', '/health'],
        ['GET', '/api/v1/whoami'],
        ['GET', '/nowhere'],
        ['DELETE', '/health'],
      ] as const) {
        const response = await app.inject({ method, url });
        expect(response.headers['x-request-id'], `${method} ${url}`).toMatch(UUID);
      }
    });

    it('adopts a well-formed client value', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-request-id': 'trace-42.a:b_c' },
      });
      expect(response.headers['x-request-id']).toBe('trace-42.a:b_c');
    });

    it('replaces a malformed or oversized client value', async () => {
      for (const offered of ['has space', 'x'.repeat(129), 'semi;colon', '']) {
        const response = await app.inject({
          method: 'GET',
          url: '/health',
          headers: { 'x-request-id': offered },
        });
        expect(response.headers['x-request-id']).toMatch(UUID);
      }
    });
  });

  describe('framework bodies', () => {
    it('answers malformed JSON with the framework body and requestId', async () => {
      const workspace = await createWorkspace(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/keys',
        headers: {
          ...bearer(workspace.token),
          'content-type': 'application/json',
          'x-request-id': 'bad-json-1',
        },
        payload: '{"name": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        error: 'Bad Request',
        message: expect.any(String),
        requestId: 'bad-json-1',
      });
    });

    it('answers a query-string violation with the framework body and requestId', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/admin/v1/workspaces?limit=1&limit=2',
        headers: admin,
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toEqual({
        statusCode: 400,
        code: 'FST_ERR_VALIDATION',
        error: 'Bad Request',
        message: expect.stringContaining('limit'),
        requestId: response.headers['x-request-id'],
      });
    });
  });

  it('answers an invalid body with the standard triple and a stable code', async () => {
    const workspace = await createWorkspace(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: bearer(workspace.token),
      payload: { name: 'x', role: 'EMPEROR' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'Bad Request',
      message: expect.stringContaining('role'),
      code: 'BAD_REQUEST',
    });
  });

  describe('method handling', () => {
    it('answers 405 with Allow, listing HEAD wherever GET is', async () => {
      const response = await app.inject({ method: 'PUT', url: '/api/v1/keys' });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow?.toString().split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
      expect(response.json()).toMatchObject({
        success: false,
        error: 'Method Not Allowed',
        code: 'METHOD_NOT_ALLOWED',
      });
    });

    it('answers 405 for a parametrised path whatever the identifier', async () => {
      const response = await app.inject({ method: 'GET', url: '/admin/v1/workspaces/not-even-a-uuid' });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('PATCH');
    });

    it('serves HEAD wherever GET is served', async () => {
      const response = await app.inject({ method: 'HEAD', url: '/api/v1/version' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('');
    });

    it('answers 404 when no route matches', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: 'Not Found', code: 'NOT_FOUND' });
    });

    it('agrees with the router on trailing slashes and empty parameters', async () => {
      const whoami = await app.inject({ method: 'POST', url: '/api/v1/whoami/' });
      expect(whoami.statusCode).toBe(405);
      expect(whoami.headers.allow).toBe('GET, HEAD');
      const keys = await app.inject({ method: 'PUT', url: '/api/v1/keys/' });
      expect(keys.statusCode).toBe(405);
      expect(keys.headers.allow?.toString().split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
      const units = await app.inject({ method: 'GET', url: '/api/v1/units/' });
      expect(units.statusCode).toBe(404);
      expect(units.headers.allow).toBeUndefined();
    });

    it('answers a URL that does not decode, or a parameter over the limit, with requestId', async () => {
      for (const [url, status, code] of [
        ['/api/v1/units/%C0%AF', 400, 'FST_ERR_BAD_URL'],
        [`/api/v1/units/${'a'.repeat(3000)}`, 414, 'FST_ERR_MAX_PARAM_LENGTH'],
      ] as const) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url.slice(0, 30)).toBe(status);
        expect(response.headers['x-request-id']).toMatch(UUID);
        expect(response.json()).toMatchObject({
          statusCode: status,
          code,
          requestId: response.headers['x-request-id'],
        });
      }
    });

    it('answers 404, not 405, for an allowed method on a missing resource', async () => {
      const response = await app.inject({
        method: 'PATCH',
        url: '/admin/v1/workspaces/00000000-0000-4000-8000-000000000000',
        headers: admin,
        payload: { mfaRequired: true },
      });
      expect(response.statusCode).toBe(404);
    });
  });
});

/**
 * A store of its own that is never migrated. It starts from the kept initial cluster, as every new
 * embedded store does (src/db/pglite-template.ts): initdb in WebAssembly took 15 s per store here.
 */
function bareStore(): PGlite {
  const template = readTemplate();
  return template ? new PGlite(undefined, { loadDataDir: template }) : new PGlite();
}

describe('internal errors', () => {
  /**
   * An app on a bare store with no change feed, its log lines of level error and above kept in
   * `logs`. The store is closed after the test, once its apps are.
   */
  function bareStoreApp(newApp: NewApp, logs: string[]) {
    const client = bareStore();
    onTestFinished(() => client.close());
    return newApp({
      env: { PLATFORM_ADMIN_TOKEN: 'an-admin-token-of-some-length' },
      database: { db: drizzle(client) as unknown as Db },
      logLevel: 'error',
      logStream: { write: (line: string) => void logs.push(line) },
    });
  }

  appTest('answer 500 with requestId and nothing internal, and log the cause', async ({ newApp }) => {
    // A store that answers but fails the statement (it lacks the service's tables). A store that
    // cannot be reached at all is a 503 instead (store-faults.test.ts).
    const logs: string[] = [];
    const app = await bareStoreApp(newApp, logs);
    const response = await app.inject({
      method: 'GET',
      url: '/admin/v1/workspaces',
      headers: bearer('an-admin-token-of-some-length'),
    });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      success: false,
      error: 'Internal Server Error',
      message: expect.any(String),
      code: 'INTERNAL',
      requestId: response.headers['x-request-id'],
    });
    expect(response.body).not.toMatch(/pglite|closed|stack|at \w+ \(/i);
    expect(logs.join('')).toContain(response.headers['x-request-id']);
    expect(logs.join('')).not.toContain('an-admin-token-of-some-length');
  });

  appTest('log a failed statement by name and SQLSTATE, never its parameters', async ({ newApp }) => {
    const logs: string[] = [];
    const app = await bareStoreApp(newApp, logs); // never migrated: every statement fails
    const response = await app.inject({
      method: 'POST',
      url: '/admin/v1/workspaces',
      headers: bearer('an-admin-token-of-some-length'),
      payload: { name: 'Confidential Name 4711', subdomain: 'confidential', tier: 'growth' },
    });
    expect(response.statusCode).toBe(500);
    const logged = logs.join('');
    expect(logged).toContain('42P01');
    expect(logged).toMatch(/"statement":"insert into \\"tenants\\"/);
    expect(logged).not.toContain('Confidential Name 4711');
    expect(logged).not.toContain('confidential');
  });
});
