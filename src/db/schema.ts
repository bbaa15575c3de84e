// Drizzle schema: the single source of the SQL migrations in ./migrations (drizzle-kit generate).
// Every tenant-owned table leads its keys with tenant_id so the schema can be distributed by tenant.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  subdomain: text('subdomain').notNull().unique(),
  tier: text('tier').notNull(),
  subscriptionStatus: text('subscription_status').notNull().default('active'),
  mfaRequired: boolean('mfa_required').notNull().default(false),
  passportLimit: integer('passport_limit').notNull(),
  // Kept by the passport service in the same transaction as each status move, so whoami and quota
  // checks never count a tenant's passports on the hot path.
  activePassports: integer('active_passports').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    /** Public, short: the lookup handle and what `changedBy: key:<prefix>` shows. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole token, hex. The token itself is never stored. */
    secretHash: text('secret_hash').notNull(),
    role: text('role').notNull(),
    permissions: text('permissions').array().notNull(),
    operatorId: uuid('operator_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    // The one lookup that precedes knowing the tenant: authenticating a presented token.
    index('api_keys_prefix_idx').on(table.prefix),
  ],
);

/** Node-wide settings that are not a tenant's: the generated admin token hash, first-boot marker. */
export const platformSettings = pgTable('platform_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/** Economic operators bound to a workspace (manufacturer, importer, …), by EORI or national registry id. */
export const operators = pgTable(
  'operators',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    regId: text('reg_id').notNull(),
    regIdScheme: text('reg_id_scheme').notNull(),
    role: text('role').notNull(),
    country: text('country'),
    address: jsonb('address'),
    /** Outcome of the registry check: confirmed, not_found, unchecked (no registry configured or it failed). */
    registryStatus: text('registry_status').notNull().default('unchecked'),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('operators_registration_idx').on(table.tenantId, table.regIdScheme, table.regId),
  ],
);

/** Manufacturing facilities, identified by GS1 GLN-13. The street address is never published. */
export const facilities = pgTable(
  'facilities',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    gln: text('gln').notNull(),
    name: text('name').notNull(),
    activity: text('activity').notNull(),
    country: text('country').notNull(),
    address: jsonb('address'),
    operatorId: uuid('operator_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('facilities_gln_idx').on(table.tenantId, table.gln),
  ],
);

/** Model-level (or batch/item) passports: the live state. Archived states live in passport_versions. */
export const passports = pgTable(
  'passports',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    productId: text('product_id').notNull(),
    /** GTIN, GRAI or SKU. */
    productIdScheme: text('product_id_scheme').notNull(),
    category: text('category').notNull(),
    originCountry: text('origin_country'),
    operatorId: uuid('operator_id').notNull(),
    facilityId: uuid('facility_id'),
    granularity: text('granularity').notNull().default('model'),
    status: text('status').notNull(),
    metadata: jsonb('metadata').notNull(),
    /** The live version number: archived versions are 1 … version − 1. */
    version: integer('version').notNull().default(1),
    /** Set while its operator is archived; such passports stay resolvable. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    retentionUntil: timestamp('retention_until', { withTimezone: true, mode: 'date' }),
    digitalSeal: jsonb('digital_seal'),
    signingPublicKey: jsonb('signing_public_key'),
    proof: jsonb('proof'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('passports_product_idx').on(table.tenantId, table.productId),
    // An operator with passports is archived, never deleted: the store refuses it as a last guard.
    foreignKey({
      columns: [table.tenantId, table.operatorId],
      foreignColumns: [operators.tenantId, operators.id],
    }),
    index('passports_operator_idx').on(table.tenantId, table.operatorId),
    index('passports_list_idx').on(table.tenantId, table.createdAt, table.id),
  ],
);

/** Archived passport states, append-only. `document` is the exact text served before the change. */
export const passportVersions = pgTable(
  'passport_versions',
  {
    tenantId: uuid('tenant_id').notNull(),
    passportId: uuid('passport_id').notNull(),
    version: integer('version').notNull(),
    document: text('document').notNull(),
    /** When this state began (creation, or the change that archived the previous version). */
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the change that archived this state was recorded. */
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }).notNull(),
    changedBy: text('changed_by'),
    changeReason: text('change_reason'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.passportId, table.version] }),
    foreignKey({
      columns: [table.tenantId, table.passportId],
      foreignColumns: [passports.tenantId, passports.id],
    }).onDelete('cascade'),
    index('passport_versions_time_idx').on(table.tenantId, table.passportId, table.validUntil),
  ],
);

/** Who read a passport's data, other than its owner. Append-only. */
export const passportAccessLog = pgTable(
  'passport_access_log',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    passportId: uuid('passport_id').notNull(),
    /** public, legitimate-interest, authority. */
    tier: text('tier').notNull(),
    /** e.g. `grant:<id>`, `anonymous`. */
    accessor: text('accessor').notNull(),
    /** What was read: resolve, history, version, unit. */
    action: text('action').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('passport_access_log_idx').on(table.tenantId, table.passportId, table.at),
  ],
);

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
    status: text('status').notNull().default('IN_SERVICE'),
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

/** Unit telemetry, append-only: never updated, never deleted. */
export const batteryUnitEvents = pgTable(
  'battery_unit_events',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    batteryUnitId: uuid('battery_unit_id').notNull(),
    eventType: text('event_type').notNull(),
    stateOfHealth: doublePrecision('state_of_health'),
    cycleCount: bigint('cycle_count', { mode: 'number' }),
    remainingCapacityAh: doublePrecision('remaining_capacity_ah'),
    temperatureC: doublePrecision('temperature_c'),
    payload: jsonb('payload'),
    /** The unit status the event carried, if any (kept for audit; not part of the event record). */
    status: text('status'),
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

/** What happened in a workspace, for its audit trail (e.g. `batteryunit.created`). Append-only. */
export const auditEvents = pgTable(
  'audit_events',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** `key:<prefix>` or `user:<id>`. */
    actor: text('actor').notNull(),
    details: jsonb('details'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('audit_events_time_idx').on(table.tenantId, table.at),
    index('audit_events_subject_idx').on(table.tenantId, table.subjectId),
  ],
);

/** Notices for the workspace's people (the console shows them); webhooks are a separate outbox. */
export const notifications = pgTable(
  'notifications',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    details: jsonb('details'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('notifications_time_idx').on(table.tenantId, table.createdAt),
  ],
);
