import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { batteryMetadata, createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const MINUTE = 60_000;

describe('passport updates, lifecycle and history', () => {
  let now = Date.parse('2026-03-01T10:00:00.000Z');
  const app = useTestApp(() => ({ clock: () => new Date(now) }));
  let workspace: TestWorkspace;
  let keyPrefix: string;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    const listed = (
      await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer(workspace.token) })
    ).json();
    keyPrefix = listed.keys[0].prefix;
  });

  const tick = () => {
    now += MINUTE;
  };
  const request = (
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    token = workspace.token,
  ) => app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const setStatus = (id: string, status: string, reason?: string) =>
    request('PUT', `/api/v1/passports/${id}/status`, { status, ...(reason ? { reason } : {}) });

  it('has no versions until it changes', async () => {
    const passport = await createPassport(app, workspace.token);
    const history = (await request('GET', `/api/v1/passports/${passport.id}/history`)).json();
    expect(history).toEqual({
      success: true,
      passportId: passport.id,
      productId: passport.productId,
      currentVersion: 1,
      page: 1,
      limit: 100,
      total: 0,
      totalPages: 0,
      versions: [],
    });
  });

  it('archives byte-for-byte what GET served before each change', async () => {
    const passport = await createPassport(app, workspace.token);
    const servedBefore = (await request('GET', `/api/v1/passports/${passport.id}`)).body;
    tick();
    const metadata = batteryMetadata();
    (metadata.generalInformation as Record<string, unknown>).batteryModel = 'VC-200 rev B';
    const updated = await request('PUT', `/api/v1/passports/${passport.id}`, {
      metadata,
      changeReason: 'model revision',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().passport.metadata.generalInformation.batteryModel).toBe('VC-200 rev B');
    const version = await request('GET', `/api/v1/passports/${passport.id}/history/1`);
    expect(version.statusCode).toBe(200);
    expect(version.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(version.body).toBe(servedBefore);

    const history = (await request('GET', `/api/v1/passports/${passport.id}/history`)).json();
    expect(history).toMatchObject({ currentVersion: 2, total: 1, totalPages: 1 });
    expect(history.versions).toEqual([
      {
        version: 1,
        recordedAt: passport.createdAt,
        validUntil: new Date(now).toISOString(),
        changedBy: `key:${keyPrefix}`,
        changeReason: 'model revision',
      },
    ]);
  });

  it('moves through the lifecycle, archiving each move with a reason naming it', async () => {
    const passport = await createPassport(app, workspace.token);
    const moves: [string, number, string][] = [
      ['RECALLED', 200, 'recall: status ACTIVE → RECALLED (thermal incident)'],
      ['DECOMMISSIONED', 409, ''],
      ['ACTIVE', 200, 'reactivate: status RECALLED → ACTIVE'],
      ['DECOMMISSIONED', 200, 'decommission: status ACTIVE → DECOMMISSIONED'],
      ['RECALLED', 409, ''],
      ['ACTIVE', 200, 'reactivate: status DECOMMISSIONED → ACTIVE'],
      ['ACTIVE', 409, ''],
      ['DRAFT', 409, ''],
    ];
    for (const [status, expected] of moves) {
      tick();
      const response = await setStatus(
        passport.id,
        status,
        status === 'RECALLED' ? 'thermal incident' : undefined,
      );
      expect(response.statusCode, status).toBe(expected);
      if (expected === 409)
        expect(response.json()).toMatchObject({ success: false, error: 'Conflict', code: 'CONFLICT' });
      else expect(response.json().passport).toMatchObject({ status, dppStatus: status.toLowerCase() });
    }
    const history = (await request('GET', `/api/v1/passports/${passport.id}/history`)).json();
    expect(history.versions.map((v: { changeReason: string }) => v.changeReason)).toEqual(
      moves
        .filter(([, code]) => code === 200)
        .map(([, , reason]) => reason)
        .reverse(),
    );
  });

  it('sets retentionUntil ten years out on decommissioning and clears it on reactivation', async () => {
    const passport = await createPassport(app, workspace.token);
    const decommissioned = (await setStatus(passport.id, 'DECOMMISSIONED')).json().passport;
    expect(new Date(decommissioned.retentionUntil).getUTCFullYear()).toBe(
      new Date(now).getUTCFullYear() + 10,
    );
    expect((await setStatus(passport.id, 'ACTIVE')).json().passport.retentionUntil).toBeNull();
  });

  it('publishes a draft, and deletes only drafts', async () => {
    const draft = await createPassport(app, workspace.token, { status: 'DRAFT' });
    expect(draft).toMatchObject({ status: 'DRAFT', dppStatus: 'draft' });
    const other = await createPassport(app, workspace.token, { status: 'DRAFT' });
    expect((await request('DELETE', `/api/v1/passports/${other.id}`)).statusCode).toBe(204);
    expect((await request('GET', `/api/v1/passports/${other.id}`)).statusCode).toBe(404);
    expect((await setStatus(draft.id, 'ACTIVE')).statusCode).toBe(200);
    const refused = await request('DELETE', `/api/v1/passports/${draft.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    const history = (await request('GET', `/api/v1/passports/${draft.id}/history`)).json();
    expect(history.versions[0].changeReason).toBe('publish: status DRAFT → ACTIVE');
  });

  it('refuses a status change through PUT, and invalid updates, archiving nothing', async () => {
    const passport = await createPassport(app, workspace.token);
    expect(
      (await request('PUT', `/api/v1/passports/${passport.id}`, { status: 'RECALLED' })).statusCode,
    ).toBe(400);
    const invalid = await request('PUT', `/api/v1/passports/${passport.id}`, {
      metadata: { nonsense: true },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION_FAILED');
    expect((await request('PUT', `/api/v1/passports/${passport.id}`, { changeReason: 7 })).statusCode).toBe(
      400,
    );
    expect(
      (await request('PUT', `/api/v1/passports/${passport.id}/status`, { status: 'LOST' })).statusCode,
    ).toBe(400);
    const history = (await request('GET', `/api/v1/passports/${passport.id}/history`)).json();
    expect(history.total).toBe(0);
  });

  it('reads the version current at an instant, or the live passport', async () => {
    const passport = await createPassport(app, workspace.token);
    const v1 = (await request('GET', `/api/v1/passports/${passport.id}`)).body;
    const createdAt = now;
    tick();
    await setStatus(passport.id, 'RECALLED');
    const v2 = (await request('GET', `/api/v1/passports/${passport.id}`)).body;
    tick();
    await setStatus(passport.id, 'ACTIVE');
    const live = (await request('GET', `/api/v1/passports/${passport.id}`)).body;
    const at = (instant: number) =>
      request(
        'GET',
        `/api/v1/passports/${passport.id}/history/at?at=${encodeURIComponent(new Date(instant).toISOString())}`,
      );
    expect((await at(createdAt)).body).toBe(v1);
    expect((await at(createdAt + MINUTE / 2)).body).toBe(v1);
    expect((await at(createdAt + MINUTE)).body).toBe(v2);
    expect((await at(createdAt + MINUTE * 1.5)).body).toBe(v2);
    expect((await at(createdAt + MINUTE * 2)).body).toBe(live);
    expect((await at(createdAt + MINUTE * 100)).body).toBe(live);
    expect((await at(createdAt - 1)).statusCode).toBe(404);
    expect(
      (await request('GET', `/api/v1/passports/${passport.id}/history/at?at=yesterday`)).statusCode,
    ).toBe(400);
    expect((await request('GET', `/api/v1/passports/${passport.id}/history/at`)).statusCode).toBe(400);
    // Instants a JS Date holds but the store does not: 400 naming the parameter, never a store error.
    for (const far of [
      '+010000-01-01T00:00:00Z',
      '99999-01-01',
      '+275760-09-13T00:00:00Z',
      '-000001-01-01',
    ]) {
      const response = await request(
        'GET',
        `/api/v1/passports/${passport.id}/history/at?at=${encodeURIComponent(far)}`,
      );
      expect(response.statusCode, `${far}: ${response.body}`).toBe(400);
      expect(response.json().message).toContain('at must be');
    }
  });

  it('pages history and answers 404 for versions that do not exist', async () => {
    const passport = await createPassport(app, workspace.token);
    for (let i = 0; i < 3; i++) {
      tick();
      await request('PUT', `/api/v1/passports/${passport.id}`, { changeReason: `edit ${i}` });
    }
    const page = (await request('GET', `/api/v1/passports/${passport.id}/history?limit=2&page=2`)).json();
    expect(page).toMatchObject({ currentVersion: 4, total: 3, totalPages: 2, page: 2, limit: 2 });
    expect(page.versions.map((v: { version: number }) => v.version)).toEqual([1]);
    for (const version of ['4', '0', 'x', '-1']) {
      expect((await request('GET', `/api/v1/passports/${passport.id}/history/${version}`)).statusCode).toBe(
        404,
      );
    }
  });

  it('keeps operator scope and workspace walls on every path', async () => {
    const passport = await createPassport(app, workspace.token);
    const elsewhere = await createOperator(app, workspace);
    const { token } = await createKey(app, workspace, { operatorId: elsewhere.id });
    for (const [method, url, payload] of [
      ['GET', `/api/v1/passports/${passport.id}/history`],
      ['GET', `/api/v1/passports/${passport.id}/history/1`],
      ['PUT', `/api/v1/passports/${passport.id}`, { changeReason: 'x' }],
      ['PUT', `/api/v1/passports/${passport.id}/status`, { status: 'RECALLED' }],
      ['DELETE', `/api/v1/passports/${passport.id}`],
    ] as const) {
      expect((await request(method, url, payload, token)).statusCode, `${method} ${url}`).toBe(403);
    }
    const other = await createWorkspace(app);
    for (const [method, url, payload] of [
      ['GET', `/api/v1/passports/${passport.id}/history`],
      ['PUT', `/api/v1/passports/${passport.id}`, { changeReason: 'x' }],
      ['PUT', `/api/v1/passports/${passport.id}/status`, { status: 'RECALLED' }],
      ['DELETE', `/api/v1/passports/${passport.id}`],
    ] as const) {
      expect((await request(method, url, payload, other.token)).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  describe('PUT /api/v1/passports/{id}', () => {
    authContract({
      method: 'PUT',
      path: '/api/v1/passports/{id}',
      url: async (app, ws) => {
        await createOperator(app, ws);
        return `/api/v1/passports/${(await createPassport(app, ws.token)).id}`;
      },
      permission: 'passport:update',
      payload: { changeReason: 'contract' },
      foreignUrl: async (app, other) => {
        await createOperator(app, other);
        return `/api/v1/passports/${(await createPassport(app, other.token)).id}`;
      },
    });
  });

  describe('GET /api/v1/passports/{id}/history', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/passports/{id}/history',
      url: async (app, ws) => {
        await createOperator(app, ws);
        return `/api/v1/passports/${(await createPassport(app, ws.token)).id}/history`;
      },
      permission: 'passport:read',
      foreignUrl: async (app, other) => {
        await createOperator(app, other);
        return `/api/v1/passports/${(await createPassport(app, other.token)).id}/history`;
      },
    });
  });
  /** A passport of the workspace, made with its operator, at `/api/v1/passports/{id}` plus `suffix`. */
  const passportUrl =
    (suffix = '') =>
    async (app: App, ws: TestWorkspace) => {
      await createOperator(app, ws);
      return `/api/v1/passports/${(await createPassport(app, ws.token)).id}${suffix}`;
    };

  describe('GET /api/v1/passports', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/passports',
      url: () => '/api/v1/passports',
      permission: 'passport:read',
    });
  });

  describe('PUT /api/v1/passports/{id}/status', () => {
    authContract({
      method: 'PUT',
      path: '/api/v1/passports/{id}/status',
      url: passportUrl('/status'),
      permission: 'passport:update',
      payload: { status: 'ACTIVE' },
      foreignUrl: passportUrl('/status'),
    });
  });

  describe('DELETE /api/v1/passports/{id}', () => {
    authContract({
      method: 'DELETE',
      path: '/api/v1/passports/{id}',
      url: passportUrl(),
      permission: 'passport:delete',
      foreignUrl: passportUrl(),
    });
  });

  describe('GET /api/v1/passports/{id}/history/{version}', () => {
    authContract({
      method: 'GET',
      path: '/api/v1/passports/{id}/history/{version}',
      url: passportUrl('/history/1'),
      permission: 'passport:read',
      foreignUrl: passportUrl('/history/1'),
    });
  });

  describe('GET /api/v1/passports/{id}/history/at', () => {
    // The passport as it stood just after it was made.
    const atUrl = async (app: App, ws: TestWorkspace) =>
      `${await passportUrl('/history/at')(app, ws)}?at=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`;
    authContract({
      method: 'GET',
      path: '/api/v1/passports/{id}/history/at',
      url: atUrl,
      permission: 'passport:read',
      foreignUrl: atUrl,
    });
  });
});
