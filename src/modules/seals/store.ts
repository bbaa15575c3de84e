// SQL for the seal CA and the workspaces' signing keys.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sealAuthority, signingKeys } from '../../db/schema.ts';

export type SigningKeyRow = typeof signingKeys.$inferSelect;

export async function findAuthority(db: Executor) {
  const [row] = await db.select().from(sealAuthority).where(eq(sealAuthority.id, 1));
  return row ?? null;
}

/** Stores the node's CA unless another instance stored one first; the caller reads back the winner. */
export async function insertAuthority(db: Executor, certificatePem: string, privateKeyBox: string) {
  await db.insert(sealAuthority).values({ id: 1, certificatePem, privateKeyBox }).onConflictDoNothing();
}

export async function findActiveKey(db: Executor, tenantId: string) {
  const [row] = await db
    .select()
    .from(signingKeys)
    .where(and(eq(signingKeys.tenantId, tenantId), eq(signingKeys.status, 'active')));
  return row ?? null;
}

export async function findKey(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(signingKeys)
    .where(and(eq(signingKeys.tenantId, tenantId), eq(signingKeys.id, id)));
  return row ?? null;
}

export async function listKeys(db: Executor, tenantId: string) {
  return db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.tenantId, tenantId))
    .orderBy(asc(signingKeys.createdAt), asc(signingKeys.id));
}

/** Inserts an active key; false when the workspace already has one (another request won). */
export async function insertActiveKey(
  db: Executor,
  row: Omit<typeof signingKeys.$inferInsert, 'status' | 'retiredAt'>,
): Promise<boolean> {
  const inserted = await db
    .insert(signingKeys)
    .values({ ...row, status: 'active' })
    .onConflictDoNothing()
    .returning({ id: signingKeys.id });
  return inserted.length > 0;
}

export async function retireActiveKey(db: Executor, tenantId: string, at: Date) {
  await db
    .update(signingKeys)
    .set({ status: 'retired', retiredAt: at })
    .where(and(eq(signingKeys.tenantId, tenantId), eq(signingKeys.status, 'active')));
}

/** Serialises key creation and rotation within one workspace (transaction-scoped). */
export async function lockWorkspaceKeys(db: Executor, tenantId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`signing-keys:${tenantId}`}))`);
}
