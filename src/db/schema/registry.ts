// What the EU DPP registry answered for a passport (docs/registry.md): the registration id, when, for
// which version, and its proof of registration, kept for as long as the passport is. Append-only.
import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { passports } from './passports.ts';

export const registryRegistrations = pgTable(
  'registry_registrations',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    passportId: uuid('passport_id').notNull(),
    /** The registry's own identifier of the registration. */
    registrationId: text('registration_id').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }).notNull(),
    version: integer('version').notNull(),
    /** The hash of the version registered (null when that version was not sealed). */
    versionHash: text('version_hash'),
    /** The registry's proof (its PDF or signed file), base64, up to 5 MiB decoded. */
    proof: text('proof'),
    proofType: text('proof_type'),
    proofBytes: integer('proof_bytes'),
    recordedBy: text('recorded_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('registry_registrations_unique_idx').on(
      table.tenantId,
      table.passportId,
      table.registrationId,
    ),
    index('registry_registrations_passport_idx').on(table.tenantId, table.passportId, table.createdAt),
    foreignKey({
      columns: [table.tenantId, table.passportId],
      foreignColumns: [passports.tenantId, passports.id],
    }).onDelete('cascade'),
  ],
);
