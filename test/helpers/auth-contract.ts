// The authentication contract every authenticated route shares, run per route:
// 401 (missing, malformed, unknown, revoked, expired), 403 (platform admin, permission, foreign
// workspace host), 402 (inactive subscription on writes) and 404 for another workspace's resource.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { type Permission, ROLE_PERMISSIONS, ROLES } from '../../src/domain/auth/permissions.ts';
import { admin, BASE_URL, bearer, createKey, createWorkspace, type TestWorkspace, testApp } from './app.ts';
import { addMember, session } from './console.ts';
import { pathPattern } from './route-paths.ts';

export interface RouteUnderTest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * The route's path as the OpenAPI document writes it (`/api/v1/units/{id}/events`): the route
   * coverage check (test/architecture/route-coverage.test.ts) reads it from the call's text, and
   * the contract below proves the URL it calls is that route.
   */
  path: string;
  /** The URL, given the workspace that will call it (to build its own resource ids). */
  url: (app: App, workspace: TestWorkspace) => Promise<string> | string;
  permission?: Permission;
  payload?: unknown;
  /** A URL naming a resource of another workspace, to prove it answers 404. */
  foreignUrl?: (app: App, other: TestWorkspace) => Promise<string>;
}

const HOUR = 3_600_000;

export function authContract(route: RouteUnderTest): void {
  describe(`${route.method} authentication contract`, () => {
    let now = Date.now();
    let app: App;
    let workspace: TestWorkspace;
    // A route's URL may create its resource: made once per workspace, then reused.
    const urls = new Map<string, Promise<string>>();
    const urlFor = (ws: TestWorkspace) => {
      let url = urls.get(ws.id);
      if (!url) {
        url = Promise.resolve(route.url(app, ws));
        urls.set(ws.id, url);
      }
      return url;
    };
    const call = async (headers: Record<string, string>, extra: Partial<InjectOptions> = {}) =>
      app.inject({
        method: route.method,
        url: await urlFor(workspace),
        headers,
        ...(route.payload !== undefined ? { payload: route.payload as InjectOptions['payload'] } : {}),
        ...extra,
      });
    const expectError = (response: Awaited<ReturnType<typeof call>>, status: number, code: string) => {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({
        success: false,
        error: expect.any(String),
        message: expect.any(String),
        code,
      });
    };

    beforeAll(async () => {
      app = await testApp({ clock: () => new Date(now) });
      workspace = await createWorkspace(app, 'enterprise');
    });
    afterAll(() => app.close());

    it(`calls ${route.path}`, async () => {
      const url = new URL(await urlFor(workspace), BASE_URL).pathname;
      expect(url).toMatch(pathPattern(route.path));
    });

    it('answers 401 without credentials', async () => {
      const response = await call({});
      expectError(response, 401, 'UNAUTHORIZED');
      expect(response.headers['www-authenticate']).toBe('Bearer');
    });

    it('answers 401 for a malformed or unknown key', async () => {
      expectError(await call({ authorization: 'Basic abc' }), 401, 'UNAUTHORIZED');
      expectError(await call(bearer(`odpp_AAAAAAAA_dpp_token_${'x'.repeat(43)}`)), 401, 'UNAUTHORIZED');
      expectError(await call(bearer(`${workspace.token.slice(0, -2)}zz`)), 401, 'UNAUTHORIZED');
    });

    it('answers 401 for a revoked key', async () => {
      const { key, token } = await createKey(app, workspace, { role: 'ADMIN' });
      await app.inject({ method: 'DELETE', url: `/api/v1/keys/${key.id}`, headers: bearer(workspace.token) });
      expectError(await call(bearer(token)), 401, 'UNAUTHORIZED');
    });

    it('answers 401 for an expired key', async () => {
      const { token } = await createKey(app, workspace, {
        role: 'ADMIN',
        expiresAt: new Date(now + HOUR).toISOString(),
      });
      now += 2 * HOUR;
      try {
        expectError(await call(bearer(token)), 401, 'UNAUTHORIZED');
      } finally {
        now -= 2 * HOUR;
      }
    });

    it('answers 403 to a platform-admin session', async () => {
      expectError(await call(admin), 403, 'NOT_TENANT_SESSION');
    });

    it("answers 403 on another workspace's host", async () => {
      const host = new URL(BASE_URL).host;
      expectError(
        await call({ ...bearer(workspace.token), host: `someone-else.${host}` }),
        403,
        'HOST_MISMATCH',
      );
    });

    if (route.permission) {
      const permission = route.permission;
      it(`answers 403 to a key without ${permission}`, async () => {
        const { token } = await createKey(app, workspace, {
          role: 'ADMIN',
          permissions: [permission === 'keys:manage' ? 'passport:read' : 'keys:manage'],
        });
        expectError(await call(bearer(token)), 403, 'INSUFFICIENT_PERMISSION');
      });
    }

    if (route.method !== 'GET') {
      it('answers 402 while the subscription is not active', async () => {
        const lapsed = await createWorkspace(app, 'enterprise');
        const url = await urlFor(lapsed); // its resources exist before the subscription lapses
        await app.inject({
          method: 'PATCH',
          url: `/admin/v1/workspaces/${lapsed.id}`,
          headers: admin,
          payload: { subscriptionStatus: 'past_due' },
        });
        const response = await app.inject({
          method: route.method,
          url,
          headers: bearer(lapsed.token),
          ...(route.payload !== undefined ? { payload: route.payload as InjectOptions['payload'] } : {}),
        });
        expectError(response, 402, 'SUBSCRIPTION_INACTIVE');
      });
    }

    // Console sessions: the same rules hold for a person's session JWT as for a key.
    it('answers 401 for the JWT of an ended session', async () => {
      const email = `ended-${Date.now()}@example.com`;
      await addMember(app, workspace, email);
      const signed = await session(app, workspace, email);
      await app.inject({ method: 'DELETE', url: '/console/api/session', headers: bearer(signed.token) });
      expectError(await call(bearer(signed.token)), 401, 'UNAUTHORIZED');
    });

    const lacking = route.permission
      ? ROLES.find(
          (role) =>
            !(ROLE_PERMISSIONS[role] as readonly Permission[]).includes(route.permission as Permission),
        )
      : undefined;
    if (lacking) {
      it(`answers 403 to the session of a ${lacking} member`, async () => {
        const email = `${lacking.toLowerCase()}-${Date.now()}@example.com`;
        await addMember(app, workspace, email, lacking);
        const signed = await session(app, workspace, email);
        expectError(await call(bearer(signed.token)), 403, 'INSUFFICIENT_PERMISSION');
      });
    }

    if (route.method !== 'GET') {
      it('answers 403 to a cookie-session write without its X-CSRF-Token', async () => {
        const email = `csrf-${Date.now()}@example.com`;
        await addMember(app, workspace, email);
        const signed = await session(app, workspace, email);
        expectError(await call({ cookie: signed.cookie }), 403, 'FORBIDDEN');
      });

      it('answers 403 MFA_REQUIRED to a session without MFA where the workspace requires it', async () => {
        const strict = await createWorkspace(app, 'enterprise');
        const url = await urlFor(strict);
        await addMember(app, strict, 'admin@example.com');
        const signed = await session(app, strict, 'admin@example.com');
        await app.inject({
          method: 'PATCH',
          url: `/admin/v1/workspaces/${strict.id}`,
          headers: admin,
          payload: { mfaRequired: true },
        });
        const response = await app.inject({
          method: route.method,
          url,
          headers: bearer(signed.token),
          ...(route.payload !== undefined ? { payload: route.payload as InjectOptions['payload'] } : {}),
        });
        expectError(response, 403, 'MFA_REQUIRED');
      });
    }

    if (route.foreignUrl) {
      const foreignUrl = route.foreignUrl;
      it("answers 404 for another workspace's resource", async () => {
        const other = await createWorkspace(app, 'enterprise');
        const response = await app.inject({
          method: route.method,
          url: await foreignUrl(app, other),
          headers: bearer(workspace.token),
          ...(route.payload !== undefined ? { payload: route.payload as InjectOptions['payload'] } : {}),
        });
        expectError(response, 404, 'NOT_FOUND');
      });
    }
  });
}
