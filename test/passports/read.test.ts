import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('GET /api/v1/passports/{id}', () => {
  let workspace: TestWorkspace;
  let passport: Awaited<ReturnType<typeof createPassport>>;
  const app = useTestApp();
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    passport = await createPassport(app, workspace.token);
  });

  const get = (reference: string, token = workspace.token) =>
    app.inject({ method: 'GET', url: `/api/v1/passports/${reference}`, headers: bearer(token) });

  it('returns the owner document as JSON-LD, by UUID', async () => {
    const response = await get(passport.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(response.json()).toEqual(passport);
  });

  it('finds it by productId, by its GTIN-13 form, and by URL-encoded Digital Link URL', async () => {
    const gtin14 = passport.productId;
    for (const reference of [
      gtin14,
      gtin14.slice(1),
      encodeURIComponent(`${BASE_URL}/01/${gtin14}`),
      encodeURIComponent(`https://id.example.com/01/${gtin14}/21/SERIAL1?linkType=all`),
    ]) {
      const response = await get(reference);
      expect(response.statusCode, reference).toBe(200);
      expect(response.json().id).toBe(passport.id);
    }
  });

  it('answers 404 for a passport that is not there', async () => {
    for (const reference of [
      '00000000-0000-4000-8000-000000000000',
      'no-such-product',
      encodeURIComponent('https://x.test/01/00000000000000'),
    ]) {
      const response = await get(reference);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it("refuses an operator-scoped key another operator's passport (403) and serves its own", async () => {
    const mine = await createOperator(app, workspace);
    const { token } = await createKey(app, workspace, { operatorId: mine.id });
    expect((await get(passport.id, token)).statusCode).toBe(403);
    const own = await createPassport(app, workspace.token, { operatorId: mine.id });
    expect((await get(own.id, token)).statusCode).toBe(200);
  });

  authContract({
    method: 'GET',
    path: '/api/v1/passports/{id}',
    url: async (app, ws) => {
      await createOperator(app, ws);
      return `/api/v1/passports/${(await createPassport(app, ws.token)).id}`;
    },
    permission: 'passport:read',
    foreignUrl: async (app, other) => {
      await createOperator(app, other);
      return `/api/v1/passports/${(await createPassport(app, other.token)).id}`;
    },
  });
});

describe('GET /api/v1/passports', () => {
  let workspace: TestWorkspace;
  let operatorA: { id: string };
  let operatorB: { id: string };
  const app = useTestApp();
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    operatorA = await createOperator(app, workspace);
    operatorB = await createOperator(app, workspace);
    for (let i = 0; i < 3; i++) await createPassport(app, workspace.token, { operatorId: operatorA.id });
    await createPassport(app, workspace.token, { operatorId: operatorB.id, status: 'DRAFT' });
  });

  const list = (query = '', token = workspace.token) =>
    app.inject({ method: 'GET', url: `/api/v1/passports${query}`, headers: bearer(token) });

  it('pages the workspace passports, newest first', async () => {
    const body = (await list('?limit=2')).json();
    expect(body).toMatchObject({ success: true, count: 2, page: 1, limit: 2, total: 4, totalPages: 2 });
    expect(body.passports[0]['@type']).toBe('DigitalProductPassport');
    expect(Date.parse(body.passports[0].createdAt)).toBeGreaterThanOrEqual(
      Date.parse(body.passports[1].createdAt),
    );
    const second = (await list('?limit=2&page=2')).json();
    expect(second.count).toBe(2);
    const ids = new Set([...body.passports, ...second.passports].map((p: { id: string }) => p.id));
    expect(ids.size).toBe(4);
  });

  it('clamps limit to 1–200, defaults to 100, and falls back on non-numeric values', async () => {
    expect((await list('?limit=0')).json().limit).toBe(1);
    expect((await list('?limit=1000')).json().limit).toBe(200);
    expect((await list('?limit=abc&page=xyz')).json()).toMatchObject({ limit: 100, page: 1 });
    expect((await list('?page=-3')).json().page).toBe(1);
  });

  it('filters by status, category, operator and productId', async () => {
    expect((await list('?status=DRAFT')).json().total).toBe(1);
    expect((await list('?category=batteries')).json().total).toBe(4);
    expect((await list('?category=toys')).json().total).toBe(0);
    expect((await list(`?operatorId=${operatorA.id}`)).json().total).toBe(3);
    const one = (await list('?limit=1')).json().passports[0];
    const found = (await list(`?q=${one.productId.slice(3, 10)}`)).json();
    expect(found.passports.map((p: { id: string }) => p.id)).toContain(one.id);
    expect((await list('?q=%25')).json().total).toBe(0);
    expect((await list('?status=LOST')).statusCode).toBe(400);
  });

  it("shows an operator-scoped key only its operator's passports", async () => {
    const { token } = await createKey(app, workspace, { operatorId: operatorA.id });
    const body = (await list('', token)).json();
    expect(body.total).toBe(3);
  });

  it('refuses an operator-scoped key a filter on another operator, as the facility list does', async () => {
    const { token } = await createKey(app, workspace, { operatorId: operatorA.id });
    expect((await list(`?operatorId=${operatorA.id}`, token)).json().total).toBe(3);
    const other = await list(`?operatorId=${operatorB.id}`, token);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('OPERATOR_SCOPE');
  });

  it("never lists another workspace's passports", async () => {
    const other = await createWorkspace(app);
    expect((await list('', other.token)).json().total).toBe(0);
  });
});
