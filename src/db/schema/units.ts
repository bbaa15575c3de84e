// Battery units, their append-only telemetry, and idempotency records of unit writes.
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EventType, UnitStatus } from '../../domain/units/status.ts';
import { createdAt, updatedAt } from './columns.ts';
import { passports } from './passports.ts';
import { tenants } from './tenancy.ts';

/**
 * Serialised battery units. Besides the record, a unit keeps its current state (the latest telemetry
 * snapshot and its status), written in the same transaction as each append, so a read never
 * recomputes it from the unit's history.
 */
export const batteryUnits = pgTable(
  'battery_units',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    passportId: uuid('passport_id').notNull(),
    serialNumber: text('serial_number').notNull(),
    /** Null for a unit of a SKU passport: no GS1 key, so nothing a scanner could resolve. */
    digitalLinkUri: text('digital_link_uri'),
    manufacturedAt: timestamp('manufactured_at', { withTimezone: true, mode: 'date' }),
    status: text('status').$type<UnitStatus>().notNull().default('IN_SERVICE'),
    ceasedAt: timestamp('ceased_at', { withTimezone: true, mode: 'date' }),
    predecessorUnitId: uuid('predecessor_unit_id'),
    // The snapshot: values of the newest event (by recorded_at, then id) carrying a measurement.
    stateOfHealth: doublePrecision('state_of_health'),
    cycleCount: bigint('cycle_count', { mode: 'number' }),
    remainingCapacityAh: doublePrecision('remaining_capacity_ah'),
    temperatureC: doublePrecision('temperature_c'),
    stateRecordedAt: timestamp('state_recorded_at', { withTimezone: true, mode: 'date' }),
    stateEventId: uuid('state_event_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('battery_units_serial_idx').on(table.tenantId, table.passportId, table.serialNumber),
    // Public resolution of /unit/{id}, before the workspace is known.
    index('battery_units_public_id_idx').on(table.id),
    // A passport with units is never deleted: a draft that has them answers 409.
    foreignKey({
      columns: [table.tenantId, table.passportId],
      foreignColumns: [passports.tenantId, passports.id],
    }),
    index('battery_units_list_idx').on(
      table.tenantId,
      table.passportId,
      table.createdAt.desc().nullsFirst(),
      table.id,
    ),
    index('battery_units_predecessor_idx')
      .on(table.tenantId, table.predecessorUnitId)
      .where(sql`${table.predecessorUnitId} is not null`),
  ],
);

/**
 * How many units each passport has, kept by the statement that serialises them (units are never
 * deleted), so a unit list's `total` is read rather than counted over a fleet. A table of its own
 * rather than a column of `passports`: a passport's stored rendition is stamped with the passport
 * row's version, which serialising units must not move. A passport's count is spread over a few
 * slots (each writer adds to the slot of its database connection) and summed on read: one row per
 * passport made concurrent serialisations of it wait on each other's commit.
 */
export const passportUnitCounts = pgTable(
  'passport_unit_counts',
  {
    tenantId: uuid('tenant_id').notNull(),
    passportId: uuid('passport_id').notNull(),
    slot: smallint('slot').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.passportId, table.slot] }),
    foreignKey({
      columns: [table.tenantId, table.passportId],
      foreignColumns: [passports.tenantId, passports.id],
    }).onDelete('cascade'),
  ],
);

/** Unit telemetry, append-only: never updated, never deleted. */
export const batteryUnitEvents = pgTable(
  'battery_unit_events',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    batteryUnitId: uuid('battery_unit_id').notNull(),
    eventType: text('event_type').$type<EventType>().notNull(),
    stateOfHealth: doublePrecision('state_of_health'),
    cycleCount: bigint('cycle_count', { mode: 'number' }),
    remainingCapacityAh: doublePrecision('remaining_capacity_ah'),
    temperatureC: doublePrecision('temperature_c'),
    payload: jsonb('payload'),
    /** The unit status the event carried, if any (kept for audit; not part of the event record). */
    status: text('status').$type<UnitStatus>(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    // Units are never deleted; the cascade only serves the removal of a whole workspace.
    foreignKey({
      columns: [table.tenantId, table.batteryUnitId],
      foreignColumns: [batteryUnits.tenantId, batteryUnits.id],
    }).onDelete('cascade'),
    // The newest-500 view and the cursor list walk this index and nothing else.
    index('battery_unit_events_recent_idx').on(
      table.tenantId,
      table.batteryUnitId,
      // NULLS FIRST is what a plain `ORDER BY … DESC` means; the index must match it to serve it.
      table.recordedAt.desc().nullsFirst(),
      table.id,
    ),
  ],
);

/**
 * Idempotency-Key records of unit writes, per (workspace, unit, key). Written in the transaction of
 * the write they answer, so a replay survives restarts and a concurrent duplicate never writes twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: uuid('tenant_id').notNull(),
    scopeId: uuid('scope_id').notNull(),
    key: text('key').notNull(),
    statusCode: integer('status_code'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.scopeId, table.key] }),
    // Housekeeping across workspaces: the hourly purge of records past the replay window.
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
