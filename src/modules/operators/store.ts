// SQL for economic operators. Every function takes the tenant first and filters on it.

import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { conflict } from '../../core/errors.ts';
import { type Executor, prepared } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { operators } from '../../db/schema.ts';
import { isUuid } from '../../domain/ids.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type NewOperator = Pick<
  typeof operators.$inferInsert,
  'tenantId' | 'name' | 'regId' | 'regIdScheme' | 'role' | 'country' | 'address' | 'registryStatus'
>;
export type OperatorChanges = Partial<Pick<OperatorRow, 'name' | 'role' | 'country' | 'address'>>;

export async function insertOperator(db: Executor, values: NewOperator): Promise<OperatorRow> {
  try {
    const [row] = await db.insert(operators).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(
        `An operator with ${values.regIdScheme} ${values.regId} is already bound to this workspace`,
      );
    }
    throw error;
  }
}

const byId = (db: Executor) =>
  db
    .select()
    .from(operators)
    .where(and(eq(operators.tenantId, sql.placeholder('tenantId')), eq(operators.id, sql.placeholder('id'))))
    .prepare('operator_by_id');

/** Read on every passport rendering, so prepared once. */
/** Whether the workspace has bound the operator registered as `regIdScheme` `regId` (archived ones count). */
export async function hasOperatorRegistration(
  db: Executor,
  tenantId: string,
  regIdScheme: string,
  regId: string,
) {
  const [row] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(
      and(
        eq(operators.tenantId, tenantId),
        eq(operators.regIdScheme, regIdScheme),
        eq(operators.regId, regId),
      ),
    );
  return row !== undefined;
}

export async function findOperator(
  db: Executor,
  tenantId: string,
  id: string,
  lock?: 'share' | 'update',
): Promise<OperatorRow | null> {
  if (!isUuid(id)) return null;
  if (lock) {
    const [row] = await db
      .select()
      .from(operators)
      .where(and(eq(operators.tenantId, tenantId), eq(operators.id, id)))
      .for(lock);
    return row ?? null;
  }
  const [row] = await prepared(db, 'operator_by_id', byId).execute({ tenantId, id });
  return row ?? null;
}

export interface ListFilter {
  includeArchived: boolean;
  /** Only this operator (an operator-scoped key's own). */
  onlyId?: string;
  /** Stop after this many rows: callers that only need to know "one or more than one". */
  limit?: number;
}

export function listOperators(db: Executor, tenantId: string, filter: ListFilter): Promise<OperatorRow[]> {
  const query = db
    .select()
    .from(operators)
    .where(
      and(
        eq(operators.tenantId, tenantId),
        filter.includeArchived ? undefined : isNull(operators.archivedAt),
        filter.onlyId === undefined ? undefined : eq(operators.id, filter.onlyId),
      ),
    )
    .orderBy(asc(operators.createdAt), asc(operators.id));
  return filter.limit === undefined ? query : query.limit(filter.limit);
}

export async function updateOperator(
  db: Executor,
  tenantId: string,
  id: string,
  changes: OperatorChanges & { archivedAt?: Date | null },
  at: Date,
): Promise<OperatorRow | null> {
  const [row] = await db
    .update(operators)
    .set({ ...changes, updatedAt: at })
    .where(and(eq(operators.tenantId, tenantId), eq(operators.id, id)))
    .returning();
  return row ?? null;
}

/** Hard delete. A passport still naming the operator (the foreign key) makes it a conflict. */
export async function deleteOperator(db: Executor, tenantId: string, id: string): Promise<boolean> {
  try {
    const rows = await db
      .delete(operators)
      .where(and(eq(operators.tenantId, tenantId), eq(operators.id, id)))
      .returning({ id: operators.id });
    return rows.length > 0;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict('The operator has passports; it can only be archived');
    throw error;
  }
}
