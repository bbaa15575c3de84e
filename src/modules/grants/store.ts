// SQL for access grants and the passport access log. Tenant first, except the two lookups that come
// before the workspace is known: a presented token (by its hash) and a request's status link (by id).
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { type Executor, prepared } from '../../db/client.ts';
import { accessGrants, type GrantStatus, passportAccessLog } from '../../db/schema.ts';

export type GrantRow = typeof accessGrants.$inferSelect;
export type NewGrant = Omit<typeof accessGrants.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type AccessLogRow = typeof passportAccessLog.$inferSelect;
export type NewAccessLogEntry = Omit<typeof passportAccessLog.$inferInsert, 'id'>;

export async function insertGrant(db: Executor, values: NewGrant): Promise<GrantRow> {
  const [row] = await db.insert(accessGrants).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findGrant(
  db: Executor,
  tenantId: string,
  id: string,
  lock = false,
): Promise<GrantRow | null> {
  const query = db
    .select()
    .from(accessGrants)
    .where(and(eq(accessGrants.tenantId, tenantId), eq(accessGrants.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A request by its id alone (the status link names no workspace). */
export async function findGrantById(db: Executor, id: string, lock = false): Promise<GrantRow | null> {
  const query = db.select().from(accessGrants).where(eq(accessGrants.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

const byTokenHash = (db: Executor) =>
  db
    .select({
      id: accessGrants.id,
      tenantId: accessGrants.tenantId,
      tier: accessGrants.tier,
      status: accessGrants.status,
      passportId: accessGrants.passportId,
      operatorId: accessGrants.operatorId,
      expiresAt: accessGrants.expiresAt,
      tokenHash: accessGrants.tokenHash,
    })
    .from(accessGrants)
    .where(eq(accessGrants.tokenHash, sql.placeholder('hash')))
    .prepare('grant_by_token_hash');

export type TokenGrantRow = Awaited<ReturnType<ReturnType<typeof byTokenHash>['execute']>>[number];

/** The grant a token hash names, whatever its state: the caller judges state and expiry. */
export async function findGrantByTokenHash(db: Executor, hash: string): Promise<TokenGrantRow | null> {
  const [row] = await prepared(db, 'grant_by_token_hash', byTokenHash).execute({ hash });
  return row ?? null;
}

export function listGrants(db: Executor, tenantId: string): Promise<GrantRow[]> {
  return db
    .select()
    .from(accessGrants)
    .where(eq(accessGrants.tenantId, tenantId))
    .orderBy(desc(accessGrants.createdAt), desc(accessGrants.id));
}

/** Moves a grant from one state to another; null when it was no longer in `from` (a race lost). */
export async function moveGrant(
  db: Executor,
  tenantId: string,
  id: string,
  from: GrantStatus,
  change: Partial<Omit<NewGrant, 'tenantId'>> & { status: GrantStatus },
  at: Date,
): Promise<GrantRow | null> {
  const [row] = await db
    .update(accessGrants)
    .set({ ...change, updatedAt: at })
    .where(and(eq(accessGrants.tenantId, tenantId), eq(accessGrants.id, id), eq(accessGrants.status, from)))
    .returning();
  return row ?? null;
}

/** Hands a requested grant's sealed token over once: clears the box and stamps the collection. */
export async function collectToken(
  db: Executor,
  tenantId: string,
  id: string,
  at: Date,
): Promise<GrantRow | null> {
  const [row] = await db
    .update(accessGrants)
    .set({ tokenBox: null, collectedAt: at, updatedAt: at })
    .where(
      and(
        eq(accessGrants.tenantId, tenantId),
        eq(accessGrants.id, id),
        sql`${accessGrants.collectedAt} is null`,
        sql`${accessGrants.tokenBox} is not null`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Appends entries in one statement (access-log-writer.ts batches them). */
export async function insertAccessLog(db: Executor, entries: NewAccessLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(passportAccessLog).values(entries);
}

/** One page of a passport's access log, newest first, after the position (at, id) when given. */
export function listAccessLog(
  db: Executor,
  tenantId: string,
  passportId: string,
  limit: number,
  after: { at: Date; id: string } | null,
): Promise<AccessLogRow[]> {
  const scope = and(eq(passportAccessLog.tenantId, tenantId), eq(passportAccessLog.passportId, passportId));
  const where = after
    ? and(
        scope,
        or(
          lt(passportAccessLog.at, after.at),
          and(eq(passportAccessLog.at, after.at), lt(passportAccessLog.id, after.id)),
        ),
      )
    : scope;
  return db
    .select()
    .from(passportAccessLog)
    .where(where)
    .orderBy(desc(passportAccessLog.at), desc(passportAccessLog.id))
    .limit(limit);
}
