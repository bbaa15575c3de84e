import { describe, expect, it } from 'vitest';
import { admin, BASE_URL, bearer, createKey, createWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { createOperator } from '../helpers/operator-fixtures.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('GET /api/v1/whoami', () => {
  const app = useTestApp();

  it('returns the Whoami result field for field', async () => {
    const workspace = await createWorkspace(app, 'growth');
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: bearer(workspace.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      tenant: {
        id: workspace.id,
        name: `Workspace ${workspace.subdomain}`,
        subdomain: workspace.subdomain,
        tier: 'growth',
        subscriptionStatus: 'active',
        mfaRequired: false,
      },
      auth: {
        role: 'ADMIN',
        permissions: expect.arrayContaining([
          'passport:read',
          'passport:create',
          'battery:write',
          'keys:manage',
        ]),
        isApiKeySession: true,
        operatorId: null,
      },
      usage: { activePassports: 0, passportLimit: 1000 },
    });
  });

  it("reports a narrowed, operator-scoped key's own rights", async () => {
    const workspace = await createWorkspace(app);
    const operatorId = (await createOperator(app, workspace)).id;
    const { token } = await createKey(app, workspace, {
      role: 'BRAND_OPERATOR',
      permissions: ['passport:read', 'battery:read'],
      operatorId,
    });
    const body = (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) })).json();
    expect(body.auth).toEqual({
      role: 'BRAND_OPERATOR',
      permissions: ['passport:read', 'battery:read'],
      isApiKeySession: true,
      operatorId,
    });
  });

  it('answers on a workspace host that matches the key', async () => {
    const workspace = await createWorkspace(app);
    const host = `${workspace.subdomain}.${new URL(BASE_URL).host}`;
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: { ...bearer(workspace.token), host },
    });
    expect(response.statusCode).toBe(200);
  });

  it('reflects plan and limit changes on the next request', async () => {
    const workspace = await createWorkspace(app, 'growth');
    await app.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${workspace.id}`,
      headers: admin,
      payload: { tier: 'scale', passportLimit: 42 },
    });
    const body = (
      await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(workspace.token) })
    ).json();
    expect(body.tenant.tier).toBe('scale');
    expect(body.usage.passportLimit).toBe(42);
  });

  it('still answers on a plan without API access, so a client can learn its plan', async () => {
    const workspace = await createWorkspace(app, 'starter');
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: bearer(workspace.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().tenant.tier).toBe('starter');
  });

  authContract({ method: 'GET', path: '/api/v1/whoami', url: () => '/api/v1/whoami' });
});
