// Terms of the battery unit record, its JSON-LD view and its telemetry events.
import { PASSPORT, prop, UNIT, UNIT_EVENT } from './core-terms.ts';
import { XSD } from './namespace.ts';
import type { TermSpec } from './types.ts';

const STRING = `${XSD}string`;

export const UNIT_TERMS: readonly TermSpec[] = [
  prop('serialNumber', 'Serial number', 'The physical serial number of the unit (GS1 AI 21).', {
    domain: [UNIT],
    range: STRING,
  }),
  prop('passportId', 'Passport identifier', 'UUID of the type-level passport the unit is serialised under.', {
    domain: [UNIT],
    range: STRING,
  }),
  prop('tenantId', 'Workspace identifier', 'UUID of the workspace that holds the record.', { range: STRING }),
  prop('manufacturedAt', 'Manufactured at', 'When the unit was made.', {
    coercion: 'dateTime',
    domain: [UNIT],
  }),
  prop('ceasedAt', 'Ceased at', 'When the unit was recycled; never cleared.', {
    coercion: 'dateTime',
    domain: [UNIT],
  }),
  prop(
    'predecessorUnitId',
    'Predecessor unit',
    'UUID of the unit this one was repurposed, remanufactured or reused from.',
    {
      domain: [UNIT],
      range: STRING,
    },
  ),
  prop('repurposedFrom', 'Repurposed from', 'The unit this one was made from, by URL.', {
    coercion: 'id',
    domain: [UNIT],
    range: UNIT,
  }),
  prop('successorUnits', 'Successor units', 'Units made from this one, by URL.', {
    coercion: 'id',
    container: '@set',
    domain: [UNIT],
    range: UNIT,
  }),
  // Coerced to @id so that a view may give the passport by URL instead of embedding it.
  prop('ofModel', 'Of model', 'The type-level passport of the unit.', {
    coercion: 'id',
    domain: [UNIT],
    range: PASSPORT,
  }),
  prop('currentState', 'Current state', 'Latest telemetry snapshot of the unit.', { domain: [UNIT] }),
  // Newest first by recordedAt: the order carries meaning, so it is kept as an RDF list.
  prop('dynamicData', 'Telemetry', 'The most recent telemetry events of the unit, newest first.', {
    container: '@list',
    domain: [UNIT],
    range: UNIT_EVENT,
  }),
];

export const EVENT_TERMS: readonly TermSpec[] = [
  prop('batteryUnitId', 'Battery unit identifier', 'UUID of the unit the event belongs to.', {
    domain: [UNIT_EVENT],
    range: STRING,
  }),
  prop('eventType', 'Event type', 'SOH_MEASUREMENT, CHARGE_CYCLE, STATUS_CHANGE, NEGATIVE_EVENT or OTHER.', {
    domain: [UNIT_EVENT],
    range: STRING,
  }),
  prop(
    'stateOfHealth',
    'State of health',
    'State of health of the battery in percent of its original condition (0 to 100).',
    {
      unit: '%',
    },
  ),
  prop('cycleCount', 'Cycle count', 'Number of charge cycles.', { range: `${XSD}integer` }),
  prop('remainingCapacityAh', 'Remaining capacity', 'Remaining capacity in ampere-hours.', { unit: 'Ah' }),
  prop('temperatureC', 'Temperature', 'Temperature in degrees Celsius.', { unit: 'Cel' }),
  // Free-form JSON by contract: objects and arrays are stored as given.
  prop('payload', 'Payload', 'Further event data, kept as given.', {
    coercion: 'json',
    domain: [UNIT_EVENT],
  }),
];
