// SQL for credentials: status indexes, the workspace's signed status list, issued credentials.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  batteryUnits,
  credentialStatusEntries,
  credentialStatusLists,
  issuedCredentials,
  passports,
} from '../../db/schema.ts';

export type StatusListRow = typeof credentialStatusLists.$inferSelect;

/** The index of a passport (unitId null) or unit, or null when none is allocated yet. */
export async function findStatusIndex(
  db: Executor,
  tenantId: string,
  passportId: string,
  unitId: string | null,
): Promise<number | null> {
  const [row] = await db
    .select({ index: credentialStatusEntries.statusIndex })
    .from(credentialStatusEntries)
    .where(
      unitId === null
        ? and(
            eq(credentialStatusEntries.tenantId, tenantId),
            eq(credentialStatusEntries.passportId, passportId),
            isNull(credentialStatusEntries.unitId),
          )
        : and(eq(credentialStatusEntries.tenantId, tenantId), eq(credentialStatusEntries.unitId, unitId)),
    );
  return row?.index ?? null;
}

/** Every index the workspace has allocated. */
export async function takenIndexes(db: Executor, tenantId: string): Promise<Set<number>> {
  const rows = await db
    .select({ index: credentialStatusEntries.statusIndex })
    .from(credentialStatusEntries)
    .where(eq(credentialStatusEntries.tenantId, tenantId));
  return new Set(rows.map((row) => row.index));
}

/**
 * Claims `index` for the subject; false when the index or the subject was taken meanwhile (the
 * caller reads back or draws again).
 */
export async function insertStatusIndex(
  db: Executor,
  entry: { tenantId: string; statusIndex: number; passportId: string; unitId: string | null },
): Promise<boolean> {
  const inserted = await db
    .insert(credentialStatusEntries)
    .values(entry)
    .onConflictDoNothing()
    .returning({ index: credentialStatusEntries.statusIndex });
  return inserted.length > 0;
}

/**
 * Each allocated index with the current status of what it names: the passport's status for a
 * passport entry, the unit's own status for a unit entry (null when the row is gone).
 */
export async function statusesOfEntries(db: Executor, tenantId: string) {
  return db
    .select({
      index: credentialStatusEntries.statusIndex,
      unitId: credentialStatusEntries.unitId,
      passportStatus: passports.status,
      unitStatus: batteryUnits.status,
    })
    .from(credentialStatusEntries)
    .leftJoin(
      passports,
      and(
        eq(passports.tenantId, credentialStatusEntries.tenantId),
        eq(passports.id, credentialStatusEntries.passportId),
      ),
    )
    .leftJoin(
      batteryUnits,
      and(
        eq(batteryUnits.tenantId, credentialStatusEntries.tenantId),
        eq(batteryUnits.id, credentialStatusEntries.unitId),
      ),
    )
    .where(eq(credentialStatusEntries.tenantId, tenantId));
}

export async function findStatusList(db: Executor, tenantId: string): Promise<StatusListRow | null> {
  const [row] = await db
    .select()
    .from(credentialStatusLists)
    .where(eq(credentialStatusLists.tenantId, tenantId));
  return row ?? null;
}

/** Stores the list as signed now; concurrent signers both hold a valid list, the last one stays. */
export async function saveStatusList(db: Executor, row: StatusListRow): Promise<void> {
  const { tenantId: _tenantId, ...changes } = row;
  await db
    .insert(credentialStatusLists)
    .values(row)
    .onConflictDoUpdate({ target: credentialStatusLists.tenantId, set: changes });
}

export async function findIssued(db: Executor, tenantId: string, cacheKey: string) {
  const [row] = await db
    .select({ fingerprint: issuedCredentials.fingerprint, body: issuedCredentials.body })
    .from(issuedCredentials)
    .where(and(eq(issuedCredentials.tenantId, tenantId), eq(issuedCredentials.cacheKey, cacheKey)));
  return row ?? null;
}

/**
 * Keeps a newly issued credential. When another request issued the same one meanwhile, its bytes
 * stay and are returned, so every caller serves one credential.
 */
export async function saveIssued(
  db: Executor,
  row: { tenantId: string; cacheKey: string; fingerprint: string; body: string },
): Promise<string> {
  const [kept] = await db
    .insert(issuedCredentials)
    .values(row)
    .onConflictDoUpdate({
      target: [issuedCredentials.tenantId, issuedCredentials.cacheKey],
      set: { fingerprint: row.fingerprint, body: row.body, issuedAt: sql`now()` },
      // A stored credential of the same content wins; a stale one (other fingerprint) is replaced.
      setWhere: sql`${issuedCredentials.fingerprint} <> ${row.fingerprint}`,
    })
    .returning({ body: issuedCredentials.body });
  if (kept) return kept.body;
  return (await findIssued(db, row.tenantId, row.cacheKey))?.body ?? row.body;
}
