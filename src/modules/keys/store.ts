// SQL for API keys. Every function but the token lookup takes the tenant first and filters on it.
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { apiKeys, tenants } from '../../db/schema.ts';

export type KeyRow = typeof apiKeys.$inferSelect;
export type NewKey = Omit<typeof apiKeys.$inferInsert, 'id' | 'createdAt' | 'revokedAt'>;

export async function insertKey(db: Executor, values: NewKey): Promise<KeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export function listKeys(db: Executor, tenantId: string): Promise<KeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.tenantId, tenantId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes a live key; false when the tenant has no such key (or it was already revoked). */
export async function revokeKey(
  db: Executor,
  tenantId: string,
  id: string,
  at: Date,
): Promise<KeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  return row ?? null;
}

export async function findKey(db: Executor, tenantId: string, id: string): Promise<KeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id)));
  return row ?? null;
}

/**
 * The authentication read: the key rows sharing a token prefix, each with its workspace, in one
 * round trip. It runs on every authenticated request, so it selects only what a principal needs
 * and is prepared once per database.
 */
export function prepareKeyLookup(db: Db) {
  const query = db
    .select({
      keyId: apiKeys.id,
      secretHash: apiKeys.secretHash,
      role: apiKeys.role,
      permissions: apiKeys.permissions,
      operatorId: apiKeys.operatorId,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      tenantId: tenants.id,
      name: tenants.name,
      subdomain: tenants.subdomain,
      tier: tenants.tier,
      subscriptionStatus: tenants.subscriptionStatus,
      mfaRequired: tenants.mfaRequired,
      passportLimit: tenants.passportLimit,
      activePassports: tenants.activePassports,
    })
    .from(apiKeys)
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .where(eq(apiKeys.prefix, sql.placeholder('prefix')))
    .prepare('api_key_by_prefix');
  return (prefix: string) => query.execute({ prefix });
}

/**
 * Keys scoped to the operator that are neither revoked nor expired at `now`: an operator with live
 * keys cannot be deleted, or those keys would name an operator that is gone.
 */
export async function countLiveKeysOfOperator(
  db: Executor,
  tenantId: string,
  operatorId: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.tenantId, tenantId),
        eq(apiKeys.operatorId, operatorId),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      ),
    );
  return row?.count ?? 0;
}
