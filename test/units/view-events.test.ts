// The unit view's events are written as JSON by the database and spliced into the answer: every
// field must read back exactly as the events were recorded, in the view's field order.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestWorkspace } from '../helpers/app.ts';
import { appendBulk, createUnit, getUnit, unitWorkspace } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const EVENT_FIELDS = [
  '@type',
  'eventType',
  'stateOfHealth',
  'cycleCount',
  'remainingCapacityAh',
  'temperatureC',
  'payload',
  'recordedAt',
];

describe('GET /api/v1/units/{id}: dynamicData as recorded', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let unitId: string;
  beforeAll(async () => {
    ({ workspace } = await unitWorkspace(app).then(async (made) => {
      unitId = (await createUnit(app, made.workspace.token, made.passport.id)).id;
      return made;
    }));
    const response = await appendBulk(app, workspace.token, unitId, {
      events: [
        {
          eventType: 'SOH_MEASUREMENT',
          stateOfHealth: 87.125,
          cycleCount: 1234567,
          remainingCapacityAh: 0.1,
          temperatureC: -20.5,
          payload: { note: 'ünïcode "quoted" \\ back\nline\t€ 😀', nested: [1, 2.5, true, null, { b: 'x' }] },
          recordedAt: '2026-03-04T05:06:07.089Z',
        },
        { eventType: 'NEGATIVE_EVENT', payload: ['a', 0], recordedAt: '2026-03-04T05:06:08Z' },
        {
          eventType: 'SOH_MEASUREMENT',
          stateOfHealth: 0,
          cycleCount: 0,
          recordedAt: '2025-12-31T23:59:59.999Z',
        },
      ],
    });
    expect(response.statusCode).toBe(201);
  });

  it('writes each event with the fields, values and times it was recorded with, newest first', async () => {
    const response = await getUnit(app, workspace.token, unitId);
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(Object.keys(view).slice(-3)).toEqual(['dynamicData', 'createdAt', 'updatedAt']);
    for (const event of view.dynamicData) expect(Object.keys(event)).toEqual(EVENT_FIELDS);
    expect(view.dynamicData).toEqual([
      {
        '@type': 'BatteryUnitEvent',
        eventType: 'NEGATIVE_EVENT',
        stateOfHealth: null,
        cycleCount: null,
        remainingCapacityAh: null,
        temperatureC: null,
        payload: ['a', 0],
        recordedAt: '2026-03-04T05:06:08.000Z',
      },
      {
        '@type': 'BatteryUnitEvent',
        eventType: 'SOH_MEASUREMENT',
        stateOfHealth: 87.125,
        cycleCount: 1234567,
        remainingCapacityAh: 0.1,
        temperatureC: -20.5,
        payload: { note: 'ünïcode "quoted" \\ back\nline\t€ 😀', nested: [1, 2.5, true, null, { b: 'x' }] },
        recordedAt: '2026-03-04T05:06:07.089Z',
      },
      {
        '@type': 'BatteryUnitEvent',
        eventType: 'SOH_MEASUREMENT',
        stateOfHealth: 0,
        cycleCount: 0,
        remainingCapacityAh: null,
        temperatureC: null,
        payload: null,
        recordedAt: '2025-12-31T23:59:59.999Z',
      },
    ]);
  });

  it('answers an empty array for a unit without events, and the page still draws the events', async () => {
    const { workspace: other, passport } = await unitWorkspace(app);
    const bare = await createUnit(app, other.token, passport.id);
    expect((await getUnit(app, other.token, bare.id)).json().dynamicData).toEqual([]);
    const page = await getUnit(app, workspace.token, unitId, { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('87.13 %');
    expect(page.body).toContain('1,234,567');
    expect(page.body).toContain('ünïcode');
  });
});
