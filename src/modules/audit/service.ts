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

/** Records facts of one change by one actor, in the caller's transaction. */
export async function recordAudit(
  tx: Executor,
  tenantId: string,
  actor: string,
  at: Date,
  facts: readonly AuditFact[],
): Promise<void> {
  await store.insertAuditEvents(
    tx,
    facts.map((fact) => ({ tenantId, actor, at, ...fact, details: fact.details ?? null })),
  );
}

export async function notifyTenant(
  tx: Executor,
  tenantId: string,
  at: Date,
  notice: { kind: string; message: string; details?: Record<string, unknown> },
): Promise<void> {
  await store.insertNotification(tx, { tenantId, createdAt: at, ...notice, details: notice.details ?? null });
}
