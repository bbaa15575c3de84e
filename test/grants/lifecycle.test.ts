// Access grants end to end through the API: issue, use on history (Bearer and ?grant=), the access
// log, revoke, expire, the state table's refusals, workspaces and operator scope.
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema.ts';
import { fieldAccess } from '../../src/domain/categories/schemas/index.ts';
import { bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { batteryMetadata, createOperator, createPassport } from '../helpers/passports.ts';
import { appTest, useTestApp } from '../helpers/use-test-app.ts';

const HOUR = 3_600_000;
const SECRET_NOTE = 'owner-only note: margin 12 %';

describe('access grants', () => {
  // A day behind the real clock, and moved forward by hours at most: nothing this app makes (a seal
  // CA, keys) starts later than the real time other tests sharing the store run at.
  let now = Date.now() - 24 * HOUR;
  let workspace: TestWorkspace;
  let operatorA: { id: string };
  let operatorB: { id: string };

  const app = useTestApp(() => ({ clock: () => new Date(now) }));
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    operatorA = await createOperator(app, workspace);
    operatorB = await createOperator(app, workspace, { name: 'Other Operator BV' });
  });

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    token = workspace.token,
  ) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  /** An ACTIVE passport with one archived version (an update archives version 1). */
  async function activePassport(operatorId = operatorA.id) {
    const metadata = { ...batteryMetadata(), internalNotes: SECRET_NOTE };
    const passport = await createPassport(app, workspace.token, { operatorId, metadata });
    now += 60_000;
    const updated = await api('PUT', `/api/v1/passports/${passport.id}`, {
      metadata: { ...metadata, internalNotes: `${SECRET_NOTE} (rev 2)` },
      changeReason: 'revision',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    now += 60_000;
    return passport;
  }

  async function issue(body: Record<string, unknown>, token = workspace.token) {
    const response = await api(
      'POST',
      '/api/v1/grants',
      { tier: 'legitimate-interest', grantee: { name: 'Repair Co' }, purpose: 'repair', ...body },
      token,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { grant: { id: string; status: string }; token: string };
  }

  const history = (id: string, token: string, how: 'bearer' | 'query' = 'bearer', suffix = '') =>
    how === 'bearer'
      ? app.inject({ method: 'GET', url: `/api/v1/passports/${id}/history${suffix}`, headers: bearer(token) })
      : app.inject({
          method: 'GET',
          url: `/api/v1/passports/${id}/history${suffix}${suffix.includes('?') ? '&' : '?'}grant=${token}`,
        });

  it('issues a grant whose token is shown once, and lists it without the token', async () => {
    const passport = await activePassport();
    const { grant, token } = await issue({
      passportId: passport.id,
      grantee: { name: 'Repair Co', email: 'a@repair.example' },
    });
    expect(token).toMatch(/^dpp_li_[A-Za-z0-9_-]{43}$/);
    expect(grant).toMatchObject({
      status: 'active',
      origin: 'issued',
      tier: 'legitimate-interest',
      passportId: passport.id,
      operatorId: null,
    });
    const authority = await issue({ tier: 'authority', passportId: passport.id });
    expect(authority.token).toMatch(/^dpp_auth_/);
    const listed = await api('GET', '/api/v1/grants');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(token);
    expect(listed.body).not.toContain(authority.token);
    expect(listed.json().grants.map((g: { id: string }) => g.id)).toEqual(
      expect.arrayContaining([grant.id, authority.grant.id]),
    );
  });

  it('opens history to a covering grant by Bearer and by ?grant=, masked and private', async () => {
    const passport = await activePassport();
    const { token } = await issue({ passportId: passport.id });

    for (const how of ['bearer', 'query'] as const) {
      const list = await history(passport.id, token, how);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.headers['cache-control']).toBe('private, no-store');
      expect(list.headers['referrer-policy']).toBe('no-referrer');
      const body = list.json();
      expect(body.total).toBeGreaterThan(0);
      for (const version of body.versions)
        expect(version).toMatchObject({ changedBy: null, changeReason: null });

      const version = await history(passport.id, token, how, '/1');
      expect(version.statusCode, version.body).toBe(200);
      expect(version.headers['cache-control']).toBe('private, no-store');
      const document = version.json();
      expect(version.body).not.toContain(SECRET_NOTE);
      const metadata = document.metadata as Record<string, unknown>;
      for (const key of Object.keys(metadata)) {
        expect(['public', 'legitimate-interest']).toContain(fieldAccess('batteries', `/${key}`));
      }
      expect(document.restrictedData).toMatchObject({
        tiers: ['authority'],
        requestAccess: expect.stringContaining(`/request-access/${passport.id}`),
      });

      const at = await history(
        passport.id,
        token,
        how,
        `/at?at=${encodeURIComponent(new Date(now).toISOString())}`,
      );
      expect(at.statusCode, at.body).toBe(200);
      expect(at.body).not.toContain(SECRET_NOTE);
    }
    // The owner's key still reads everything, with authors.
    const owner = await api('GET', `/api/v1/passports/${passport.id}/history/1`);
    expect(owner.body).toContain(SECRET_NOTE);
    expect(owner.headers['cache-control']).toBeUndefined();
    expect(
      (await api('GET', `/api/v1/passports/${passport.id}/history`)).json().versions[0].changedBy,
    ).toMatch(/^key:/);
  });

  it('records every grant read in the access log, in cursor pages', async () => {
    const passport = await activePassport();
    const { grant, token } = await issue({ passportId: passport.id, tier: 'authority' });
    await history(passport.id, token);
    await history(passport.id, token, 'query');
    now += 1000;
    await history(passport.id, token, 'bearer', '/at?at=2099-01-01T00:00:00Z');
    const first = await api('GET', `/api/v1/passports/${passport.id}/access-log?limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.entries).toHaveLength(2);
    expect(page1.entries[0]).toMatchObject({
      grantId: grant.id,
      accessor: `grant:${grant.id}`,
      tier: 'authority',
      action: 'version',
      representation: 'json-ld',
      clientAddress: '127.0.0.0/24',
    });
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (
      await api('GET', `/api/v1/passports/${passport.id}/access-log?limit=2&cursor=${page1.nextCursor}`)
    ).json();
    expect(page2.entries).toHaveLength(1);
    expect(page2.entries[0]).toMatchObject({ action: 'history' });
    expect(page2.nextCursor).toBeNull();
    expect(
      (await api('GET', `/api/v1/passports/${passport.id}/access-log?cursor=nonsense!`)).statusCode,
    ).toBe(400);
    // The owner's reads of history are recorded too, under its key, with no grant.
    await api('GET', `/api/v1/passports/${passport.id}/history`);
    const entries = (await api('GET', `/api/v1/passports/${passport.id}/access-log`)).json().entries;
    expect(entries).toHaveLength(4);
    expect(entries.filter((entry: { grantId: string | null }) => entry.grantId === null)).toEqual([
      expect.objectContaining({ accessor: expect.stringMatching(/^key:/), tier: 'owner', action: 'history' }),
    ]);
  });

  it('stops a revoked grant at once, and refuses moves the state table forbids', async () => {
    const passport = await activePassport();
    const { grant, token } = await issue({ passportId: passport.id });
    expect((await history(passport.id, token)).statusCode).toBe(200);
    const revoked = await api('DELETE', `/api/v1/grants/${grant.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().grant).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    const after = await history(passport.id, token);
    expect(after.statusCode).toBe(404);
    expect((await history(passport.id, token, 'query')).statusCode).toBe(404);
    expect((await api('DELETE', `/api/v1/grants/${grant.id}`)).statusCode).toBe(409);
    expect((await api('POST', `/api/v1/grants/${grant.id}/approve`)).statusCode).toBe(409);
    expect((await api('POST', `/api/v1/grants/${grant.id}/deny`)).json()).toMatchObject({ code: 'CONFLICT' });
    const active = await issue({ passportId: passport.id });
    expect((await api('POST', `/api/v1/grants/${active.grant.id}/approve`)).statusCode).toBe(409);
    expect((await api('POST', `/api/v1/grants/${active.grant.id}/deny`)).statusCode).toBe(409);
  });

  it('lets a grant expire', async () => {
    const passport = await activePassport();
    const { grant, token } = await issue({
      passportId: passport.id,
      expiresAt: new Date(now + HOUR).toISOString(),
    });
    expect((await history(passport.id, token)).statusCode).toBe(200);
    now += 2 * HOUR;
    expect((await history(passport.id, token)).statusCode).toBe(404);
    const listed = (await api('GET', '/api/v1/grants'))
      .json()
      .grants.find((g: { id: string }) => g.id === grant.id);
    expect(listed.status).toBe('expired');
    // An expired grant is still an issued grant: it can be revoked.
    expect((await api('DELETE', `/api/v1/grants/${grant.id}`)).statusCode).toBe(200);
    const past = await api('POST', '/api/v1/grants', {
      tier: 'authority',
      grantee: { name: 'MSA' },
      purpose: 'inspection',
      expiresAt: new Date(now - HOUR).toISOString(),
    });
    expect(past.statusCode).toBe(400);
  });

  it('covers only its scope: one passport, one operator, or the workspace; never a draft', async () => {
    const a1 = await activePassport(operatorA.id);
    const a2 = await activePassport(operatorA.id);
    const b1 = await activePassport(operatorB.id);
    const draft = await createPassport(app, workspace.token, { operatorId: operatorA.id, status: 'DRAFT' });
    const one = await issue({ passportId: a1.id });
    const ofA = await issue({ operatorId: operatorA.id });
    const all = await issue({});
    const code = async (id: string, token: string) => (await history(id, token)).statusCode;
    expect([
      await code(a1.id, one.token),
      await code(a2.id, one.token),
      await code(b1.id, one.token),
    ]).toEqual([200, 404, 404]);
    expect([
      await code(a1.id, ofA.token),
      await code(a2.id, ofA.token),
      await code(b1.id, ofA.token),
    ]).toEqual([200, 200, 404]);
    expect([
      await code(a1.id, all.token),
      await code(b1.id, all.token),
      await code(draft.id, all.token),
    ]).toEqual([200, 200, 404]);
    // A malformed or unknown grant token is no grant; no credential at all is a 401.
    expect(await code(a1.id, `dpp_li_${'x'.repeat(43)}`)).toBe(404);
    expect(await code(a1.id, 'dpp_li_short')).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/v1/passports/${a1.id}/history` })).statusCode).toBe(
      401,
    );
    // A token of one tier presented under the other's prefix is no grant.
    expect(await code(a1.id, one.token.replace('dpp_li_', 'dpp_auth_'))).toBe(404);
  });

  it("answers 404 for another workspace's grants and passports", async () => {
    const passport = await activePassport();
    const { grant, token } = await issue({ passportId: passport.id });
    const other = await createWorkspace(app);
    const otherApi = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
      api(method, url, undefined, other.token);
    expect((await otherApi('DELETE', `/api/v1/grants/${grant.id}`)).statusCode).toBe(404);
    expect((await otherApi('POST', `/api/v1/grants/${grant.id}/deny`)).statusCode).toBe(404);
    expect((await otherApi('GET', '/api/v1/grants')).json().grants).toEqual([]);
    expect(
      (
        await api(
          'POST',
          '/api/v1/grants',
          { passportId: passport.id, tier: 'authority', grantee: { name: 'x' }, purpose: 'p' },
          other.token,
        )
      ).statusCode,
    ).toBe(404);
    const theirs = await createPassport(app, other.token, {
      operatorId: (await createOperator(app, other)).id,
    });
    expect((await history(theirs.id, token)).statusCode).toBe(404);
    expect((await otherApi('GET', `/api/v1/passports/${passport.id}/access-log`)).statusCode).toBe(404);
  });

  it('confines an operator-scoped key to grants on its operator’s passports', async () => {
    const mine = await activePassport(operatorA.id);
    const theirs = await activePassport(operatorB.id);
    const scoped = await createKey(app, workspace, { role: 'BRAND_OPERATOR', operatorId: operatorA.id });
    const onMine = await issue({ passportId: mine.id }, scoped.token);
    const onTheirs = await issue({ passportId: theirs.id });
    const refuse = async (response: Promise<{ statusCode: number; json(): unknown }>) => {
      const answer = await response;
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'OPERATOR_SCOPE' });
    };
    await refuse(
      api(
        'POST',
        '/api/v1/grants',
        { passportId: theirs.id, tier: 'authority', grantee: { name: 'x' }, purpose: 'p' },
        scoped.token,
      ),
    );
    await refuse(
      api(
        'POST',
        '/api/v1/grants',
        { tier: 'authority', grantee: { name: 'x' }, purpose: 'p' },
        scoped.token,
      ),
    );
    await refuse(
      api(
        'POST',
        '/api/v1/grants',
        { operatorId: operatorB.id, tier: 'authority', grantee: { name: 'x' }, purpose: 'p' },
        scoped.token,
      ),
    );
    await refuse(api('DELETE', `/api/v1/grants/${onTheirs.grant.id}`, undefined, scoped.token));
    const listed = (await api('GET', '/api/v1/grants', undefined, scoped.token))
      .json()
      .grants.map((g: { id: string }) => g.id);
    expect(listed).toContain(onMine.grant.id);
    expect(listed).not.toContain(onTheirs.grant.id);
    expect(
      (await api('DELETE', `/api/v1/grants/${onMine.grant.id}`, undefined, scoped.token)).statusCode,
    ).toBe(200);
  });

  appTest(
    'keeps a sealed version verifiable offline in the masked view, and never shows a draft version',
    async ({ newApp }) => {
      // On the real clock: the node's seal CA is made on first need and valid from then on, for every
      // test sharing the store.
      const real = await newApp();
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
        real.inject({
          method,
          url,
          headers: bearer(workspace.token),
          ...(payload ? { payload: payload as object } : {}),
        });
      const draft = await createPassport(real, workspace.token, {
        operatorId: operatorA.id,
        status: 'DRAFT',
        metadata: { ...batteryMetadata(), internalNotes: SECRET_NOTE },
      });
      expect(
        (await call('PUT', `/api/v1/passports/${draft.id}/status`, { status: 'ACTIVE' })).statusCode,
      ).toBe(200);
      const sealed = await call('POST', `/api/v1/passports/${draft.id}/seal`);
      expect(sealed.statusCode, sealed.body).toBe(200);
      const metadata = { ...batteryMetadata(), internalNotes: `${SECRET_NOTE} (after the seal)` };
      expect((await call('PUT', `/api/v1/passports/${draft.id}`, { metadata })).statusCode).toBe(200);
      const issued = await call('POST', '/api/v1/grants', {
        passportId: draft.id,
        tier: 'legitimate-interest',
        grantee: { name: 'Repair Co' },
        purpose: 'repair',
      });
      const { token } = issued.json();
      const history = (id: string, grant: string, suffix = '') =>
        real.inject({
          method: 'GET',
          url: `/api/v1/passports/${id}/history${suffix}`,
          headers: bearer(grant),
        });

      const list = (await history(draft.id, token)).json();
      const versions = list.versions.map((v: { version: number }) => v.version).sort();
      expect(versions).toEqual([1, 2, 3]);
      // Version 1 was the draft: not for grant holders.
      expect((await history(draft.id, token, '/1')).statusCode).toBe(404);
      const sealedVersion = await history(draft.id, token, '/3');
      expect(sealedVersion.statusCode, sealedVersion.body).toBe(200);
      const view = sealedVersion.json();
      expect(sealedVersion.body).not.toContain(SECRET_NOTE);
      expect(Object.keys(view.proof.redactedLeaves).length).toBeGreaterThan(0);
      const verified = await real.inject({
        method: 'POST',
        url: '/api/v1/audit/verify',
        payload: { document: view },
      });
      expect(verified.json(), verified.body).toMatchObject({ valid: true });
    },
  );

  it('opens public resolution to a covering grant, logs the read, and reads a revoked one as public', async () => {
    const passport = await activePassport();
    const { grant, token } = await issue({ passportId: passport.id, tier: 'authority' });
    const resolve = (headers: Record<string, string>, query = '') =>
      app.inject({
        method: 'GET',
        url: `/passport/${passport.id}${query}`,
        headers: { accept: 'application/ld+json', ...headers },
      });
    const anonymous = await resolve({});
    expect(anonymous.statusCode).toBe(200);
    const restricted = await resolve(bearer(token));
    expect(restricted.statusCode, restricted.body).toBe(200);
    expect(restricted.headers['cache-control']).toBe('private, no-store');
    expect(restricted.body).not.toContain(SECRET_NOTE);
    expect(restricted.body.length).toBeGreaterThan(anonymous.body.length);
    expect((await resolve({}, `?grant=${token}`)).body).toBe(restricted.body);
    const log = (await api('GET', `/api/v1/passports/${passport.id}/access-log`)).json();
    expect(log.entries.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'resolve', grantId: grant.id, tier: 'authority' }),
      expect.objectContaining({ action: 'resolve', grantId: grant.id, tier: 'authority' }),
    ]);
    await api('DELETE', `/api/v1/grants/${grant.id}`);
    const revoked = await resolve(bearer(token));
    expect(revoked.statusCode).toBe(200);
    expect(revoked.body).toBe(anonymous.body);
  });

  it('lets the Authorization header decide over ?grant= on public resolution (docs/grants.md)', async () => {
    // "When both an Authorization header and ?grant= are sent, the header decides: an API key is
    // read as an API key and ?grant= is ignored."
    const passport = await activePassport();
    const { token } = await issue({ passportId: passport.id, tier: 'authority' });
    const resolve = (headers: Record<string, string>, query = '') =>
      app.inject({
        method: 'GET',
        url: `/passport/${passport.id}${query}`,
        headers: { accept: 'application/ld+json', ...headers },
      });
    const asGrant = await resolve({}, `?grant=${token}`);
    const asOwner = await resolve(bearer(workspace.token));
    expect(asGrant.statusCode).toBe(200);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.body).toContain(SECRET_NOTE);
    expect(asGrant.body).not.toContain(SECRET_NOTE);
    const invalidKeyWithGrant = await resolve(bearer('odpp_nothing_dpp_token_invalid'), `?grant=${token}`);
    expect(invalidKeyWithGrant.statusCode).toBe(401);
    const ownerKeyWithGrant = await resolve(bearer(workspace.token), `?grant=${token}`);
    expect(ownerKeyWithGrant.statusCode).toBe(200);
    expect(ownerKeyWithGrant.body).toBe(asOwner.body);
  });

  it('documents grant tokens on the history routes in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of ['/api/v1/passports/{id}/history', '/api/v1/passports/{id}/history/{version}']) {
      const operation = document.paths[path].get;
      expect(operation.security).toEqual([{ apiKey: [] }, { grantToken: [] }]);
      expect(operation.parameters.map((p: { name: string }) => p.name)).toContain('grant');
    }
    expect(document.paths['/api/v1/grants'].post.security).toEqual([{ apiKey: [] }]);
    expect(document.components.securitySchemes.grantToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('audits each change', async () => {
    const passport = await activePassport();
    const { grant } = await issue({ passportId: passport.id });
    await api('DELETE', `/api/v1/grants/${grant.id}`);
    const { db } = await testDatabase();
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.tenantId, workspace.id), eq(auditEvents.subjectId, grant.id)))
      .orderBy(asc(auditEvents.at));
    expect(rows.map((row) => [row.action, row.actor])).toEqual([
      ['grant.issued', expect.stringMatching(/^key:/)],
      ['grant.revoked', expect.stringMatching(/^key:/)],
    ]);
  });
});
