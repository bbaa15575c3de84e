import { beforeAll, describe, expect, it } from 'vitest';
import type { TestWorkspace } from '../helpers/app.ts';
import { appendBulk, appendEvent, createUnit, getUnit, unitWorkspace } from '../helpers/units.ts';
import { appTest, useTestApp } from '../helpers/use-test-app.ts';

describe('Idempotency-Key on unit event writes', () => {
  let now = Date.parse('2026-04-01T00:00:00.000Z');
  let workspace: TestWorkspace;
  let passportId: string;
  const app = useTestApp(() => ({ clock: () => new Date(now) }));
  beforeAll(async () => {
    const made = await unitWorkspace(app);
    workspace = made.workspace;
    passportId = made.passport.id;
  });

  const newUnit = () => createUnit(app, workspace.token, passportId);
  const events = async (unitId: string) => (await getUnit(app, workspace.token, unitId)).json().dynamicData;
  const soh = (stateOfHealth: number) => ({ eventType: 'SOH_MEASUREMENT', stateOfHealth });

  it('replays the original status and body with idempotent-replayed: true, storing one event', async () => {
    const unit = await newUnit();
    const key = { 'idempotency-key': 'reading-0001' };
    const first = await appendEvent(app, workspace.token, unit.id, soh(80), key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await appendEvent(app, workspace.token, unit.id, soh(79), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await events(unit.id)).toHaveLength(1);
  });

  appTest('scopes keys per unit, and a replay survives a restart of the service', async ({ newApp }) => {
    const [a, b] = [await newUnit(), await newUnit()];
    const key = { 'idempotency-key': 'shared-key' };
    const onA = await appendEvent(app, workspace.token, a.id, soh(70), key);
    const onB = await appendEvent(app, workspace.token, b.id, soh(71), key);
    expect(onB.headers['idempotent-replayed']).toBeUndefined();
    expect(onB.json().event.batteryUnitId).toBe(b.id);
    const restarted = await newApp({ clock: () => new Date(now) });
    const replay = await appendEvent(restarted, workspace.token, a.id, soh(1), key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(onA.body);
  });

  it('honours a key for 24 hours, then treats it as new', async () => {
    const unit = await newUnit();
    const key = { 'idempotency-key': 'daily' };
    await appendEvent(app, workspace.token, unit.id, soh(60), key);
    now += 24 * 3_600_000 - 1_000;
    expect(
      (await appendEvent(app, workspace.token, unit.id, soh(60), key)).headers['idempotent-replayed'],
    ).toBe('true');
    now += 2_000;
    const fresh = await appendEvent(app, workspace.token, unit.id, soh(59), key);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await events(unit.id)).toHaveLength(2);
  });

  it('refuses a malformed key with 400 and stores nothing', async () => {
    const unit = await newUnit();
    for (const value of ['x'.repeat(256), 'tab\there', '']) {
      const response = await appendEvent(app, workspace.token, unit.id, soh(50), {
        'idempotency-key': value,
      });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: 'Bad Request' });
    }
    expect(
      (await appendEvent(app, workspace.token, unit.id, soh(50), { 'idempotency-key': 'k'.repeat(255) }))
        .statusCode,
    ).toBe(201);
    expect(await events(unit.id)).toHaveLength(1);
  });

  it('does not record a refused write: a retry after a 400 is judged again', async () => {
    const unit = await newUnit();
    await appendEvent(app, workspace.token, unit.id, { eventType: 'STATUS_CHANGE', status: 'RECYCLED' });
    const key = { 'idempotency-key': 'after-recycling' };
    expect((await appendEvent(app, workspace.token, unit.id, soh(10), key)).statusCode).toBe(400);
    const retry = await appendEvent(app, workspace.token, unit.id, soh(10), key);
    expect(retry.statusCode).toBe(400);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('honours the key on bulk appends too', async () => {
    const unit = await newUnit();
    const key = { 'idempotency-key': 'batch-7' };
    const body = { events: [soh(90), soh(89)] };
    const first = await appendBulk(app, workspace.token, unit.id, body, key);
    const again = await appendBulk(app, workspace.token, unit.id, body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await events(unit.id)).toHaveLength(2);
  });

  it('stores exactly one event for 20 parallel appends with the same key', async () => {
    const unit = await newUnit();
    const key = { 'idempotency-key': 'burst' };
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => appendEvent(app, workspace.token, unit.id, soh(50 + i), key)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await events(unit.id)).toHaveLength(1);
  });
});
