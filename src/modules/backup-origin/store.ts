// SQL for backup targets and the push outbox. Targets are node-wide (the platform admin's); outbox
// rows carry their workspace first. The worker's claim alone spans workspaces: it is the node's
// own work queue, as the webhook outbox's is.
import { eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { backupTargets } from '../../db/schema.ts';
import { isUuid } from '../../domain/ids.ts';

export type TargetRow = typeof backupTargets.$inferSelect;

export async function insertTarget(db: Executor, values: typeof backupTargets.$inferInsert) {
  const [row] = await db.insert(backupTargets).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export function listTargets(db: Executor): Promise<TargetRow[]> {
  return db.select().from(backupTargets).orderBy(backupTargets.createdAt, backupTargets.id);
}

export async function findTarget(db: Executor, id: string): Promise<TargetRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(backupTargets).where(eq(backupTargets.id, id));
  return row ?? null;
}

/** Deletes the target and the pushes still waiting for it; what it holds stays recorded on passports. */
export async function deleteTarget(db: Executor, id: string): Promise<boolean> {
  await db.execute(sql`delete from backup_outbox where target_id = ${id} and status = 'pending'`);
  const rows = await db
    .delete(backupTargets)
    .where(eq(backupTargets.id, id))
    .returning({ id: backupTargets.id });
  return rows.length > 0;
}

export interface PushKey {
  tenantId: string;
  passportId: string;
  version: number;
}

/**
 * Queues these sealed versions for these targets, due now; a version already queued for a target is
 * left as it is. Answers the ids of the targets that got a row (a target serving other workspaces
 * only gets none).
 */
export async function enqueue(
  db: Executor,
  targets: readonly TargetRow[],
  keys: readonly PushKey[],
  at: Date,
): Promise<string[]> {
  const queued = new Set<string>();
  // Rows go in chunks so that a backfill of many versions is a few statements, not one per version.
  for (const target of targets) {
    const serves = (tenantId: string) =>
      target.workspaceIds === null || target.workspaceIds.includes(tenantId);
    const mine = keys.filter((key) => serves(key.tenantId));
    for (let start = 0; start < mine.length; start += 500) {
      const chunk = mine.slice(start, start + 500);
      const values = sql.join(
        chunk.map(
          (key) =>
            sql`(${key.tenantId}::uuid, ${target.id}::uuid, ${key.passportId}::uuid, ${key.version}::int,
                 ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      await db.execute(sql`
        insert into backup_outbox (tenant_id, target_id, passport_id, version, next_attempt_at, created_at)
        values ${values}
        on conflict do nothing`);
      queued.add(target.id);
    }
  }
  return [...queued];
}

export interface ClaimedPush {
  tenant_id: string;
  target_id: string;
  passport_id: string;
  version: number;
  attempts: number;
  /** The sealed version of the passport queued for the target before this one, if any. */
  previous: number | null;
}

/**
 * Claims up to `limit` due pushes, each leased until `leaseUntil` and its attempt counted. A version
 * waits while an earlier version of the same passport is still pending for the same target, so a
 * target receives each passport's versions in order, each with the sealed version queued before it
 * (every sealed version is queued for a target, the earlier ones by its backfill). SKIP LOCKED lets
 * workers claim side by side.
 */
export function claimDue(db: Executor, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedPush[]> {
  return queryRows<ClaimedPush>(
    db,
    sql`
    with due as (
      select o.tenant_id, o.target_id, o.passport_id, o.version from backup_outbox o
      where o.status = 'pending' and o.next_attempt_at <= ${now.toISOString()}::timestamptz
        and not exists (
          select 1 from backup_outbox earlier
          where earlier.tenant_id = o.tenant_id and earlier.target_id = o.target_id
            and earlier.passport_id = o.passport_id and earlier.version < o.version
            and earlier.status = 'pending')
      order by o.next_attempt_at, o.version
      limit ${limit}
      for update skip locked
    )
    update backup_outbox b
    set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz, attempts = b.attempts + 1,
        updated_at = ${now.toISOString()}::timestamptz
    from due
    where b.tenant_id = due.tenant_id and b.target_id = due.target_id
      and b.passport_id = due.passport_id and b.version = due.version
    returning b.tenant_id, b.target_id, b.passport_id, b.version, b.attempts,
      (select max(e.version) from backup_outbox e
       where e.tenant_id = b.tenant_id and e.target_id = b.target_id
         and e.passport_id = b.passport_id and e.version < b.version) as previous`,
  );
}

export interface PushOutcome {
  status: 'pending' | 'held' | 'failed';
  nextAttemptAt: Date;
  responseCode: number | null;
  error: string | null;
  backupUri: string | null;
}

export async function recordOutcome(
  db: Executor,
  push: ClaimedPush,
  outcome: PushOutcome,
  at: Date,
): Promise<void> {
  await db.execute(sql`
    update backup_outbox
    set status = ${outcome.status}, next_attempt_at = ${outcome.nextAttemptAt.toISOString()}::timestamptz,
        response_code = ${outcome.responseCode}, error = ${outcome.error}, backup_uri = ${outcome.backupUri},
        updated_at = ${at.toISOString()}::timestamptz
    where tenant_id = ${push.tenant_id} and target_id = ${push.target_id}
      and passport_id = ${push.passport_id} and version = ${push.version}`);
}

export interface TargetCounts {
  pending: number;
  held: number;
  failed: number;
}

/** How many pushes each target has in each state. */
export async function countsByTarget(db: Executor): Promise<Map<string, TargetCounts>> {
  const rows = await queryRows<{ target_id: string; status: string; n: number | string }>(
    db,
    sql`select target_id, status, count(*) as n from backup_outbox group by target_id, status`,
  );
  const out = new Map<string, TargetCounts>();
  for (const row of rows) {
    const counts = out.get(row.target_id) ?? { pending: 0, held: 0, failed: 0 };
    if (row.status === 'pending' || row.status === 'held' || row.status === 'failed')
      counts[row.status] = Number(row.n);
    out.set(row.target_id, counts);
  }
  return out;
}
