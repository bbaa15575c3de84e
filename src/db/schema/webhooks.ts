// Webhook subscriptions, the outbox of events to deliver, and the log of delivery attempts.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/** Where a workspace wants its events; secrets are secret-box text under the master key. */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    url: text('url').notNull(),
    /** Event kinds, or `*` for all of them. */
    events: text('events').array().notNull(),
    active: boolean('active').notNull().default(true),
    secret: text('secret').notNull(),
    /** The secret before the last rotation: it keeps signing beside the new one until it expires. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.id] })],
);

/**
 * One event for one subscription, written in the transaction of the change that caused it. The
 * delivery workers claim due rows (SKIP LOCKED) and move them to `delivered` or `failed`.
 */
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    /** The stable event id (the audit event's): the `webhook-id` of every attempt. */
    eventId: uuid('event_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    /** `pending` (due at next_attempt_at, or leased to a worker until then), `delivered`, `failed`. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    // The workers' claim: due rows of every workspace, oldest first.
    index('webhook_outbox_due_idx').on(table.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

/** Every delivery attempt, for `GET /api/v1/webhooks/deliveries`. Append-only. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    /** Absent for the test events of `POST …/test`, which are not queued. */
    outboxId: uuid('outbox_id'),
    subscriptionId: uuid('subscription_id').notNull(),
    eventId: uuid('event_id').notNull(),
    kind: text('kind').notNull(),
    attempt: integer('attempt').notNull(),
    /** `delivered`, `retrying` (a later attempt is scheduled) or `failed` (no more attempts). */
    status: text('status').notNull(),
    responseCode: integer('response_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('webhook_deliveries_time_idx').on(table.tenantId, table.attemptedAt, table.id),
  ],
);
