// SQL for webhook subscriptions, the outbox and the delivery log. Tenant-owned functions take the
// tenant first; the workers' claim alone spans workspaces (it is the node's own work queue).
import { and, count, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { webhookDeliveries, webhookOutbox, webhookSubscriptions } from '../../db/schema.ts';
import { isUuid } from '../../domain/ids.ts';

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewDelivery = typeof webhookDeliveries.$inferInsert;

export async function countSubscriptions(db: Executor, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.tenantId, tenantId));
  return row?.n ?? 0;
}

/** Held until the transaction ends: registrations of one workspace take turns, so its limit holds. */
export async function lockWorkspaceSubscriptions(db: Executor, tenantId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-subscriptions:${tenantId}`}))`);
}

export async function insertSubscription(
  db: Executor,
  values: typeof webhookSubscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(webhookSubscriptions).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findSubscription(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<SubscriptionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, id)));
  return row ?? null;
}

export function listSubscriptions(db: Executor, tenantId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.tenantId, tenantId))
    .orderBy(webhookSubscriptions.createdAt, webhookSubscriptions.id);
}

export async function updateSubscription(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<typeof webhookSubscriptions.$inferInsert>,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .update(webhookSubscriptions)
    .set(values)
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes the subscription and the events still waiting for it; the delivery log stays. */
export async function deleteSubscription(db: Executor, tenantId: string, id: string): Promise<boolean> {
  await db
    .delete(webhookOutbox)
    .where(
      and(
        eq(webhookOutbox.tenantId, tenantId),
        eq(webhookOutbox.subscriptionId, id),
        eq(webhookOutbox.status, 'pending'),
      ),
    );
  const rows = await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, id)))
    .returning({ id: webhookSubscriptions.id });
  return rows.length > 0;
}

/** One change the workspace's subscriptions may want, as the audit trail records it. */
export interface OutboxEvent {
  tenantId: string;
  kind: string;
  data: Record<string, unknown>;
  at: Date;
}

/**
 * The outbox rows of one event: one per active subscription of the workspace that wants its kind
 * (or `*`), none without one. A statement's last part rather than a statement, so the audit trail
 * writes its event and these rows in one round trip: `source` is the caller's row source holding
 * the event's id in a column `id`.
 */
export function outboxInsert(source: SQL, event: OutboxEvent): SQL {
  const at = event.at.toISOString();
  return sql`
    insert into webhook_outbox (tenant_id, event_id, subscription_id, kind, data, next_attempt_at, created_at)
    select s.tenant_id, e.id, s.id, ${event.kind}, ${JSON.stringify(event.data)}::jsonb,
           ${at}::timestamptz, ${at}::timestamptz
    from ${source} e, webhook_subscriptions s
    where s.tenant_id = ${event.tenantId} and s.active
      and s.events && array[${event.kind}, '*']::text[]`;
}

export interface ClaimedEvent {
  tenant_id: string;
  id: string;
  event_id: string;
  subscription_id: string;
  kind: string;
  data: Record<string, unknown> | string;
  attempts: number;
  created_at: Date | string;
}

/**
 * Claims up to `limit` due events of any workspace for one worker: each is leased until
 * `leaseUntil` (a worker that dies mid-delivery leaves it to be claimed again then) and its attempt
 * counted. SKIP LOCKED lets several workers and instances claim side by side.
 */
export function claimDue(db: Executor, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedEvent[]> {
  return queryRows<ClaimedEvent>(
    db,
    sql`
    with due as (
      select tenant_id, id from webhook_outbox
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update webhook_outbox o
    set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz, attempts = o.attempts + 1,
        updated_at = ${now.toISOString()}::timestamptz
    from due
    where o.tenant_id = due.tenant_id and o.id = due.id
    returning o.tenant_id, o.id, o.event_id, o.subscription_id, o.kind, o.data, o.attempts, o.created_at`,
  );
}

export async function subscriptionsByIds(
  db: Executor,
  keys: { tenantId: string; id: string }[],
): Promise<SubscriptionRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(webhookSubscriptions)
    .where(
      or(
        ...keys.map((key) =>
          and(eq(webhookSubscriptions.tenantId, key.tenantId), eq(webhookSubscriptions.id, key.id)),
        ),
      ),
    );
}

/** The outcome of one attempt: the outbox row moves on and the attempt is logged, together. */
export async function recordAttempt(
  db: Executor,
  outbox: { tenantId: string; id: string; status: 'pending' | 'delivered' | 'failed'; nextAttemptAt: Date },
  delivery: NewDelivery,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(webhookOutbox)
      .set({ status: outbox.status, nextAttemptAt: outbox.nextAttemptAt, updatedAt: now })
      .where(and(eq(webhookOutbox.tenantId, outbox.tenantId), eq(webhookOutbox.id, outbox.id)));
    await tx.insert(webhookDeliveries).values(delivery);
  });
}

export async function insertDelivery(db: Executor, delivery: NewDelivery): Promise<DeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(delivery).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export interface DeliveryFilter {
  subscriptionId?: string;
  status?: string;
  /** The last attempt of the previous page. */
  after?: { attemptedAt: Date; id: string };
}

/** Attempts of the workspace, newest first. */
export function listDeliveries(
  db: Executor,
  tenantId: string,
  filter: DeliveryFilter,
  limit: number,
): Promise<DeliveryRow[]> {
  const { after } = filter;
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.tenantId, tenantId),
        filter.subscriptionId === undefined
          ? undefined
          : eq(webhookDeliveries.subscriptionId, filter.subscriptionId),
        filter.status === undefined ? undefined : eq(webhookDeliveries.status, filter.status),
        after === undefined
          ? undefined
          : or(
              lt(webhookDeliveries.attemptedAt, after.attemptedAt),
              and(eq(webhookDeliveries.attemptedAt, after.attemptedAt), lt(webhookDeliveries.id, after.id)),
            ),
      ),
    )
    .orderBy(desc(webhookDeliveries.attemptedAt), desc(webhookDeliveries.id))
    .limit(limit);
}
