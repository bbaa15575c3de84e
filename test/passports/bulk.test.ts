import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { batteryMetadata, createOperator, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('POST /api/v1/passports/bulk', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
  });

  const bulk = (payload: unknown, token = workspace.token) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/passports/bulk',
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    });
  const row = (productId = newGtin13()) => ({
    productId,
    category: 'batteries',
    metadata: batteryMetadata(),
  });

  it('creates every valid row and reports the others by row index and productId', async () => {
    const good = [row(), row(), row()];
    const badGtin = '4006381333932';
    const response = await bulk({
      passports: [good[0], { ...row(badGtin) }, good[1], 'not an object', { ...row(), metadata: 5 }, good[2]],
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.count).toBe(3);
    expect(body.passports.map((p: { productId: string }) => p.productId)).toEqual(
      good.map((g) => `0${g.productId}`),
    );
    expect(body.errors).toHaveLength(3);
    expect(body.errors[0]).toMatch(new RegExp(`^\\[row 1\\] \\[${badGtin}\\] Validation Failed: /productId`));
    expect(body.errors[1]).toMatch(/^\[row 3\] /);
    expect(body.errors[2]).toMatch(/^\[row 4\] \[\d+\] Validation Failed: \/metadata/);
  });

  it('upserts an existing productId into a new version, and answers 201 as a row was written', async () => {
    const first = row();
    expect((await bulk({ passports: [first] })).statusCode).toBe(201);
    const metadata = batteryMetadata();
    (metadata.generalInformation as Record<string, unknown>).batteryModel = 'VC-300';
    const again = await bulk({ passports: [{ ...first, metadata }] });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ success: true, count: 1 });
    const id = again.json().passports[0].id;
    const history = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/passports/${id}/history`,
        headers: bearer(workspace.token),
      })
    ).json();
    expect(history.versions[0]).toMatchObject({ version: 1, changeReason: 'bulk upsert' });
  });

  it('refuses an update to a key without passport:update', async () => {
    const existing = row();
    await bulk({ passports: [existing] });
    const { token } = await createKey(app, workspace, { permissions: ['passport:create', 'passport:read'] });
    const response = await bulk({ passports: [existing, row()] }, token);
    expect(response.statusCode).toBe(201);
    expect(response.json().errors).toEqual([expect.stringMatching(/passport:update/)]);
  });

  it('answers 200 with every row failed', async () => {
    const response = await bulk({
      passports: [{ productId: 'x' }, { productId: 'nul\u0000byte', category: 'toys' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: false, count: 0, passports: [] });
  });

  it.each([
    ['a non-object body', [row()]],
    ['no passports array', {}],
    ['an empty batch', { passports: [] }],
    ['more than 200 rows', { passports: Array.from({ length: 201 }, () => ({})) }],
  ])('answers 400 for %s', async (_case, payload) => {
    const response = await bulk(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'Bad Request', code: 'BAD_REQUEST' });
  });

  it('takes 200 rows in one call', async () => {
    const rows = Array.from({ length: 200 }, () => row());
    const response = await bulk({ passports: rows });
    expect(response.statusCode).toBe(201);
    expect(response.json().count).toBe(200);
  });

  authContract({
    method: 'POST',
    path: '/api/v1/passports/bulk',
    url: () => '/api/v1/passports/bulk',
    permission: 'passport:create',
    payload: { passports: [{ productId: 'x' }] },
  });
});
