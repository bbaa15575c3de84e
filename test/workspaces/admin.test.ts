import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { admin, bearer, createWorkspace } from '../helpers/app.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('platform admin API', () => {
  const app = useTestApp();

  const subdomain = () => `adm-${randomUUID().slice(0, 8)}`;
  const create = (payload: Record<string, unknown>, headers: Record<string, string> = admin) =>
    app.inject({ method: 'POST', url: '/admin/v1/workspaces', headers, payload });

  it('creates a workspace with its first full-permission key', async () => {
    const sub = subdomain();
    const response = await create({ name: 'Acme Batteries', subdomain: sub, tier: 'scale' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      tenant: {
        id: expect.any(String),
        name: 'Acme Batteries',
        subdomain: sub,
        tier: 'scale',
        subscriptionStatus: 'active',
        mfaRequired: false,
        passportLimit: 50_000,
      },
      apiKey: { role: 'ADMIN', token: expect.stringMatching(/dpp_token_/), operatorId: null },
    });
    expect(body.apiKey.permissions).toEqual(
      expect.arrayContaining(['keys:manage', 'passport:seal', 'battery:write']),
    );
    const whoami = await app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: bearer(body.apiKey.token),
    });
    expect(whoami.json().tenant.id).toBe(body.tenant.id);
  });

  it('refuses a taken subdomain (409) and leaves no half-made workspace', async () => {
    const sub = subdomain();
    expect((await create({ name: 'First', subdomain: sub, tier: 'growth' })).statusCode).toBe(201);
    const again = await create({ name: 'Second', subdomain: sub, tier: 'growth' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, error: 'Conflict', code: 'CONFLICT' });
    const list = (
      await app.inject({ method: 'GET', url: '/admin/v1/workspaces?limit=200', headers: admin })
    ).json();
    expect(list.workspaces.filter((w: { subdomain: string }) => w.subdomain === sub)).toHaveLength(1);
  });

  it('validates the body', async () => {
    for (const payload of [
      { name: 'x', subdomain: 'UPPER', tier: 'growth' },
      { name: 'x', subdomain: '-dash', tier: 'growth' },
      { name: 'x', subdomain: subdomain(), tier: 'platinum' },
      { name: '', subdomain: subdomain(), tier: 'growth' },
      { name: 'x', subdomain: 'www', tier: 'growth' },
    ]) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: 'Bad Request', code: 'BAD_REQUEST' });
    }
  });

  it('requires the platform admin token', async () => {
    const workspace = await createWorkspace(app);
    for (const headers of [{}, bearer('wrong-token-wrong-token-wrong'), bearer(workspace.token)]) {
      const response = await create({ name: 'x', subdomain: subdomain(), tier: 'growth' }, headers);
      expect(response.statusCode).toBe(401);
      const listing = await app.inject({ method: 'GET', url: '/admin/v1/workspaces', headers });
      expect(listing.statusCode).toBe(401);
    }
  });

  it('lists workspaces with paging', async () => {
    await createWorkspace(app);
    await createWorkspace(app);
    const response = await app.inject({
      method: 'GET',
      url: '/admin/v1/workspaces?page=1&limit=1',
      headers: admin,
    });
    const body = response.json();
    expect(body).toMatchObject({ success: true, page: 1, limit: 1 });
    expect(body.workspaces).toHaveLength(1);
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.totalPages).toBe(body.total);
    const clamped = (
      await app.inject({ method: 'GET', url: '/admin/v1/workspaces?page=0&limit=9999', headers: admin })
    ).json();
    expect(clamped).toMatchObject({ page: 1, limit: 200 });
    const fallback = (
      await app.inject({ method: 'GET', url: '/admin/v1/workspaces?page=x&limit=y', headers: admin })
    ).json();
    expect(fallback).toMatchObject({ page: 1, limit: 100 });
  });

  it('patches tier, subscription, MFA and limit', async () => {
    const workspace = await createWorkspace(app, 'growth');
    const patch = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: `/admin/v1/workspaces/${workspace.id}`, headers: admin, payload });
    const moved = (await patch({ tier: 'scale' })).json();
    expect(moved.tenant).toMatchObject({ tier: 'scale', passportLimit: 50_000 });
    const changed = (
      await patch({ subscriptionStatus: 'canceled', mfaRequired: true, passportLimit: 7 })
    ).json();
    expect(changed.tenant).toMatchObject({
      subscriptionStatus: 'canceled',
      mfaRequired: true,
      passportLimit: 7,
    });
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ subscriptionStatus: 'trial' })).statusCode).toBe(400);
    expect((await patch({ passportLimit: -1 })).statusCode).toBe(400);
  });

  it('manages a workspace keys on its behalf', async () => {
    const workspace = await createWorkspace(app);
    const created = await app.inject({
      method: 'POST',
      url: `/admin/v1/workspaces/${workspace.id}/keys`,
      headers: admin,
      payload: { name: 'from admin', role: 'AUDITOR' },
    });
    expect(created.statusCode).toBe(201);
    const { key, token } = created.json();
    expect(key.role).toBe('AUDITOR');
    const listed = (
      await app.inject({ method: 'GET', url: `/admin/v1/workspaces/${workspace.id}/keys`, headers: admin })
    ).json();
    expect(listed.keys.map((k: { id: string }) => k.id)).toContain(key.id);
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/admin/v1/workspaces/${workspace.id}/keys/${key.id}`,
      headers: admin,
    });
    expect(revoked.statusCode).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) })).statusCode,
    ).toBe(401);
    const other = await createWorkspace(app);
    const crossed = await app.inject({
      method: 'DELETE',
      url: `/admin/v1/workspaces/${other.id}/keys/${workspace.keyId}`,
      headers: admin,
    });
    expect(crossed.statusCode).toBe(404);
    const missing = await app.inject({
      method: 'GET',
      url: `/admin/v1/workspaces/${randomUUID()}/keys`,
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });
});
