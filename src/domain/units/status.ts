// Battery unit statuses and telemetry event types, as the contract enumerates them.

export const UNIT_STATUSES = [
  'IN_SERVICE',
  'DECOMMISSIONED',
  'RECALLED',
  'REPURPOSED',
  'REMANUFACTURED',
  'REUSED',
  'WASTE',
  'RECYCLED',
] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** What a predecessor becomes when a new unit is made from it. */
export const PREDECESSOR_STATUSES = ['REPURPOSED', 'REMANUFACTURED', 'REUSED'] as const;
export type PredecessorStatus = (typeof PREDECESSOR_STATUSES)[number];

export const EVENT_TYPES = [
  'SOH_MEASUREMENT',
  'CHARGE_CYCLE',
  'STATUS_CHANGE',
  'NEGATIVE_EVENT',
  'OTHER',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** RECYCLED ends a unit's life: nothing more is appended and no successor is made from it. */
export const TERMINAL_STATUS: UnitStatus = 'RECYCLED';

export const isUnitStatus = (value: unknown): value is UnitStatus =>
  typeof value === 'string' && (UNIT_STATUSES as readonly string[]).includes(value);

export const isPredecessorStatus = (value: unknown): value is PredecessorStatus =>
  typeof value === 'string' && (PREDECESSOR_STATUSES as readonly string[]).includes(value);

export const isEventType = (value: unknown): value is EventType =>
  typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);

/** The lower-case lifecycle label of the unit view's `dppStatus`. */
export const unitDppStatus = (status: UnitStatus) => status.toLowerCase();
