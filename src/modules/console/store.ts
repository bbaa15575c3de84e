// SQL of members, their sessions and invitations. Every function takes the tenant first, except the
// two lookups that precede knowing it: an invitation by its token and a member by workspace host.
import { and, asc, desc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { conflict } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { memberInvitations, memberSessions, members, tenants } from '../../db/schema.ts';

export type MemberRow = typeof members.$inferSelect;
export type InvitationRow = typeof memberInvitations.$inferSelect;

export async function tenantBySubdomain(db: Executor, subdomain: string) {
  const [row] = await db.select().from(tenants).where(eq(tenants.subdomain, subdomain)).limit(1);
  return row ?? null;
}

export async function tenantById(db: Executor, id: string) {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row ?? null;
}

export async function memberByEmail(db: Executor, tenantId: string, email: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.email, email)))
    .limit(1);
  return row ?? null;
}

export async function memberById(db: Executor, tenantId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function listMembers(db: Executor, tenantId: string) {
  return db
    .select()
    .from(members)
    .where(and(eq(members.tenantId, tenantId), isNull(members.disabledAt)))
    .orderBy(asc(members.email));
}

export async function insertMember(db: Executor, row: typeof members.$inferInsert) {
  try {
    const [inserted] = await db.insert(members).values(row).returning();
    return inserted as MemberRow;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A member with this email already exists in the workspace');
    throw error;
  }
}

export async function reviveMember(
  db: Executor,
  tenantId: string,
  id: string,
  fields: Pick<typeof members.$inferInsert, 'passwordHash' | 'role' | 'manageMembers'>,
) {
  const [row] = await db
    .update(members)
    .set({
      ...fields,
      disabledAt: null,
      totpSecret: null,
      totpPending: null,
      totpLastStep: null,
      recoveryCodes: [],
    })
    .where(and(eq(members.tenantId, tenantId), eq(members.id, id)))
    .returning();
  return row as MemberRow;
}

export async function updateMember(
  db: Executor,
  tenantId: string,
  id: string,
  changes: Partial<typeof members.$inferInsert>,
) {
  await db
    .update(members)
    .set(changes)
    .where(and(eq(members.tenantId, tenantId), eq(members.id, id)));
}

/**
 * Spends a TOTP time step: true for exactly one of any number of concurrent callers with the same
 * step. The check and the write are one statement, so PostgreSQL re-checks the condition on the row
 * another transaction just updated instead of trusting what this request read before.
 */
export async function consumeTotpStep(db: Executor, tenantId: string, id: string, step: number) {
  const rows = await db
    .update(members)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(members.tenantId, tenantId),
        eq(members.id, id),
        or(isNull(members.totpLastStep), lt(members.totpLastStep, step)),
      ),
    )
    .returning({ id: members.id });
  return rows.length === 1;
}

/** Spends a recovery code (its SHA-256) in one statement, like a TOTP step: one caller wins. */
export async function consumeRecoveryCode(db: Executor, tenantId: string, id: string, hash: string) {
  const rows = await db
    .update(members)
    .set({ recoveryCodes: sql`array_remove(${members.recoveryCodes}, ${hash}::text)` })
    .where(
      and(
        eq(members.tenantId, tenantId),
        eq(members.id, id),
        sql`${hash}::text = any(${members.recoveryCodes})`,
      ),
    )
    .returning({ id: members.id });
  return rows.length === 1;
}

export async function insertSession(db: Executor, row: typeof memberSessions.$inferInsert) {
  const [inserted] = await db.insert(memberSessions).values(row).returning();
  return inserted as typeof memberSessions.$inferSelect;
}

/** The live session with its member and workspace, in one read: runs on every session request. */
export async function liveSession(
  db: Executor,
  tenantId: string,
  sessionId: string,
  memberId: string,
  now: Date,
) {
  const [row] = await db
    .select({ session: memberSessions, member: members, tenant: tenants })
    .from(memberSessions)
    .innerJoin(
      members,
      and(eq(members.tenantId, memberSessions.tenantId), eq(members.id, memberSessions.memberId)),
    )
    .innerJoin(tenants, eq(tenants.id, memberSessions.tenantId))
    .where(
      and(
        eq(memberSessions.tenantId, tenantId),
        eq(memberSessions.id, sessionId),
        eq(memberSessions.memberId, memberId),
        isNull(memberSessions.endedAt),
        gt(memberSessions.expiresAt, now),
        isNull(members.disabledAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: Executor, tenantId: string, sessionId: string, now: Date) {
  await db
    .update(memberSessions)
    .set({ refreshedAt: now })
    .where(and(eq(memberSessions.tenantId, tenantId), eq(memberSessions.id, sessionId)));
}

/** Ends the workspace's live sessions that also meet `which`. */
async function endLiveSessions(db: Executor, tenantId: string, now: Date, ...which: SQL[]) {
  await db
    .update(memberSessions)
    .set({ endedAt: now })
    .where(and(eq(memberSessions.tenantId, tenantId), isNull(memberSessions.endedAt), ...which));
}

export async function endSession(db: Executor, tenantId: string, sessionId: string, now: Date) {
  await endLiveSessions(db, tenantId, now, eq(memberSessions.id, sessionId));
}

/** Ends every session of a member (removed from the workspace). */
export async function endAllSessions(db: Executor, tenantId: string, memberId: string, now: Date) {
  await endLiveSessions(db, tenantId, now, eq(memberSessions.memberId, memberId));
}

/** Ends every other session of a member (after a security change: MFA enrolled, password set). */
export async function endOtherSessions(
  db: Executor,
  tenantId: string,
  memberId: string,
  keep: string,
  now: Date,
) {
  await endLiveSessions(
    db,
    tenantId,
    now,
    eq(memberSessions.memberId, memberId),
    sql`${memberSessions.id} <> ${keep}`,
  );
}

export async function insertInvitation(db: Executor, row: typeof memberInvitations.$inferInsert) {
  const [inserted] = await db.insert(memberInvitations).values(row).returning();
  return inserted as InvitationRow;
}

export async function invitationByToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(memberInvitations)
    .where(eq(memberInvitations.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function acceptInvitation(db: Executor, tenantId: string, id: string, now: Date) {
  await db
    .update(memberInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(memberInvitations.tenantId, tenantId), eq(memberInvitations.id, id)));
}

/** Invitations not yet accepted nor expired (or withdrawn, which expires them), newest first. */
export async function pendingInvitations(db: Executor, tenantId: string, now: Date) {
  return db
    .select()
    .from(memberInvitations)
    .where(
      and(
        eq(memberInvitations.tenantId, tenantId),
        isNull(memberInvitations.acceptedAt),
        gt(memberInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(memberInvitations.createdAt))
    .limit(200);
}

/** Withdraws a pending invitation: it expires now, so its link stops working; the row stays. */
export async function withdrawInvitation(db: Executor, tenantId: string, id: string, now: Date) {
  const rows = await db
    .update(memberInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(memberInvitations.tenantId, tenantId),
        eq(memberInvitations.id, id),
        isNull(memberInvitations.acceptedAt),
        gt(memberInvitations.expiresAt, now),
      ),
    )
    .returning();
  return rows[0] ?? null;
}
