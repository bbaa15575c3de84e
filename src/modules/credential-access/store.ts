// SQL of access by credential: the trust list, presentation transactions and credential sessions.
// Node-wide tables (docs/credential-access.md): an issuer and a session reach every workspace.
import { and, asc, eq, isNull, lt, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  credentialSessions,
  presentationTransactions,
  trustedIssuerAudit,
  trustedIssuers,
} from '../../db/schema.ts';

export type IssuerRow = typeof trustedIssuers.$inferSelect;
export type NewIssuer = typeof trustedIssuers.$inferInsert;
export type TransactionRow = typeof presentationTransactions.$inferSelect;
export type SessionRow = typeof credentialSessions.$inferSelect;

export async function insertIssuer(db: Executor, values: NewIssuer): Promise<IssuerRow> {
  const [row] = await db.insert(trustedIssuers).values(values).returning();
  return row as IssuerRow;
}

export const listIssuers = (db: Executor) =>
  db.select().from(trustedIssuers).orderBy(asc(trustedIssuers.createdAt), asc(trustedIssuers.id));

export async function findIssuer(db: Executor, id: string): Promise<IssuerRow | null> {
  const [row] = await db.select().from(trustedIssuers).where(eq(trustedIssuers.id, id));
  return row ?? null;
}

export async function findIssuerByIss(db: Executor, iss: string): Promise<IssuerRow | null> {
  const [row] = await db.select().from(trustedIssuers).where(eq(trustedIssuers.issuer, iss));
  return row ?? null;
}

export async function updateIssuer(
  db: Executor,
  id: string,
  values: Partial<NewIssuer>,
): Promise<IssuerRow | null> {
  const [row] = await db.update(trustedIssuers).set(values).where(eq(trustedIssuers.id, id)).returning();
  return row ?? null;
}

export async function deleteIssuer(db: Executor, id: string): Promise<IssuerRow | null> {
  const [row] = await db.delete(trustedIssuers).where(eq(trustedIssuers.id, id)).returning();
  return row ?? null;
}

export async function insertAudit(
  db: Executor,
  values: typeof trustedIssuerAudit.$inferInsert,
): Promise<void> {
  await db.insert(trustedIssuerAudit).values(values);
}

/** Ends the open sessions of an issuer, or only those opened with a key no longer in `keptKeys`. */
export async function endSessionsOfIssuer(db: Executor, issuerId: string, at: Date, keptKeys?: string[]) {
  const open = and(eq(credentialSessions.issuerId, issuerId), isNull(credentialSessions.endedAt));
  const where =
    keptKeys && keptKeys.length > 0 ? and(open, notInArray(credentialSessions.keyId, keptKeys)) : open;
  await db.update(credentialSessions).set({ endedAt: at }).where(where);
}

export async function insertTransaction(
  db: Executor,
  values: typeof presentationTransactions.$inferInsert,
): Promise<TransactionRow> {
  const [row] = await db.insert(presentationTransactions).values(values).returning();
  return row as TransactionRow;
}

export async function findTransaction(
  db: Executor,
  id: string,
  lock = false,
): Promise<TransactionRow | null> {
  const query = db.select().from(presentationTransactions).where(eq(presentationTransactions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateTransaction(
  db: Executor,
  id: string,
  values: Partial<typeof presentationTransactions.$inferInsert>,
): Promise<void> {
  await db.update(presentationTransactions).set(values).where(eq(presentationTransactions.id, id));
}

/** Whether a Key Binding JWT (by its hash) was already taken by any transaction. */
export async function kbJwtSeen(db: Executor, hash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: presentationTransactions.id })
    .from(presentationTransactions)
    .where(eq(presentationTransactions.kbJwtHash, hash));
  return row !== undefined;
}

/** Deletes the transactions that expired before `before` (answered or not). */
export async function deleteOldTransactions(db: Executor, before: Date): Promise<void> {
  await db.delete(presentationTransactions).where(lt(presentationTransactions.expiresAt, before));
}

export async function insertSession(
  db: Executor,
  values: typeof credentialSessions.$inferInsert,
): Promise<SessionRow> {
  const [row] = await db.insert(credentialSessions).values(values).returning();
  return row as SessionRow;
}

export async function findSession(db: Executor, id: string): Promise<SessionRow | null> {
  const [row] = await db.select().from(credentialSessions).where(eq(credentialSessions.id, id));
  return row ?? null;
}

/** Sets a session's token hash once: false when it was already handed out. */
export async function setSessionToken(db: Executor, id: string, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(credentialSessions)
    .set({ tokenHash })
    .where(and(eq(credentialSessions.id, id), isNull(credentialSessions.tokenHash)))
    .returning({ id: credentialSessions.id });
  return rows.length === 1;
}

export async function findSessionByTokenHash(db: Executor, tokenHash: string): Promise<SessionRow | null> {
  const [row] = await db.select().from(credentialSessions).where(eq(credentialSessions.tokenHash, tokenHash));
  return row ?? null;
}
