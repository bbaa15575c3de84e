// The origin side of backup copies: the nodes this node pushes its sealed passport versions to, and
// the outbox of pushes (one row per target and sealed version), claimed by the backup worker.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * A node that holds backup copies for this one. Node-wide: the platform admin adds it, and it serves
 * every workspace or those listed. The push token is secret-box text under the master key.
 */
export const backupTargets = pgTable('backup_targets', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  url: text('url').notNull(),
  token: text('token').notNull(),
  /** The workspaces whose passports go there; null for every workspace. */
  workspaceIds: uuid('workspace_ids').array(),
  createdAt: createdAt(),
});

/**
 * One sealed passport version for one target. `pending` rows are due at next_attempt_at (or leased
 * to a worker until then); `held` when the target confirmed its copy, `failed` when it refused it or
 * every retry was spent.
 */
export const backupOutbox = pgTable(
  'backup_outbox',
  {
    tenantId: uuid('tenant_id').notNull(),
    targetId: uuid('target_id').notNull(),
    passportId: uuid('passport_id').notNull(),
    version: integer('version').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    responseCode: integer('response_code'),
    error: text('error'),
    /** The copy's URL on the target, once it holds it. */
    backupUri: text('backup_uri'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.targetId, table.passportId, table.version] }),
    // The worker's claim: due rows of every workspace, oldest first.
    index('backup_outbox_due_idx').on(table.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);
