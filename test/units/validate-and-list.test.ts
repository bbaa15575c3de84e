import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { batteryUnits } from '../../src/db/schema.ts';
import { bearer, createKey, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { testDatabase } from '../helpers/db.ts';
import { createOperator, createPassport, uniqueSku } from '../helpers/passports.ts';
import { createUnit, serialise, uniqueSerial, unitWorkspace } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('POST /api/v1/passports/{passportId}/units/validate', () => {
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  const app = useTestApp();
  beforeAll(async () => {
    ({ workspace, passport } = await unitWorkspace(app));
  });

  const validate = (payload: unknown, ref = passport.id, token = workspace.token) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/passports/${ref}/units/validate`,
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    });

  it('reports per unit, in input order, with error only when ok is false, and stores nothing', async () => {
    const good = uniqueSerial();
    const response = await validate({
      units: [
        { serialNumber: good, status: 'REUSED', manufacturedAt: '2024-01-02T03:04:05Z' },
        { serialNumber: 'no spaces allowed' },
        { serialNumber: 42 },
        { status: 'LOST' },
        { serialNumber: ` ${uniqueSerial()} `, manufacturedAt: 'yesterday-ish' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: false,
      count: 5,
      validCount: 1,
      message: '4 of 5 units are invalid',
    });
    expect(body.results[0]).toEqual({ serialNumber: good, ok: true });
    expect(body.results[1]).toEqual({
      serialNumber: 'no spaces allowed',
      ok: false,
      error: 'serialNumber must match ^[A-Za-z0-9._-]{1,20}$',
    });
    expect(body.results[2]).toEqual({
      serialNumber: null,
      ok: false,
      error: 'serialNumber must be a string',
    });
    expect(body.results[3].error).toBe(
      'serialNumber is required; status must be one of IN_SERVICE, DECOMMISSIONED, RECALLED, REPURPOSED, REMANUFACTURED, REUSED, WASTE, RECYCLED',
    );
    expect(body.results[4]).toMatchObject({ ok: false, error: 'manufacturedAt is not a valid date' });
    const { db } = await testDatabase();
    expect(await db.select().from(batteryUnits).where(eq(batteryUnits.tenantId, workspace.id))).toHaveLength(
      0,
    );
  });

  it('takes one unit object, does not check predecessors, and succeeds when all are valid', async () => {
    const response = await validate({
      serialNumber: uniqueSerial(),
      predecessorUnitId: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.json()).toMatchObject({ success: true, count: 1, validCount: 1 });
  });

  it('refuses . and .. for a passport with a Digital Link: no URL path can carry them', async () => {
    const body = (
      await validate({ units: [{ serialNumber: '.' }, { serialNumber: '..' }, { serialNumber: '...' }] })
    ).json();
    expect(body.results.map((r: { ok: boolean }) => r.ok)).toEqual([false, false, true]);
    expect(body.results[0].error).toMatch(/cannot be \. or \.\./);
  });

  it('checks AI 21 conformance for a SKU passport too', async () => {
    const sku = await createPassport(app, workspace.token, { productId: uniqueSku() });
    const body = (
      await validate({ units: [{ serialNumber: 'A.B_C-1' }, { serialNumber: 'A#1' }] }, sku.id)
    ).json();
    expect(body.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false]);
  });

  it('answers 400 for a non-object body, an empty units, over 200 units; 200 is fine', async () => {
    for (const [payload, message] of [
      [[1], 'Request body must be a JSON object'],
      [{ units: [] }, 'units must contain at least one unit'],
      [{ units: Array.from({ length: 201 }, () => ({})) }, 'units must contain at most 200 units'],
    ] as const) {
      const response = await validate(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: 'Bad Request', message });
    }
    const full = await validate({
      units: Array.from({ length: 200 }, () => ({ serialNumber: uniqueSerial() })),
    });
    expect(full.json()).toMatchObject({ count: 200, validCount: 200 });
  });

  it('answers 404 for a passport not in the workspace and 403 across operators', async () => {
    expect((await validate({ serialNumber: 'A' }, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    const mine = await createOperator(app, workspace);
    const { token } = await createKey(app, workspace, { operatorId: mine.id });
    expect((await validate({ serialNumber: 'A' }, passport.id, token)).statusCode).toBe(403);
  });

  authContract({
    method: 'POST',
    path: '/api/v1/passports/{passportId}/units/validate',
    url: async (app, ws) => {
      await createOperator(app, ws);
      return `/api/v1/passports/${(await createPassport(app, ws.token)).id}/units/validate`;
    },
    payload: { serialNumber: 'AUTH-1' },
    permission: 'battery:write',
    foreignUrl: async (app, other) => {
      await createOperator(app, other);
      return `/api/v1/passports/${(await createPassport(app, other.token)).id}/units/validate`;
    },
  });
});

describe('GET /api/v1/passports/{passportId}/units', () => {
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  let now = Date.parse('2026-01-01T00:00:00Z');
  const app = useTestApp(() => ({ clock: () => new Date(now) }));
  beforeAll(async () => {
    ({ workspace, passport } = await unitWorkspace(app));
    for (let i = 0; i < 5; i++) {
      now += 1_000;
      await createUnit(app, workspace.token, passport.id, { serialNumber: `LIST-${i}` });
    }
    await createUnit(app, workspace.token, (await createPassport(app, workspace.token)).id);
  });

  const list = (query = '', ref = passport.id, token = workspace.token) =>
    app.inject({ method: 'GET', url: `/api/v1/passports/${ref}/units${query}`, headers: bearer(token) });

  it('lists the passport units newest first with paging fields', async () => {
    const response = await list('?limit=2');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body)).toEqual([
      'success',
      'count',
      'productId',
      'units',
      'page',
      'limit',
      'total',
      'totalPages',
    ]);
    expect(body).toMatchObject({
      success: true,
      count: 2,
      productId: passport.productId,
      page: 1,
      limit: 2,
      total: 5,
      totalPages: 3,
    });
    expect(body.units.map((u: { serialNumber: string }) => u.serialNumber)).toEqual(['LIST-4', 'LIST-3']);
    const last = (await list('?limit=2&page=3')).json();
    expect(last.units.map((u: { serialNumber: string }) => u.serialNumber)).toEqual(['LIST-0']);
    expect((await list('?page=9')).json()).toMatchObject({ count: 0, units: [], total: 5 });
  });

  it('keeps the total exact across batches, skipped duplicates and concurrent serialisation', async () => {
    const other = await createPassport(app, workspace.token);
    const batch = (serials: string[]) =>
      serialise(app, workspace.token, other.id, { units: serials.map((serialNumber) => ({ serialNumber })) });
    // A duplicate within the passport is skipped and must not count.
    expect((await batch(['T-1', 'T-2', 'T-3'])).statusCode).toBe(201);
    await batch(['T-3', 'T-4']);
    await Promise.all(
      Array.from({ length: 4 }, (_, worker) =>
        batch(Array.from({ length: 10 }, (_, i) => `C-${worker}-${i}`)),
      ),
    );
    const counted = 4 + 40;
    expect((await list('?limit=1', other.id)).json()).toMatchObject({ total: counted, totalPages: counted });
    // The counter is the passport's own: the first passport's total did not move.
    expect((await list('?limit=1')).json().total).toBe(5);
  });

  it('clamps limit to 1–200 and falls back on non-numeric page and limit', async () => {
    expect((await list('?limit=0')).json().limit).toBe(1);
    expect((await list('?limit=999')).json().limit).toBe(200);
    expect((await list('?limit=abc&page=xyz')).json()).toMatchObject({ limit: 100, page: 1 });
    expect((await list('?page=-4')).json().page).toBe(1);
  });

  it('finds the passport by productId; 404 elsewhere; 403 across operators', async () => {
    expect((await list('', passport.productId)).json().total).toBe(5);
    expect((await list('', 'nothing-here')).statusCode).toBe(404);
    const mine = await createOperator(app, workspace);
    const { token } = await createKey(app, workspace, { operatorId: mine.id });
    expect((await list('', passport.id, token)).statusCode).toBe(403);
  });

  authContract({
    method: 'GET',
    path: '/api/v1/passports/{passportId}/units',
    url: async (app, ws) => {
      await createOperator(app, ws);
      return `/api/v1/passports/${(await createPassport(app, ws.token)).id}/units`;
    },
    permission: 'battery:read',
    foreignUrl: async (app, other) => {
      await createOperator(app, other);
      return `/api/v1/passports/${(await createPassport(app, other.token)).id}/units`;
    },
  });
});
