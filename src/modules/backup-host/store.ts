// SQL of the backup host: partners, their copies and units. Node-wide tables keyed by the partner
// (docs/backup.md); copies and units are only ever inserted.
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { backupCopies, backupPartners, backupUnits } from '../../db/schema.ts';

export type PartnerRow = typeof backupPartners.$inferSelect;
export type CopyRow = typeof backupCopies.$inferSelect;
/** A copy with what answering it needs of its partner. */
export type HeldCopy = CopyRow & { originBaseUrl: string };

export async function insertPartner(
  db: Executor,
  values: Pick<PartnerRow, 'name' | 'originBaseUrl' | 'sealCaPem' | 'tokenHash' | 'createdAt'>,
): Promise<PartnerRow> {
  const [row] = await db.insert(backupPartners).values(values).returning();
  return row as PartnerRow;
}

export async function listPartners(db: Executor) {
  const copies = db
    .select({ partnerId: backupCopies.partnerId, held: count().as('held') })
    .from(backupCopies)
    .groupBy(backupCopies.partnerId)
    .as('copies');
  const rows = await db
    .select({ partner: backupPartners, held: copies.held })
    .from(backupPartners)
    .leftJoin(copies, eq(copies.partnerId, backupPartners.id))
    .orderBy(asc(backupPartners.createdAt), asc(backupPartners.id));
  return rows.map((row) => ({ ...row.partner, copies: Number(row.held ?? 0) }));
}

export async function findPartner(db: Executor, id: string): Promise<PartnerRow | null> {
  const [row] = await db.select().from(backupPartners).where(eq(backupPartners.id, id));
  return row ?? null;
}

export async function countCopies(db: Executor, partnerId: string): Promise<number> {
  const [row] = await db
    .select({ held: count() })
    .from(backupCopies)
    .where(eq(backupCopies.partnerId, partnerId));
  return Number(row?.held ?? 0);
}

/** Ends a partnership once; a second end keeps the first instant. */
export async function endPartner(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(backupPartners)
    .set({ endedAt: at })
    .where(and(eq(backupPartners.id, id), isNull(backupPartners.endedAt)));
}

/** The partner a presented token names, while the partnership lasts. */
export async function activePartnerByTokenHash(db: Executor, tokenHash: string): Promise<PartnerRow | null> {
  const [row] = await db
    .select()
    .from(backupPartners)
    .where(and(eq(backupPartners.tokenHash, tokenHash), isNull(backupPartners.endedAt)));
  return row ?? null;
}

/** Stores a copy unless one is held for the same version; true when it was written. */
export async function insertCopy(db: Executor, values: Omit<CopyRow, 'receivedAt'> & { receivedAt: Date }) {
  const rows = await db
    .insert(backupCopies)
    .values(values)
    .onConflictDoNothing()
    .returning({ version: backupCopies.version });
  return rows.length > 0;
}

export async function findCopy(
  db: Executor,
  partnerId: string,
  passportId: string,
  version: number,
): Promise<CopyRow | null> {
  const [row] = await db
    .select()
    .from(backupCopies)
    .where(
      and(
        eq(backupCopies.partnerId, partnerId),
        eq(backupCopies.passportId, passportId),
        eq(backupCopies.version, version),
      ),
    );
  return row ?? null;
}

export type CopyKey =
  | { passportId: string; version?: number; partnerId?: string }
  | { productId: string; partnerId: string };

/**
 * The newest held copy a key names (or the asked version); when two partners hold the same version
 * of one passport, the one received first.
 */
export async function findHeldCopy(db: Executor, key: CopyKey): Promise<HeldCopy | null> {
  const conditions =
    'productId' in key
      ? [eq(backupCopies.productId, key.productId), eq(backupCopies.partnerId, key.partnerId)]
      : [
          eq(backupCopies.passportId, key.passportId),
          ...(key.version === undefined ? [] : [eq(backupCopies.version, key.version)]),
          ...(key.partnerId === undefined ? [] : [eq(backupCopies.partnerId, key.partnerId)]),
        ];
  const [row] = await db
    .select({ copy: backupCopies, originBaseUrl: backupPartners.originBaseUrl })
    .from(backupCopies)
    .innerJoin(backupPartners, eq(backupPartners.id, backupCopies.partnerId))
    .where(and(...conditions))
    .orderBy(desc(backupCopies.version), asc(backupCopies.receivedAt))
    .limit(1);
  return row ? { ...row.copy, originBaseUrl: row.originBaseUrl } : null;
}

/** Keeps a passport's units from an archive, unless some are kept already (the first stay). */
export async function insertUnits(
  db: Executor,
  values: { partnerId: string; passportId: string; unitsBox: string; receivedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(backupUnits)
    .values(values)
    .onConflictDoNothing()
    .returning({ passportId: backupUnits.passportId });
  return rows.length > 0;
}
