// SQL for credentials: status indexes, the workspace's signed status lists, issued credentials.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  batteryUnits,
  credentialStatusEntries,
  credentialStatusLists,
  issuedCredentials,
  passports,
} from '../../db/schema.ts';
import type { StatusPurpose } from '../../domain/credentials/index.ts';

export type StatusListRow = typeof credentialStatusLists.$inferSelect;

export interface StatusEntryRow {
  index: number;
  generation: number;
  revokedAt: Date | null;
}

/** The newest index of a passport (unitId null) or unit, or null when none is allocated yet. */
export async function findStatusEntry(
  db: Executor,
  tenantId: string,
  passportId: string,
  unitId: string | null,
): Promise<StatusEntryRow | null> {
  const [row] = await db
    .select({
      index: credentialStatusEntries.statusIndex,
      generation: credentialStatusEntries.generation,
      revokedAt: credentialStatusEntries.revokedAt,
    })
    .from(credentialStatusEntries)
    .where(
      unitId === null
        ? and(
            eq(credentialStatusEntries.tenantId, tenantId),
            eq(credentialStatusEntries.passportId, passportId),
            isNull(credentialStatusEntries.unitId),
          )
        : and(eq(credentialStatusEntries.tenantId, tenantId), eq(credentialStatusEntries.unitId, unitId)),
    )
    .orderBy(desc(credentialStatusEntries.generation))
    .limit(1);
  return row ?? null;
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
 * Claims `index` for the subject's generation; false when the index or that generation was taken
 * meanwhile (the caller reads back or draws again). The database stamps `revoked_at` at once when
 * the subject is in an ending status.
 */
export async function insertStatusIndex(
  db: Executor,
  entry: {
    tenantId: string;
    statusIndex: number;
    passportId: string;
    unitId: string | null;
    generation: number;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(credentialStatusEntries)
    .values(entry)
    .onConflictDoNothing()
    .returning({ index: credentialStatusEntries.statusIndex });
  return inserted.length > 0;
}

/**
 * Each allocated index with when it was revoked and the current statuses of what it names: the
 * passport's, and for a unit's index the unit's own too (null when the row is gone).
 */
export async function statusesOfEntries(db: Executor, tenantId: string) {
  return db
    .select({
      index: credentialStatusEntries.statusIndex,
      revokedAt: credentialStatusEntries.revokedAt,
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

export async function findStatusList(
  db: Executor,
  tenantId: string,
  purpose: StatusPurpose,
): Promise<StatusListRow | null> {
  const [row] = await db
    .select()
    .from(credentialStatusLists)
    .where(
      and(eq(credentialStatusLists.tenantId, tenantId), eq(credentialStatusLists.statusPurpose, purpose)),
    );
  return row ?? null;
}

/** Stores the list as signed now; concurrent signers both hold a valid list, the last one stays. */
export async function saveStatusList(db: Executor, row: StatusListRow): Promise<void> {
  const { tenantId: _tenantId, statusPurpose: _purpose, ...changes } = row;
  await db
    .insert(credentialStatusLists)
    .values(row)
    .onConflictDoUpdate({
      target: [credentialStatusLists.tenantId, credentialStatusLists.statusPurpose],
      set: changes,
    });
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
