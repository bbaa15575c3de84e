import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { bearer, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { appendBulk, appendEvent, createUnit, getUnit, unitWorkspace } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const unitUrl = async (app: App, ws: TestWorkspace, suffix: string) => {
  await createOperator(app, ws);
  const passport = await createPassport(app, ws.token);
  return `/api/v1/units/${(await createUnit(app, ws.token, passport.id)).id}${suffix}`;
};

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

describe('POST /api/v1/units/{id}/events/bulk', () => {
  let workspace: TestWorkspace;
  let passportId: string;
  const app = useTestApp();
  beforeAll(async () => {
    const made = await unitWorkspace(app);
    workspace = made.workspace;
    passportId = made.passport.id;
  });

  const newUnit = () => createUnit(app, workspace.token, passportId);
  const bulk = (unitId: string, payload: unknown) => appendBulk(app, workspace.token, unitId, payload);
  const view = async (unitId: string) => (await getUnit(app, workspace.token, unitId)).json();

  it('stores 1 to 1000 events in one go and answers them in input order', async () => {
    const unit = await newUnit();
    const events = Array.from({ length: 1000 }, (_, i) => ({
      eventType: 'CHARGE_CYCLE',
      cycleCount: i + 0.5,
      recordedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    }));
    const response = await bulk(unit.id, { events });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['success', 'count', 'events']);
    expect(body.count).toBe(1000);
    expect(body.events[999]).toMatchObject({ cycleCount: 999, batteryUnitId: unit.id });
    const current = (await view(unit.id)).currentState;
    expect(current).toMatchObject({ cycleCount: 999, recordedAt: events[999]?.recordedAt });
  });

  it('refuses a bad envelope, and names the index of a bad item without storing any', async () => {
    const unit = await newUnit();
    const cases: [unknown, string][] = [
      [[{ eventType: 'OTHER' }], 'Request body must be a valid JSON object'],
      [{}, 'events must be an array of 1 to 1000 events'],
      [{ events: [] }, 'events must be an array of 1 to 1000 events'],
      [{ events: Array(1001).fill({ eventType: 'OTHER' }) }, 'events must be an array of 1 to 1000 events'],
      [
        { events: [{ eventType: 'OTHER' }, { eventType: 'OTHER', stateOfHealth: 101 }] },
        'events[1]: stateOfHealth must be a number between 0 and 100',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await bulk(unit.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: 'Bad Request', message });
    }
    expect((await view(unit.id)).dynamicData).toEqual([]);
  });

  it('applies status changes in recordedAt order', async () => {
    const unit = await newUnit();
    const response = await bulk(unit.id, {
      events: [
        { eventType: 'STATUS_CHANGE', status: 'REUSED', recordedAt: at(30) },
        { eventType: 'STATUS_CHANGE', status: 'RECALLED', recordedAt: at(10) },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect((await view(unit.id)).status).toBe('REUSED');
  });

  it('keeps the terminal rule: nothing may follow RECYCLED in the batch, and a recycled unit takes none', async () => {
    const unit = await newUnit();
    const refused = await bulk(unit.id, {
      events: [
        { eventType: 'STATUS_CHANGE', status: 'RECYCLED', recordedAt: at(10) },
        { eventType: 'SOH_MEASUREMENT', stateOfHealth: 40, recordedAt: at(20) },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Terminal Unit Status.*events\[1\]/);
    expect((await view(unit.id)).status).toBe('IN_SERVICE');
    const accepted = await bulk(unit.id, {
      events: [
        { eventType: 'STATUS_CHANGE', status: 'RECYCLED', recordedAt: at(30) },
        { eventType: 'SOH_MEASUREMENT', stateOfHealth: 40, recordedAt: at(20) },
      ],
    });
    expect(accepted.statusCode).toBe(201);
    const after = await view(unit.id);
    expect(after.status).toBe('RECYCLED');
    expect(after.currentState.stateOfHealth).toBe(40);
    const again = await bulk(unit.id, { events: [{ eventType: 'OTHER' }] });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/^Terminal Unit Status/);
  });

  authContract({
    method: 'POST',
    path: '/api/v1/units/{id}/events/bulk',
    url: (app, ws) => unitUrl(app, ws, '/events/bulk'),
    payload: { events: [{ eventType: 'OTHER' }] },
    permission: 'battery:write',
    foreignUrl: (app, other) => unitUrl(app, other, '/events/bulk'),
  });
});

describe('GET /api/v1/units/{id}/events', () => {
  let workspace: TestWorkspace;
  let passportId: string;
  const app = useTestApp();
  beforeAll(async () => {
    const made = await unitWorkspace(app);
    workspace = made.workspace;
    passportId = made.passport.id;
  });

  const list = (unitId: string, query = '') =>
    app.inject({
      method: 'GET',
      url: `/api/v1/units/${unitId}/events${query}`,
      headers: bearer(workspace.token),
    });

  async function walk(unitId: string, limit: number, between?: () => Promise<unknown>) {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await list(unitId, query)).json();
      seen.push(...page.events.map((e: { id: string }) => e.id));
      cursor = page.nextCursor;
      if (between) await between();
    } while (cursor);
    return seen;
  }

  it('pages newest first by recordedAt (ties by id) with an opaque cursor, null on the last page', async () => {
    const unit = await createUnit(app, workspace.token, passportId);
    const minutes = [5, 1, 3, 3, 3, 9, 0];
    await appendBulk(app, workspace.token, unit.id, {
      events: minutes.map((m) => ({ eventType: 'OTHER', recordedAt: at(m) })),
    });
    const first = (await list(unit.id, '?limit=3')).json();
    expect(Object.keys(first)).toEqual(['success', 'count', 'events', 'nextCursor']);
    expect(first.count).toBe(3);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const all = (await list(unit.id)).json();
    expect(all.nextCursor).toBeNull();
    const order = all.events.map((e: { recordedAt: string; id: string }) => [e.recordedAt, e.id]);
    const expected = [...order].sort((a, b) =>
      a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? 1 : -1,
    );
    expect(order).toEqual(expected);
    expect(await walk(unit.id, 2)).toEqual(all.events.map((e: { id: string }) => e.id));
  });

  it('never repeats or skips an event while others are appended between pages', async () => {
    const unit = await createUnit(app, workspace.token, passportId);
    await appendBulk(app, workspace.token, unit.id, {
      events: Array.from({ length: 25 }, (_, i) => ({ eventType: 'OTHER', recordedAt: at(100 + (i % 7)) })),
    });
    const before = (await list(unit.id, '?limit=200')).json().events.map((e: { id: string }) => e.id);
    let minute = 200;
    const seen = await walk(unit.id, 4, () =>
      Promise.all([
        appendEvent(app, workspace.token, unit.id, { eventType: 'OTHER', recordedAt: at(minute++) }),
        appendEvent(app, workspace.token, unit.id, { eventType: 'OTHER', recordedAt: at(103) }),
      ]),
    );
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
  });

  it('clamps limit to 1–200 (default 100) and refuses a cursor it did not hand out', async () => {
    const unit = await createUnit(app, workspace.token, passportId);
    await appendBulk(app, workspace.token, unit.id, {
      events: Array.from({ length: 205 }, () => ({ eventType: 'OTHER' })),
    });
    expect((await list(unit.id)).json().count).toBe(100);
    expect((await list(unit.id, '?limit=0')).json().count).toBe(1);
    expect((await list(unit.id, '?limit=500')).json().count).toBe(200);
    expect((await list(unit.id, '?limit=many')).json().count).toBe(100);
    const bad = await list(unit.id, '?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: 'Bad Request' });
  });

  authContract({
    method: 'GET',
    path: '/api/v1/units/{id}/events',
    url: (app, ws) => unitUrl(app, ws, '/events'),
    permission: 'battery:read',
    foreignUrl: (app, other) => unitUrl(app, other, '/events'),
  });
});
