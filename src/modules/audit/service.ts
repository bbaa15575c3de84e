// The workspace audit trail, its notifications, and the webhook outbox: a change that maps to a
// webhook kind (see domain/webhooks/kinds.ts) is queued for the workspace's matching subscriptions
// in the same statement as its audit event, so the event exists exactly when the change does.
import type { Executor } from '../../db/client.ts';
import { webhookKindOf } from '../../domain/webhooks/kinds.ts';
import * as store from './store.ts';

export interface AuditFact {
  action: string;
  subjectType: string;
  subjectId: string;
  details?: Record<string, unknown>;
}

export interface Notice {
  kind: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * Records one change by one actor, in the caller's transaction, and tells the workspace about it
 * when there is something to tell (a notice).
 */
export async function recordChange(
  tx: Executor,
  tenantId: string,
  actor: string,
  at: Date,
  fact: AuditFact,
  notice?: Notice,
): Promise<void> {
  const audit = { tenantId, actor, at, ...fact, details: fact.details ?? null };
  const notification = notice ? { ...notice, details: notice.details ?? null } : null;
  const kind = webhookKindOf(fact.action, fact.details);
  // The event names its subject (`passportId`), then the facts of the audit record.
  const event = kind
    ? { tenantId, kind, data: { [`${fact.subjectType}Id`]: fact.subjectId, ...fact.details }, at }
    : null;
  await store.insertAudit(tx, audit, notification, event);
}

/** What happened last in the workspace: its newest audit events, newest first. */
export async function recentChanges(db: Executor, tenantId: string, limit = 10) {
  const rows = await store.recentAudit(db, tenantId, limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

/** Who created a passport (its `passport.created` event's actor), for its first version's row. */
export async function passportCreator(db: Executor, tenantId: string, passportId: string) {
  return store.firstActor(db, tenantId, passportId, 'passport.created');
}
