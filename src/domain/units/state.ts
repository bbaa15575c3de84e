// How appended events move a unit: its status (the last status change wins; RECYCLED is terminal and
// stamps ceasedAt once) and its current-state snapshot (the newest measurement by recordedAt, then
// id, so a late-arriving older reading never replaces a newer one).
import { type EventInput, hasMeasurement } from './event-input.ts';
import { TERMINAL_STATUS, type UnitStatus } from './status.ts';

export interface Snapshot {
  stateOfHealth: number | null;
  cycleCount: number | null;
  remainingCapacityAh: number | null;
  temperatureC: number | null;
  recordedAt: Date;
  eventId: string;
}

export interface UnitState {
  status: UnitStatus;
  ceasedAt: Date | null;
  snapshot: Snapshot | null;
}

export type StoredEvent = EventInput & { id: string };

export const TERMINAL_MESSAGE = 'Terminal Unit Status: the unit is RECYCLED and accepts no further events';

/** Events order newest first by recordedAt, ties by id ascending: the view's and the list's order. */
export function isNewer(a: { recordedAt: Date; id: string }, b: { recordedAt: Date; id: string }): boolean {
  const diff = a.recordedAt.getTime() - b.recordedAt.getTime();
  return diff > 0 || (diff === 0 && a.id < b.id);
}

export type Applied = { ok: true; state: UnitState } | { ok: false; message: string };

/**
 * Applies a batch (one event for a single append). Status changes apply in recordedAt order, ties in
 * the order given; an event that falls after a RECYCLED change of the same batch refuses the batch.
 */
export function applyEvents(current: UnitState, events: readonly StoredEvent[], now: Date): Applied {
  if (current.status === TERMINAL_STATUS) return { ok: false, message: TERMINAL_MESSAGE };
  const order = events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.recordedAt.getTime() - b.event.recordedAt.getTime() || a.index - b.index);

  let { status, ceasedAt, snapshot } = current;
  let recycledAt: number | null = null;
  for (const { event, index } of order) {
    if (recycledAt !== null) {
      return {
        ok: false,
        message: `${TERMINAL_MESSAGE}: events[${index}] is recorded after the RECYCLED change at events[${recycledAt}]`,
      };
    }
    if (event.status !== null && event.status !== status) {
      status = event.status;
      if (status === TERMINAL_STATUS) {
        recycledAt = index;
        ceasedAt ??= now;
      }
    }
    if (hasMeasurement(event) && (snapshot === null || isNewer({ ...event }, toOrderKey(snapshot)))) {
      snapshot = {
        stateOfHealth: event.stateOfHealth,
        cycleCount: event.cycleCount,
        remainingCapacityAh: event.remainingCapacityAh,
        temperatureC: event.temperatureC,
        recordedAt: event.recordedAt,
        eventId: event.id,
      };
    }
  }
  return { ok: true, state: { status, ceasedAt, snapshot } };
}

const toOrderKey = (snapshot: Snapshot) => ({ recordedAt: snapshot.recordedAt, id: snapshot.eventId });
