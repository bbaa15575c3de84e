import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, notifications } from '../../src/db/schema.ts';
import { BASE_URL, bearer, createKey, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { testDatabase } from '../helpers/db.ts';
import { createOperator, createPassport, uniqueSku } from '../helpers/passports.ts';
import { createUnit, serialise, uniqueSerial, unitWorkspace } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('POST /api/v1/passports/{passportId}/units', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  beforeAll(async () => {
    ({ workspace, passport } = await unitWorkspace(app));
  });

  const post = (payload: unknown, ref = passport.id, token = workspace.token) =>
    serialise(app, token, ref, payload);

  it('serialises one unit object: trimmed serial, IN_SERVICE, Digital Link with AI 21', async () => {
    const serial = uniqueSerial();
    const response = await post({ serialNumber: `  ${serial} `, manufacturedAt: '2025-03-01' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['success', 'message', 'count', 'units']);
    expect(body).toMatchObject({ success: true, count: 1, message: 'Serialised 1 unit' });
    const [unit] = body.units;
    expect(Object.keys(unit)).toEqual([
      'id',
      'serialNumber',
      'digitalLinkUri',
      'passportId',
      'tenantId',
      'manufacturedAt',
      'status',
      'ceasedAt',
      'predecessorUnitId',
      'createdAt',
      'updatedAt',
    ]);
    expect(unit).toMatchObject({
      serialNumber: serial,
      digitalLinkUri: `${BASE_URL}/01/${passport.productId}/21/${serial}`,
      passportId: passport.id,
      tenantId: workspace.id,
      manufacturedAt: '2025-03-01T00:00:00.000Z',
      status: 'IN_SERVICE',
      ceasedAt: null,
      predecessorUnitId: null,
    });
  });

  it('takes { units: [...] } of up to 200 and names the passport by productId too', async () => {
    const units = Array.from({ length: 200 }, () => ({ serialNumber: uniqueSerial() }));
    const response = await post({ units }, passport.productId);
    expect(response.statusCode).toBe(201);
    expect(response.json().count).toBe(200);
    expect(response.json().units.map((u: { serialNumber: string }) => u.serialNumber)).toEqual(
      units.map((u) => u.serialNumber),
    );
  });

  it('treats a body whose units is not an array as one unit', async () => {
    const response = await post({ serialNumber: uniqueSerial(), units: 'nope' });
    expect(response.statusCode).toBe(201);
    expect(response.json().count).toBe(1);
  });

  it('answers the Bad Request triple for a non-object body, an empty units and over 200 units', async () => {
    const cases: [unknown, string][] = [
      [['a'], 'Request body must be a JSON object'],
      ['"text"', 'Request body must be a JSON object'],
      [{ units: [] }, 'units must contain at least one unit'],
      [
        { units: Array.from({ length: 201 }, () => ({ serialNumber: uniqueSerial() })) },
        'units must contain at most 200 units',
      ],
    ];
    for (const [payload, message] of cases) {
      const response =
        typeof payload === 'string'
          ? await app.inject({
              method: 'POST',
              url: `/api/v1/passports/${passport.id}/units`,
              headers: { ...bearer(workspace.token), 'content-type': 'application/json' },
              payload,
            })
          : await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: 'Bad Request', message });
    }
  });

  it('answers the framework body for syntactically invalid JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/passports/${passport.id}/units`,
      headers: { ...bearer(workspace.token), 'content-type': 'application/json' },
      payload: '{"units": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      error: 'Bad Request',
      message: expect.any(String),
    });
  });

  it('answers Serialisation Failed, with errors and no message, when every item fails', async () => {
    const serial = uniqueSerial();
    await post({ serialNumber: serial });
    const response = await post({
      units: [
        { serialNumber: serial },
        { serialNumber: 'bad serial!' },
        'x',
        { serialNumber: uniqueSerial(), status: 'BROKEN' },
      ],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['success', 'error', 'errors']);
    expect(body.success).toBe(false);
    expect(body.error).toBe('Serialisation Failed');
    expect(body.errors).toHaveLength(4);
    expect(body.errors[0]).toBe(`[${serial}] serialNumber ${serial} already exists for this passport`);
    expect(body.errors[1]).toBe('[bad serial!] serialNumber must match ^[A-Za-z0-9._-]{1,20}$');
    expect(body.errors[2]).toBe('[units[2]] unit must be a JSON object');
    expect(body.errors[3]).toMatch(
      /status must be one of IN_SERVICE, DECOMMISSIONED, RECALLED, REPURPOSED, REMANUFACTURED, REUSED, WASTE, RECYCLED$/,
    );
  });

  it('skips failed items, creates the rest, and notes the skipped count', async () => {
    const existing = uniqueSerial();
    await post({ serialNumber: existing });
    const fresh = uniqueSerial();
    const response = await post({
      units: [
        { serialNumber: existing },
        { serialNumber: fresh },
        { serialNumber: fresh },
        { serialNumber: 'x'.repeat(21) },
        { serialNumber: uniqueSerial(), manufacturedAt: 'not a date' },
        {},
      ],
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, count: 1, message: 'Serialised 1 unit; 5 skipped' });
    expect(body.errors).toEqual([
      `[${existing}] serialNumber ${existing} already exists for this passport`,
      `[${fresh}] serialNumber ${fresh} already exists for this passport`,
      `[${'x'.repeat(20)}x] serialNumber must match ^[A-Za-z0-9._-]{1,20}$`,
      expect.stringMatching(/manufacturedAt is not a valid date$/),
      '[units[5]] serialNumber is required',
    ]);
  });

  it('allows the same serial under another passport', async () => {
    const serial = uniqueSerial();
    const other = await createPassport(app, workspace.token);
    expect((await post({ serialNumber: serial })).statusCode).toBe(201);
    expect((await post({ serialNumber: serial }, other.id)).statusCode).toBe(201);
  });

  it('writes one batteryunit.created audit event and one tenant notification per serialisation', async () => {
    const ws = await unitWorkspace(app);
    const response = await post(
      { units: [{ serialNumber: uniqueSerial() }, { serialNumber: uniqueSerial() }] },
      ws.passport.id,
      ws.workspace.token,
    );
    const ids = response.json().units.map((u: { id: string }) => u.id);
    const { db } = await testDatabase();
    const audit = (
      await db.select().from(auditEvents).where(eq(auditEvents.tenantId, ws.workspace.id))
    ).filter((row) => row.action === 'batteryunit.created');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'batteryunit.created',
      subjectId: ws.passport.id,
      actor: expect.stringMatching(/^key:/),
    });
    expect(audit[0]?.details).toMatchObject({ units: ids.map((id: string) => ({ id })) });
    const notices = await db.select().from(notifications).where(eq(notifications.tenantId, ws.workspace.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'batteryunit.created', details: { count: 2 } });
  });

  it('gives SKU units their node URL and warns UNIT_NO_SCANNABLE_LINK; GRAI units get 8003/…/21', async () => {
    const sku = await createPassport(app, workspace.token, { productId: uniqueSku() });
    const serial = uniqueSerial();
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/passports/${sku.id}/units`,
      headers: { ...bearer(workspace.token), 'accept-language': 'de' },
      payload: { serialNumber: serial },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().units[0];
    expect(created.digitalLinkUri).toBe(`${BASE_URL}/unit/${created.id}`);
    expect(response.json().warnings).toEqual([
      expect.objectContaining({
        code: 'UNIT_NO_SCANNABLE_LINK',
        friendlyMessage: expect.stringContaining('GTIN'),
      }),
    ]);
    const grai = await createPassport(app, workspace.token, { productId: '8003:04006381333931A7' }).catch(
      () => null,
    );
    if (grai) {
      const unit = await createUnit(app, workspace.token, grai.id, { serialNumber: serial });
      expect(unit.digitalLinkUri).toBe(`${BASE_URL}/8003/04006381333931A7/21/${serial}`);
    }
  });

  it('answers 404 for a passport not in the workspace and 403 to a key of another operator', async () => {
    expect(
      (await post({ serialNumber: uniqueSerial() }, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await post({ serialNumber: uniqueSerial() }, 'no-such-product')).statusCode).toBe(404);
    const mine = await createOperator(app, workspace);
    const { token } = await createKey(app, workspace, { operatorId: mine.id });
    const refused = await post({ serialNumber: uniqueSerial() }, passport.id, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('OPERATOR_SCOPE');
    const own = await createPassport(app, workspace.token, { operatorId: mine.id });
    expect((await post({ serialNumber: uniqueSerial() }, own.id, token)).statusCode).toBe(201);
  });

  it('keeps a draft passport with units from being deleted (409)', async () => {
    const ws = await unitWorkspace(app);
    const draft = await createPassport(app, ws.workspace.token, { status: 'DRAFT' });
    await createUnit(app, ws.workspace.token, draft.id);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/v1/passports/${draft.id}`,
      headers: bearer(ws.workspace.token),
    });
    expect(response.statusCode).toBe(409);
  });

  authContract({
    method: 'POST',
    path: '/api/v1/passports/{passportId}/units',
    url: async (app, ws) => {
      await createOperator(app, ws);
      return `/api/v1/passports/${(await createPassport(app, ws.token)).id}/units`;
    },
    payload: { units: [{ serialNumber: 'AUTH-1' }] },
    permission: 'battery:write',
    foreignUrl: async (app, other) => {
      await createOperator(app, other);
      return `/api/v1/passports/${(await createPassport(app, other.token)).id}/units`;
    },
  });
});
