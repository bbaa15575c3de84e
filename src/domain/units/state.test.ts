import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventInput } from './event-input.ts';
import { applyEvents, isNewer, type StoredEvent, type UnitState } from './state.ts';
import { UNIT_STATUSES } from './status.ts';

const NOW = new Date('2026-01-01T00:00:00Z');
const event = (overrides: Partial<EventInput> & { id: string }): StoredEvent => ({
  eventType: 'OTHER',
  stateOfHealth: null,
  cycleCount: null,
  remainingCapacityAh: null,
  temperatureC: null,
  payload: null,
  status: null,
  recordedAt: NOW,
  ...overrides,
});
const fresh: UnitState = { status: 'IN_SERVICE', ceasedAt: null, snapshot: null };

describe('applyEvents', () => {
  it('keeps the newest measurement as the snapshot, by recordedAt then id', () => {
    const later = event({ id: 'b', stateOfHealth: 90, recordedAt: new Date('2026-02-01') });
    const earlier = event({ id: 'a', stateOfHealth: 95, recordedAt: new Date('2026-01-15') });
    const first = applyEvents(fresh, [later], NOW);
    if (!first.ok) throw new Error(first.message);
    const second = applyEvents(first.state, [earlier, event({ id: 'c', status: 'REUSED' })], NOW);
    expect(second.ok && second.state.snapshot).toMatchObject({ stateOfHealth: 90, eventId: 'b' });
    expect(second.ok && second.state.status).toBe('REUSED');
  });

  it('stamps ceasedAt once and refuses everything after RECYCLED', () => {
    const recycled = applyEvents(fresh, [event({ id: 'a', status: 'RECYCLED' })], NOW);
    expect(recycled.ok && recycled.state.ceasedAt).toEqual(NOW);
    if (!recycled.ok) return;
    const after = applyEvents(recycled.state, [event({ id: 'b' })], new Date());
    expect(after).toEqual({ ok: false, message: expect.stringMatching(/^Terminal Unit Status/) });
  });

  it('orders events like the event list: newest first, ties by id', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), fc.uuid(), fc.uuid(), (at, a, b) => {
        fc.pre(a !== b);
        return (
          isNewer({ recordedAt: at, id: a }, { recordedAt: at, id: b }) !==
          isNewer({ recordedAt: at, id: b }, { recordedAt: at, id: a })
        );
      }),
    );
  });

  it('never leaves RECYCLED, whatever follows', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...UNIT_STATUSES, null), { maxLength: 20 }), (statuses) => {
        let state = fresh;
        let recycled = false;
        for (const [i, status] of statuses.entries()) {
          const applied = applyEvents(state, [event({ id: String(i), status })], NOW);
          if (recycled) {
            if (applied.ok) return false;
            continue;
          }
          if (!applied.ok) return false;
          state = applied.state;
          recycled = state.status === 'RECYCLED';
          if (status !== null && state.status !== status) return false;
        }
        return !recycled || state.ceasedAt !== null;
      }),
    );
  });
});
