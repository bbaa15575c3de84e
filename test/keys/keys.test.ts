import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { admin, bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { testDatabase } from '../helpers/db.ts';
import { createOperator } from '../helpers/operator-fixtures.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const TOKEN_SHAPE = /^(odpp_dpp_token_[A-Za-z0-9]{8}_)[A-Za-z0-9_-]{43}$/;

describe('workspace API keys', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
  });

  const post = (token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/v1/keys', headers: bearer(token), payload });

  it('creates a key and shows its token once', async () => {
    const response = await post(workspace.token, {
      name: 'ingest',
      role: 'BRAND_OPERATOR',
      permissions: ['passport:read', 'passport:create'],
      expiresAt: '2999-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      key: {
        id: expect.any(String),
        name: 'ingest',
        prefix: expect.stringMatching(/^odpp_dpp_token_[A-Za-z0-9]{8}_$/),
        role: 'BRAND_OPERATOR',
        permissions: ['passport:read', 'passport:create'],
        operatorId: null,
        expiresAt: '2999-01-01T00:00:00.000Z',
        createdAt: expect.any(String),
        revokedAt: null,
      },
      token: expect.stringMatching(TOKEN_SHAPE),
    });
    expect(body.token.startsWith(body.key.prefix)).toBe(true);
    const whoami = await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(body.token) });
    expect(whoami.json().auth.permissions).toEqual(['passport:read', 'passport:create']);
  });

  it("defaults to the BRAND_OPERATOR role's permissions", async () => {
    const { key } = await createKey(app, workspace, {});
    const listed = (
      await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer(workspace.token) })
    ).json();
    const found = listed.keys.find((k: { id: string }) => k.id === key.id);
    expect(found.role).toBe('BRAND_OPERATOR');
    expect(found.permissions).toContain('battery:write');
    expect(found.permissions).not.toContain('keys:manage');
  });

  it('stores only a SHA-256 hash of the token and never lists the token', async () => {
    const { key, token } = await createKey(app, workspace, { name: 'secret-check' });
    const listing = await app.inject({
      method: 'GET',
      url: '/api/v1/keys',
      headers: bearer(workspace.token),
    });
    expect(listing.body).not.toContain(token);
    expect(listing.body).not.toContain(token.slice(key.prefix.length));
    const { db } = await testDatabase();
    const rows = await queryRows(db, sql`select * from api_keys where id = ${key.id}`);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token.slice(key.prefix.length));
    expect(stored).toContain(createHash('sha256').update(token).digest('hex'));
  });

  it('revokes a key: the next request with it is 401, and a second revoke is a no-op', async () => {
    const { key, token } = await createKey(app, workspace, {});
    const before = await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) });
    expect(before.statusCode).toBe(200);
    const revoke = () =>
      app.inject({ method: 'DELETE', url: `/api/v1/keys/${key.id}`, headers: bearer(workspace.token) });
    expect((await revoke()).statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/revoked/);
    expect((await revoke()).statusCode).toBe(204);
    const listed = (
      await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer(workspace.token) })
    ).json();
    expect(listed.keys.find((k: { id: string }) => k.id === key.id).revokedAt).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown key id', async () => {
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/v1/keys/00000000-0000-4000-8000-000000000000',
      headers: bearer(workspace.token),
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses permissions outside the role (400)', async () => {
    const response = await post(workspace.token, {
      name: 'x',
      role: 'AUDITOR',
      permissions: ['passport:create'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('passport:create'),
    });
  });

  it('refuses to mint rights the creating key lacks (403)', async () => {
    const { token } = await createKey(app, workspace, {
      role: 'ADMIN',
      permissions: ['keys:manage', 'passport:read'],
    });
    const response = await post(token, { name: 'escalate', role: 'ADMIN' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('INSUFFICIENT_PERMISSION');
    expect(
      (await post(token, { name: 'ok', role: 'AUDITOR', permissions: ['passport:read'] })).statusCode,
    ).toBe(201);
  });

  it('keeps an operator-scoped creator within its operator', async () => {
    const operatorId = (await createOperator(app, workspace)).id;
    const otherOperatorId = (await createOperator(app, workspace)).id;
    const { token } = await createKey(app, workspace, { role: 'ADMIN', operatorId });
    const inherited = await post(token, { name: 'child' });
    expect(inherited.statusCode).toBe(201);
    expect(inherited.json().key.operatorId).toBe(operatorId);
    const other = await post(token, { name: 'other', operatorId: otherOperatorId });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('OPERATOR_SCOPE');
    const widened = await post(token, { name: 'wide', operatorId: null });
    expect(widened.statusCode).toBe(201);
    expect(widened.json().key.operatorId).toBe(operatorId);
  });

  it('refuses a scope naming no operator of the workspace, on both key routes', async () => {
    const foreign = await createWorkspace(app);
    const foreignOperatorId = (await createOperator(app, foreign)).id;
    for (const operatorId of ['7d0c6a3e-1111-4e0e-8d3c-0a1b2c3d4e5f', foreignOperatorId]) {
      const own = await post(workspace.token, { name: 'scoped', operatorId });
      expect(own.statusCode, own.body).toBe(400);
      expect(own.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('operatorId'),
      });
      const byAdmin = await app.inject({
        method: 'POST',
        url: `/admin/v1/workspaces/${workspace.id}/keys`,
        headers: admin,
        payload: { name: 'scoped', operatorId },
      });
      expect(byAdmin.statusCode, byAdmin.body).toBe(400);
    }
  });

  it('keeps an operator that live keys are scoped to until they are revoked', async () => {
    const operator = await createOperator(app, workspace);
    const { key } = await createKey(app, workspace, { role: 'BRAND_OPERATOR', operatorId: operator.id });
    const remove = () =>
      app.inject({
        method: 'DELETE',
        url: `/api/v1/operators/${operator.id}`,
        headers: bearer(workspace.token),
      });
    const refused = await remove();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/1 API key is scoped/);
    await app.inject({ method: 'DELETE', url: `/api/v1/keys/${key.id}`, headers: bearer(workspace.token) });
    expect((await remove()).statusCode).toBe(204);
  });

  it('validates expiresAt and unknown fields', async () => {
    for (const payload of [
      { name: 'x', expiresAt: 'next tuesday' },
      { name: 'x', expiresAt: '2001-01-01T00:00:00Z' },
      { name: 'x', colour: 'blue' },
      { name: '' },
      {},
    ]) {
      const response = await post(workspace.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: 'Bad Request', code: 'BAD_REQUEST' });
    }
  });

  it("cannot see or revoke another workspace's keys", async () => {
    const other = await createWorkspace(app);
    const listed = (
      await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer(other.token) })
    ).json();
    expect(listed.keys.map((k: { id: string }) => k.id)).toEqual([other.keyId]);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/v1/keys/${workspace.keyId}`,
      headers: bearer(other.token),
    });
    expect(response.statusCode).toBe(404);
    const still = await app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: bearer(workspace.token),
    });
    expect(still.statusCode).toBe(200);
  });

  describe('POST /api/v1/keys', () => {
    authContract({
      method: 'POST',
      path: '/api/v1/keys',
      url: () => '/api/v1/keys',
      permission: 'keys:manage',
      payload: { name: 'k' },
    });
  });
  describe('GET /api/v1/keys', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/keys',
      url: () => '/api/v1/keys',
      permission: 'keys:manage',
    });
  });
  describe('DELETE /api/v1/keys/{id}', () => {
    authContract({
      method: 'DELETE',
      path: '/api/v1/keys/{id}',
      url: async (app, ws) => `/api/v1/keys/${(await createKey(app, ws, {})).key.id}`,
      permission: 'keys:manage',
      foreignUrl: async (app, other) => `/api/v1/keys/${(await createKey(app, other, {})).key.id}`,
    });
  });
});
