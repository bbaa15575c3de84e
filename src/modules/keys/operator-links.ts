// What the operator service needs of API keys without reaching into their store: an operator that
// live keys are scoped to cannot be deleted, or those keys would name an operator that is gone.
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apiKeys } from '../../db/schema.ts';

/** Keys scoped to the operator that are neither revoked nor expired at `now`. */
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
