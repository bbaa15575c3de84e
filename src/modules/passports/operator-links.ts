// What the operator and facility services need of passports, without reaching into their store:
// archive and restore with an operator, count an operator's passports, find the sealed versions
// that name it, unlink a deleted facility.
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passports, passportVersions } from '../../db/schema.ts';

export async function countPassportsOfOperator(
  db: Executor,
  tenantId: string,
  operatorId: string,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passports)
    .where(and(eq(passports.tenantId, tenantId), eq(passports.operatorId, operatorId)));
  return row?.count ?? 0;
}

/**
 * Whether an archived version with a seal names the operator. Such a seal is verified against the
 * operators the workspace has bound, so the operator must stay (archived) for it to keep verifying.
 */
export async function isNamedBySealedVersion(db: Executor, tenantId: string, operatorId: string) {
  const document = sql`${passportVersions.document}::jsonb`;
  const [row] = await db
    .select({ version: passportVersions.version })
    .from(passportVersions)
    .where(
      and(
        eq(passportVersions.tenantId, tenantId),
        sql`${document} -> 'economicOperator' ->> 'id' = ${operatorId}`,
        sql`jsonb_typeof(${document} -> 'digitalSeal') = 'object'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Archives the operator's live passports; they stay resolvable. Returns how many were archived. */
export async function archivePassportsOfOperator(
  db: Executor,
  tenantId: string,
  operatorId: string,
  at: Date,
) {
  const rows = await db
    .update(passports)
    .set({ archivedAt: at })
    .where(
      and(
        eq(passports.tenantId, tenantId),
        eq(passports.operatorId, operatorId),
        isNull(passports.archivedAt),
      ),
    )
    .returning({ id: passports.id });
  return rows.length;
}

/** Restores the operator's archived passports. Returns how many were restored. */
export async function restorePassportsOfOperator(db: Executor, tenantId: string, operatorId: string) {
  const rows = await db
    .update(passports)
    .set({ archivedAt: null })
    .where(
      and(
        eq(passports.tenantId, tenantId),
        eq(passports.operatorId, operatorId),
        isNotNull(passports.archivedAt),
      ),
    )
    .returning({ id: passports.id });
  return rows.length;
}

/** A deleted facility is unlinked from its passports, which are never deleted with it. */
export async function unlinkFacility(db: Executor, tenantId: string, facilityId: string): Promise<number> {
  const rows = await db
    .update(passports)
    .set({ facilityId: null })
    .where(and(eq(passports.tenantId, tenantId), eq(passports.facilityId, facilityId)))
    .returning({ id: passports.id });
  return rows.length;
}
