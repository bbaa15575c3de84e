// SQL for manufacturing facilities. Every function takes the tenant first and filters on it.

import { and, asc, eq, sql } from 'drizzle-orm';
import { type Executor, prepared } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { facilities } from '../../db/schema.ts';
import { isUuid } from '../../domain/ids.ts';
import { conflict } from '../../http/errors.ts';

export type FacilityRow = typeof facilities.$inferSelect;
export type FacilityFields = Pick<
  typeof facilities.$inferInsert,
  'name' | 'activity' | 'country' | 'address' | 'operatorId'
>;

export async function insertFacility(
  db: Executor,
  values: FacilityFields & { tenantId: string; gln: string },
): Promise<FacilityRow> {
  try {
    const [row] = await db.insert(facilities).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A facility with GLN ${values.gln} already exists`);
    throw error;
  }
}

const byId = (db: Executor) =>
  db
    .select()
    .from(facilities)
    .where(
      and(eq(facilities.tenantId, sql.placeholder('tenantId')), eq(facilities.id, sql.placeholder('id'))),
    )
    .prepare('facility_by_id');

/** Read on every passport rendering, so prepared once. */
export async function findFacility(db: Executor, tenantId: string, id: string): Promise<FacilityRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await prepared(db, 'facility_by_id', byId).execute({ tenantId, id });
  return row ?? null;
}

export function listFacilities(db: Executor, tenantId: string, operatorId?: string): Promise<FacilityRow[]> {
  return db
    .select()
    .from(facilities)
    .where(
      and(
        eq(facilities.tenantId, tenantId),
        operatorId === undefined ? undefined : eq(facilities.operatorId, operatorId),
      ),
    )
    .orderBy(asc(facilities.createdAt), asc(facilities.id));
}

export async function replaceFacility(
  db: Executor,
  tenantId: string,
  id: string,
  values: FacilityFields,
  at: Date,
): Promise<FacilityRow | null> {
  const [row] = await db
    .update(facilities)
    .set({ ...values, updatedAt: at })
    .where(and(eq(facilities.tenantId, tenantId), eq(facilities.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteFacility(db: Executor, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(facilities)
    .where(and(eq(facilities.tenantId, tenantId), eq(facilities.id, id)))
    .returning({ id: facilities.id });
  return rows.length > 0;
}

/** A hard-deleted operator leaves its facilities in the workspace, unattached, rather than naming a
 * missing operator. */
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
