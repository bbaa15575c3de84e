// Failed sign-ins counted per account AND client address. Counted per account alone, anyone who
// knows a workspace and an email could lock that member out for an hour from anywhere; counted per
// pair, a stranger's failures lock only the stranger's own address out of that account, and the
// member signs in from theirs. Guessing from many addresses is bounded by each address's own lock
// and by the per-address failure budget (sessions.ts), not by a lock that would hit the owner.
// The counts live in `sign_in_locks`, so that every instance of a deployment counts into the same
// row and a restart forgets nothing; a failure is counted by one statement, so that concurrent
// failures on any number of instances all count.
import { and, eq, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { signInLocks } from '../../db/schema.ts';

/** Consecutive failures of one pair before it locks, the first lock (doubling after) and the longest. */
const FREE_FAILURES = 5;
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 3_600_000;
/** A pair with no failure for this long, and not locked, is forgotten by the purge. */
const SIGN_IN_LOCK_IDLE_MS = 24 * 3_600_000;

/**
 * The end of the lock earned by the `count`-th consecutive failure at `now`, or null while failures
 * are free: 30 s for the sixth, doubling with each further one, at most an hour. An SQL expression,
 * so that it reads the count the same statement has just incremented. (The exponent is capped
 * before power() so that a long-lived count cannot overflow it; 2^20 × 30 s is far past the hour.)
 */
function lockEnd(count: SQL, now: Date): SQL {
  const over = sql`(${count}) - ${sql.raw(String(FREE_FAILURES))}`;
  return sql`case when ${over} > 0 then ${now.toISOString()}::timestamptz + interval '1 millisecond' * least(${sql.raw(String(MAX_LOCK_MS))}, ${sql.raw(String(FIRST_LOCK_MS))} * power(2, least(${over} - 1, 20))) end`;
}

const pair = (tenantId: string, memberId: string, address: string) =>
  and(
    eq(signInLocks.tenantId, tenantId),
    eq(signInLocks.memberId, memberId),
    eq(signInLocks.address, address),
  );

/** When the pair's lock ends, or null when it may try now. */
export async function lockedUntil(
  db: Executor,
  tenantId: string,
  memberId: string,
  address: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: signInLocks.lockedUntil })
    .from(signInLocks)
    .where(pair(tenantId, memberId, address))
    .limit(1);
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

/**
 * Counts a failure of the pair and sets its lock from the new count, in one statement: concurrent
 * failures each add one to the row as PostgreSQL leaves it, whichever instance they come through.
 * Answers the pair's consecutive failures so far.
 */
export async function countFailure(
  db: Executor,
  tenantId: string,
  memberId: string,
  address: string,
  now: Date,
): Promise<number> {
  const next = sql`${signInLocks.failures} + 1`;
  const [row] = await db
    .insert(signInLocks)
    .values({ tenantId, memberId, address, failures: 1, lockedUntil: lockEnd(sql`1`, now), updatedAt: now })
    .onConflictDoUpdate({
      target: [signInLocks.tenantId, signInLocks.memberId, signInLocks.address],
      set: { failures: next, lockedUntil: lockEnd(next, now), updatedAt: now },
    })
    .returning({ failures: signInLocks.failures });
  return row?.failures ?? 1;
}

/** A success from this address clears its count; other addresses keep theirs. */
export async function clearPair(db: Executor, tenantId: string, memberId: string, address: string) {
  await db.delete(signInLocks).where(pair(tenantId, memberId, address));
}

/** Forgets every count of a member (a removed member invited again starts afresh). */
export async function clearMember(db: Executor, tenantId: string, memberId: string) {
  await db
    .delete(signInLocks)
    .where(and(eq(signInLocks.tenantId, tenantId), eq(signInLocks.memberId, memberId)));
}

/**
 * Removes the pairs with no failure for a day whose lock (if any) has ended, so that failures from
 * ever new addresses cannot grow the table without bound. Runs hourly on every instance beside the
 * idempotency purge (server.ts); the delete is idempotent, so several instances doing it is harmless.
 * A forgotten pair starts again with 5 free failures, as a success would leave it.
 */
export async function purgeSignInLocks(db: Executor, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SIGN_IN_LOCK_IDLE_MS);
  const removed = await db
    .delete(signInLocks)
    .where(
      and(
        lt(signInLocks.updatedAt, cutoff),
        or(isNull(signInLocks.lockedUntil), lte(signInLocks.lockedUntil, now)),
      ),
    )
    .returning({ memberId: signInLocks.memberId });
  return removed.length;
}
