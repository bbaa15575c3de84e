// SQL for the audit trail and tenant notifications. Both append-only; written inside the caller's
// transaction so that they exist exactly when the change they describe does. The webhook outbox's
// rows are the webhooks module's: it hands the part of the statement that writes them.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import { type OutboxEvent, queueForSubscriptions } from '../webhooks/service.ts';

export interface AuditRow {
  tenantId: string;
  action: string;
  subjectType: string;
  subjectId: string;
  actor: string;
  details: Record<string, unknown> | null;
  at: Date;
}

export interface NotificationRow {
  kind: string;
  message: string;
  details: Record<string, unknown> | null;
}

const json = (value: Record<string, unknown> | null) => (value === null ? null : JSON.stringify(value));

/**
 * The audit event, its notification if any, and what the webhooks module queues for the event if
 * any (its outbox rows, whose SQL it owns), all in one statement: one round trip inside a hot write.
 * The audit event's id is the webhook event id.
 */
export async function insertAudit(
  db: Executor,
  audit: AuditRow,
  notice: NotificationRow | null,
  event: OutboxEvent | null,
) {
  const at = audit.at.toISOString();
  const auditInsert = sql`
      insert into audit_events (tenant_id, action, subject_type, subject_id, actor, details, at)
      values (${audit.tenantId}, ${audit.action}, ${audit.subjectType}, ${audit.subjectId}, ${audit.actor},
              ${json(audit.details)}::jsonb, ${at}::timestamptz)`;
  const noticeInsert = notice
    ? sql`
      insert into notifications (tenant_id, kind, message, details, created_at)
      values (${audit.tenantId}, ${notice.kind}, ${notice.message}, ${json(notice.details)}::jsonb,
              ${at}::timestamptz)`
    : null;
  if (event === null) {
    await db.execute(noticeInsert ? sql`with audit as (${auditInsert}) ${noticeInsert}` : auditInsert);
    return;
  }
  const noticeStep = noticeInsert ? sql`, notice as (${noticeInsert})` : sql``;
  await db.execute(sql`
    with audit as (${auditInsert}
      returning id
    )${noticeStep}
    ${queueForSubscriptions(sql`audit`, event)}`);
}

/** The workspace's newest audit events (the console's overview), by the time index. */
export async function recentAudit(db: Executor, tenantId: string, limit: number) {
  return db
    .select({
      action: auditEvents.action,
      subjectType: auditEvents.subjectType,
      subjectId: auditEvents.subjectId,
      actor: auditEvents.actor,
      details: auditEvents.details,
      at: auditEvents.at,
    })
    .from(auditEvents)
    .where(eq(auditEvents.tenantId, tenantId))
    .orderBy(desc(auditEvents.at))
    .limit(limit);
}

/** Who first did `action` to a subject: the oldest such event's actor, or null. */
export async function firstActor(db: Executor, tenantId: string, subjectId: string, action: string) {
  const rows = await db
    .select({ actor: auditEvents.actor })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.tenantId, tenantId),
        eq(auditEvents.subjectId, subjectId),
        eq(auditEvents.action, action),
      ),
    )
    .orderBy(asc(auditEvents.at))
    .limit(1);
  return rows[0]?.actor ?? null;
}
