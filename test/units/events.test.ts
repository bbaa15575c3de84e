import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { bearer, createKey, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { appendEvent, createUnit, getUnit, unitWorkspace } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const unitUrl = async (app: App, ws: TestWorkspace, suffix = '') => {
  await createOperator(app, ws);
  const passport = await createPassport(app, ws.token);
  return `/api/v1/units/${(await createUnit(app, ws.token, passport.id)).id}${suffix}`;
};

describe('POST /api/v1/units/{id}/events', () => {
  let now = Date.parse('2026-03-01T12:00:00.000Z');
  let workspace: TestWorkspace;
  let passportId: string;
  const app = useTestApp(() => ({ clock: () => new Date(now) }));
  beforeAll(async () => {
    const made = await unitWorkspace(app);
    workspace = made.workspace;
    passportId = made.passport.id;
  });

  const newUnit = (body: Record<string, unknown> = {}) => createUnit(app, workspace.token, passportId, body);
  const append = (unitId: string, payload: unknown, headers: Record<string, string> = {}) =>
    appendEvent(app, workspace.token, unitId, payload, headers);
  const view = async (unitId: string) => (await getUnit(app, workspace.token, unitId)).json();

  it('stores an event and answers { success, message, event } in the record shape', async () => {
    const unit = await newUnit();
    const response = await append(unit.id, {
      eventType: 'SOH_MEASUREMENT',
      stateOfHealth: 98.25,
      cycleCount: 12,
      remainingCapacityAh: 49.5,
      temperatureC: 21.5,
      payload: { source: 'bms' },
      recordedAt: '2026-02-28T10:00:00Z',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['success', 'message', 'event']);
    expect(Object.keys(body.event)).toEqual([
      'id',
      'batteryUnitId',
      'tenantId',
      'eventType',
      'stateOfHealth',
      'cycleCount',
      'remainingCapacityAh',
      'temperatureC',
      'payload',
      'recordedAt',
      'createdAt',
    ]);
    expect(body.event).toMatchObject({
      batteryUnitId: unit.id,
      tenantId: workspace.id,
      eventType: 'SOH_MEASUREMENT',
      stateOfHealth: 98.25,
      cycleCount: 12,
      remainingCapacityAh: 49.5,
      temperatureC: 21.5,
      payload: { source: 'bms' },
      recordedAt: '2026-02-28T10:00:00.000Z',
      createdAt: new Date(now).toISOString(),
    });
  });

  it('answers each 400 message of the contract as the Bad Request triple', async () => {
    const unit = await newUnit();
    const cases: [unknown, string][] = [
      [[1, 2], 'Request body must be a valid JSON object'],
      [{}, 'eventType must be one of SOH_MEASUREMENT, CHARGE_CYCLE, STATUS_CHANGE, NEGATIVE_EVENT, OTHER'],
      [
        { eventType: 'soh' },
        'eventType must be one of SOH_MEASUREMENT, CHARGE_CYCLE, STATUS_CHANGE, NEGATIVE_EVENT, OTHER',
      ],
      [{ eventType: 'OTHER', stateOfHealth: 100.01 }, 'stateOfHealth must be a number between 0 and 100'],
      [{ eventType: 'OTHER', stateOfHealth: -0.01 }, 'stateOfHealth must be a number between 0 and 100'],
      [{ eventType: 'OTHER', stateOfHealth: '90' }, 'stateOfHealth must be a number between 0 and 100'],
      [{ eventType: 'OTHER', cycleCount: -1 }, 'cycleCount must be a number between 0 and 9007199254740991'],
      [
        { eventType: 'OTHER', cycleCount: 9007199254740992 },
        'cycleCount must be a number between 0 and 9007199254740991',
      ],
      [
        { eventType: 'OTHER', remainingCapacityAh: -5 },
        'remainingCapacityAh must be a number between 0 and 9007199254740991',
      ],
      [
        { eventType: 'OTHER', temperatureC: -273.16 },
        'temperatureC must be a number between -273.15 and 10000',
      ],
      [
        { eventType: 'OTHER', temperatureC: 10000.5 },
        'temperatureC must be a number between -273.15 and 10000',
      ],
      [
        { eventType: 'OTHER', status: 'BROKEN' },
        'status must be one of IN_SERVICE, DECOMMISSIONED, RECALLED, REPURPOSED, REMANUFACTURED, REUSED, WASTE, RECYCLED',
      ],
      [{ eventType: 'OTHER', recordedAt: 'last tuesday' }, 'recordedAt is not a valid date'],
      [{ eventType: 'OTHER', recordedAt: 1700000000000 }, 'recordedAt is not a valid date'],
    ];
    for (const [payload, message] of cases) {
      const response = await append(unit.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: 'Bad Request', message });
    }
    const textBody = await app.inject({
      method: 'POST',
      url: `/api/v1/units/${unit.id}/events`,
      headers: { ...bearer(workspace.token), 'content-type': 'application/json' },
      payload: '"SOH"',
    });
    expect(textBody.json().message).toBe('Request body must be a valid JSON object');
    const invalid = await app.inject({
      method: 'POST',
      url: `/api/v1/units/${unit.id}/events`,
      headers: { ...bearer(workspace.token), 'content-type': 'application/json' },
      payload: '{"eventType":',
    });
    expect(invalid.json()).toMatchObject({ statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    expect((await view(unit.id)).dynamicData).toEqual([]);
  });

  it('accepts the bounds themselves', async () => {
    const unit = await newUnit();
    for (const event of [
      { stateOfHealth: 0, cycleCount: 0, remainingCapacityAh: 0, temperatureC: -273.15 },
      {
        stateOfHealth: 100,
        cycleCount: 9007199254740991,
        remainingCapacityAh: 9007199254740991,
        temperatureC: 10000,
      },
    ]) {
      const response = await append(unit.id, { eventType: 'OTHER', ...event });
      expect(response.statusCode).toBe(201);
      expect(response.json().event).toMatchObject(event);
    }
  });

  it('truncates a fractional cycleCount before storing it', async () => {
    const unit = await newUnit();
    expect(
      (await append(unit.id, { eventType: 'CHARGE_CYCLE', cycleCount: 41.99 })).json().event.cycleCount,
    ).toBe(41);
    expect(
      (await append(unit.id, { eventType: 'CHARGE_CYCLE', cycleCount: 0.5 })).json().event.cycleCount,
    ).toBe(0);
    expect((await view(unit.id)).dynamicData.map((e: { cycleCount: number }) => e.cycleCount).sort()).toEqual(
      [0, 41],
    );
  });

  it('keeps an object or array payload as given and stores any other JSON type as null', async () => {
    const unit = await newUnit();
    const kinds: [unknown, unknown][] = [
      [{ a: [1, { b: null }] }, { a: [1, { b: null }] }],
      [
        [3, 'x', { y: true }],
        [3, 'x', { y: true }],
      ],
      [[], []],
      ['text', null],
      [42, null],
      [true, null],
      [null, null],
    ];
    for (const [payload, stored] of kinds) {
      const response = await append(unit.id, { eventType: 'OTHER', payload });
      expect(response.json().event.payload, JSON.stringify(payload)).toEqual(stored);
    }
    expect((await append(unit.id, { eventType: 'OTHER' })).json().event.payload).toBeNull();
  });

  it('defaults recordedAt to the server time', async () => {
    const unit = await newUnit();
    now += 60_000;
    const response = await append(unit.id, { eventType: 'OTHER' });
    expect(response.json().event.recordedAt).toBe(new Date(now).toISOString());
  });

  it('moves the status on any event type carrying a different status', async () => {
    const unit = await newUnit();
    expect((await append(unit.id, { eventType: 'NEGATIVE_EVENT', status: 'RECALLED' })).statusCode).toBe(201);
    expect((await view(unit.id)).status).toBe('RECALLED');
    expect((await append(unit.id, { eventType: 'STATUS_CHANGE', status: 'RECALLED' })).statusCode).toBe(201);
    expect((await append(unit.id, { eventType: 'STATUS_CHANGE', status: 'DECOMMISSIONED' })).statusCode).toBe(
      201,
    );
    expect((await view(unit.id)).status).toBe('DECOMMISSIONED');
  });

  it('makes RECYCLED terminal: ceasedAt stamped once, every later event refused, nothing stored', async () => {
    const unit = await newUnit();
    const recycledAt = now;
    expect((await append(unit.id, { eventType: 'STATUS_CHANGE', status: 'RECYCLED' })).statusCode).toBe(201);
    now += 3_600_000;
    for (const payload of [
      { eventType: 'SOH_MEASUREMENT', stateOfHealth: 50 },
      { eventType: 'STATUS_CHANGE', status: 'IN_SERVICE' },
      { eventType: 'STATUS_CHANGE', status: 'RECYCLED' },
    ]) {
      const refused = await append(unit.id, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, error: 'Bad Request' });
      expect(refused.json().message).toMatch(/^Terminal Unit Status/);
    }
    const listed = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passportId}/units?limit=200`,
      headers: bearer(workspace.token),
    });
    const record = listed.json().units.find((u: { id: string }) => u.id === unit.id);
    expect(record).toMatchObject({ status: 'RECYCLED', ceasedAt: new Date(recycledAt).toISOString() });
    expect((await view(unit.id)).dynamicData).toHaveLength(1);
  });

  it('refuses events for a unit recycled at birth', async () => {
    const unit = await newUnit({ status: 'RECYCLED' });
    const refused = await append(unit.id, { eventType: 'OTHER' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Terminal Unit Status/);
  });

  it('keeps the newest reading as the current state, whatever the arrival order', async () => {
    const unit = await newUnit();
    await append(unit.id, {
      eventType: 'SOH_MEASUREMENT',
      stateOfHealth: 90,
      recordedAt: '2026-02-10T00:00:00Z',
    });
    await append(unit.id, {
      eventType: 'SOH_MEASUREMENT',
      stateOfHealth: 95,
      recordedAt: '2026-02-01T00:00:00Z',
    });
    await append(unit.id, {
      eventType: 'STATUS_CHANGE',
      status: 'REUSED',
      recordedAt: '2026-02-20T00:00:00Z',
    });
    const state = (await view(unit.id)).currentState;
    expect(state).toEqual({
      stateOfHealth: 90,
      cycleCount: null,
      remainingCapacityAh: null,
      temperatureC: null,
      recordedAt: '2026-02-10T00:00:00.000Z',
    });
  });

  it('answers 404 for a unit not in the workspace and 403 to a key of another operator', async () => {
    expect((await append('00000000-0000-4000-8000-000000000000', { eventType: 'OTHER' })).statusCode).toBe(
      404,
    );
    expect((await append('not-a-uuid', { eventType: 'OTHER' })).statusCode).toBe(404);
    const unit = await newUnit();
    const mine = await createOperator(app, workspace);
    const { token } = await createKey(app, workspace, { operatorId: mine.id });
    const refused = await appendEvent(app, token, unit.id, { eventType: 'OTHER' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('OPERATOR_SCOPE');
  });

  authContract({
    method: 'POST',
    path: '/api/v1/units/{id}/events',
    url: (app, ws) => unitUrl(app, ws, '/events'),
    payload: { eventType: 'OTHER' },
    permission: 'battery:write',
    foreignUrl: (app, other) => unitUrl(app, other, '/events'),
  });
});

describe('DELETE /api/v1/units/{id}', () => {
  const app = useTestApp();

  it('always answers 409 Conflict pointing to the status lifecycle, and the unit stays', async () => {
    const { workspace, passport } = await unitWorkspace(app);
    for (const status of ['IN_SERVICE', 'RECYCLED', 'DECOMMISSIONED']) {
      const unit = await createUnit(app, workspace.token, passport.id, { status });
      const response = await app.inject({
        method: 'DELETE',
        url: `/api/v1/units/${unit.id}`,
        headers: bearer(workspace.token),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        success: false,
        error: 'Conflict',
        message: expect.stringMatching(/status change/),
      });
      expect((await getUnit(app, workspace.token, unit.id)).statusCode).toBe(200);
    }
    const missing = await app.inject({
      method: 'DELETE',
      url: '/api/v1/units/00000000-0000-4000-8000-000000000000',
      headers: bearer(workspace.token),
    });
    expect(missing.statusCode).toBe(404);
  });

  authContract({
    method: 'DELETE',
    path: '/api/v1/units/{id}',
    url: (app, ws) => unitUrl(app, ws),
    permission: 'battery:write',
    foreignUrl: (app, other) => unitUrl(app, other),
  });
});
