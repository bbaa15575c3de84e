// SQL for the audit trail and tenant notifications. Both append-only; written inside the caller's
// transaction so that they exist exactly when the change they describe does.
import type { Executor } from '../../db/client.ts';
import { auditEvents, notifications } from '../../db/schema.ts';

export type NewAuditEvent = typeof auditEvents.$inferInsert;
export type NewNotification = typeof notifications.$inferInsert;

export async function insertAuditEvents(db: Executor, rows: NewAuditEvent[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditEvents).values(rows);
}

export async function insertNotification(db: Executor, row: NewNotification): Promise<void> {
  await db.insert(notifications).values(row);
}
