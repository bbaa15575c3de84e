// The workspace audit trail and its notifications.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
