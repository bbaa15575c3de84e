// Property: whatever sequence of single and bulk appends a unit receives, its status is the last
// accepted status change, and once RECYCLED it never leaves it (every later write is refused).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNIT_STATUSES } from '../../src/domain/units/status.ts';
import type { TestWorkspace } from '../helpers/app.ts';
import { appendBulk, appendEvent, createUnit, getUnit, unitWorkspace } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

type Status = (typeof UNIT_STATUSES)[number];
const status = fc.option(fc.constantFrom(...UNIT_STATUSES), { nil: undefined, freq: 2 });
const event = fc.record({ minute: fc.integer({ min: 0, max: 50 }), status });
const command = fc.oneof(
  event.map((e) => ({ kind: 'single' as const, events: [e] })),
  fc.array(event, { minLength: 1, maxLength: 5 }).map((events) => ({ kind: 'bulk' as const, events })),
);

/** The model: what the contract says the unit's status becomes, or 'refused'. */
function expected(current: Status, events: { minute: number; status?: Status }[]): Status | 'refused' {
  if (current === 'RECYCLED') return 'refused';
  const order = events.map((e, i) => ({ ...e, i })).sort((a, b) => a.minute - b.minute || a.i - b.i);
  let next: Status = current;
  let recycled = false;
  for (const e of order) {
    if (recycled) return 'refused';
    if (e.status && e.status !== next) {
      next = e.status;
      recycled = next === 'RECYCLED';
    }
  }
  return next;
}

describe('unit status under any sequence of appends', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let passportId: string;
  beforeAll(async () => {
    const made = await unitWorkspace(app);
    workspace = made.workspace;
    passportId = made.passport.id;
  });

  it('equals the last accepted status change and never leaves RECYCLED', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        const unit = await createUnit(app, workspace.token, passportId);
        let model: Status = 'IN_SERVICE';
        for (const { kind, events } of commands) {
          const bodies = events.map((e) => ({
            eventType: e.status ? 'STATUS_CHANGE' : 'SOH_MEASUREMENT',
            ...(e.status ? { status: e.status } : { stateOfHealth: 80 }),
            recordedAt: new Date(Date.UTC(2026, 0, 1, 0, e.minute)).toISOString(),
          }));
          const response =
            kind === 'single'
              ? await appendEvent(app, workspace.token, unit.id, bodies[0])
              : await appendBulk(app, workspace.token, unit.id, { events: bodies });
          const next = expected(model, events);
          if (next === 'refused') {
            expect(response.statusCode).toBe(400);
            expect(response.json().message).toMatch(/^Terminal Unit Status/);
          } else {
            expect(response.statusCode).toBe(201);
            model = next;
          }
          const view = (await getUnit(app, workspace.token, unit.id)).json();
          expect(view.status).toBe(model);
        }
      }),
      { numRuns: 25 },
    );
  });
});
