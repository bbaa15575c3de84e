// A telemetry event body, checked and normalised: the bounds and messages of the contract, cycleCount
// truncated, payload kept only as an object or array, recordedAt defaulting to the server's time.
import { parseBodyDate } from './dates.ts';
import {
  EVENT_TYPES,
  type EventType,
  isEventType,
  isUnitStatus,
  UNIT_STATUSES,
  type UnitStatus,
} from './status.ts';
import { isPlainObject } from './unit-input.ts';

export interface EventInput {
  eventType: EventType;
  stateOfHealth: number | null;
  cycleCount: number | null;
  remainingCapacityAh: number | null;
  temperatureC: number | null;
  payload: Record<string, unknown> | unknown[] | null;
  /** A status change the event carries, if any. */
  status: UnitStatus | null;
  recordedAt: Date;
}

/** How far ahead of the server's clock a reading may be stamped: clocks drift, years do not. */
export const MAX_CLOCK_SKEW_MS = 24 * 3_600_000;

type Measure = 'stateOfHealth' | 'cycleCount' | 'remainingCapacityAh' | 'temperatureC';

export const BOUNDS: readonly [Measure, number, number][] = [
  ['stateOfHealth', 0, 100],
  ['cycleCount', 0, Number.MAX_SAFE_INTEGER],
  ['remainingCapacityAh', 0, Number.MAX_SAFE_INTEGER],
  ['temperatureC', -273.15, 10000],
];

export type EventCheck = { ok: true; event: EventInput } | { ok: false; message: string };

const refuse = (message: string): EventCheck => ({ ok: false, message });

/** `now` is the server time used when recordedAt is omitted. */
export function checkEvent(body: unknown, now: Date): EventCheck {
  if (!isPlainObject(body)) return refuse('Request body must be a valid JSON object');
  if (!isEventType(body.eventType)) return refuse(`eventType must be one of ${EVENT_TYPES.join(', ')}`);

  const measures = {} as Record<Measure, number | null>;
  for (const [field, lo, hi] of BOUNDS) {
    const value = body[field];
    if (value === undefined || value === null) {
      measures[field] = null;
      continue;
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < lo || value > hi) {
      return refuse(`${field} must be a number between ${lo} and ${hi}`);
    }
    // `+ 0` turns a truncated -0.x into 0 rather than -0.
    measures[field] = field === 'cycleCount' ? Math.trunc(value) + 0 : value;
  }

  const status = body.status ?? null;
  if (status !== null && !isUnitStatus(status)) {
    return refuse(`status must be one of ${UNIT_STATUSES.join(', ')}`);
  }

  let recordedAt = now;
  if (body.recordedAt !== undefined && body.recordedAt !== null) {
    const parsed = parseBodyDate(body.recordedAt);
    if (!parsed) return refuse('recordedAt is not a valid date');
    // An event is immutable: one stamped far ahead would stay the unit's current state for ever.
    if (parsed.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS) {
      return refuse('recordedAt must not be more than 24 hours ahead of the server time');
    }
    recordedAt = parsed;
  }

  const payload = isPlainObject(body.payload) || Array.isArray(body.payload) ? body.payload : null;
  return {
    ok: true,
    event: {
      eventType: body.eventType,
      ...measures,
      payload,
      status: status as UnitStatus | null,
      recordedAt,
    },
  };
}

/** True when the event carries a measurement, so it may become the unit's current state. */
export const hasMeasurement = (event: Pick<EventInput, Measure>) =>
  event.stateOfHealth !== null ||
  event.cycleCount !== null ||
  event.remainingCapacityAh !== null ||
  event.temperatureC !== null;
