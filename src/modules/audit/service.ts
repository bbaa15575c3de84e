// The workspace audit trail and its notifications. Webhook deliveries, when they come, read the
// same facts; this module only records them.
import type { Executor } from '../../db/client.ts';
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
  if (!notice) {
    await store.insertAudit(tx, audit);
    return;
  }
  await store.insertAuditWithNotification(tx, audit, { ...notice, details: notice.details ?? null });
}
