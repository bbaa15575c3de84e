// SQL for workspaces (tenants). The tenants table is the root of tenancy: its id is every other
// table's tenant_id.
import { desc, eq, sql } from 'drizzle-orm';
import { conflict } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { tenants } from '../../db/schema.ts';

export type TenantRow = typeof tenants.$inferSelect;
export type NewTenant = Pick<typeof tenants.$inferInsert, 'name' | 'subdomain' | 'tier' | 'passportLimit'>;
export type TenantChanges = Partial<
  Pick<TenantRow, 'tier' | 'subscriptionStatus' | 'mfaRequired' | 'passportLimit'>
>;

export async function insertTenant(db: Executor, values: NewTenant): Promise<TenantRow> {
  try {
    const [row] = await db.insert(tenants).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`The subdomain "${values.subdomain}" is already taken`);
    throw error;
  }
}

export async function listTenants(db: Executor, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(tenants).orderBy(desc(tenants.createdAt), desc(tenants.id)).limit(limit).offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(tenants),
  ]);
  return { rows, total: total?.count ?? 0 };
}

export async function updateTenant(
  db: Executor,
  id: string,
  changes: TenantChanges,
): Promise<TenantRow | null> {
  const [row] = await db
    .update(tenants)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(tenants.id, id))
    .returning();
  return row ?? null;
}

export async function countTenants(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(tenants);
  return row?.count ?? 0;
}

export async function findTenant(db: Executor, id: string): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  return row ?? null;
}

export async function findTenantBySubdomain(db: Executor, subdomain: string): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.subdomain, subdomain));
  return row ?? null;
}
