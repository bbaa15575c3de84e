// What the operator service needs of facilities without reaching into their store: a hard-deleted
// operator leaves its facilities in the workspace, unattached, rather than naming a missing operator.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { facilities } from '../../db/schema.ts';

export async function detachFacilitiesOfOperator(
  db: Executor,
  tenantId: string,
  operatorId: string,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(facilities)
    .set({ operatorId: null, updatedAt: at })
    .where(and(eq(facilities.tenantId, tenantId), eq(facilities.operatorId, operatorId)))
    .returning({ id: facilities.id });
  return rows.length;
}
