// Economic operators and manufacturing facilities of a workspace.
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OperatorRole } from '../../domain/operators/registration.ts';
import { createdAt, updatedAt } from './columns.ts';
import { tenants } from './tenancy.ts';

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
    role: text('role').$type<OperatorRole>().notNull(),
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
