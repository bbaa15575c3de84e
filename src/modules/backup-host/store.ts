// SQL of the backup host: partners, their copies and units, and which partner holds each passport
// id. Node-wide tables keyed by the partner (docs/backup.md); copies and units are only ever
// inserted, and deleted only with their partner.
import { and, asc, count, desc, eq, isNull, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  backupCopies,
  backupHostAudit,
  backupPartners,
  backupPassportHolders,
  backupUnits,
} from '../../db/schema.ts';

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

/**
 * Claims a passport id for a partner unless another holds it, and answers the holder. Inside a
 * transaction the holder's row stays locked until it ends: the primary key settles two partners
 * claiming a new id at once (the second insert waits for the first and then finds its row), and the
 * lock keeps one passport's pushes in turn, so each sees the versions the one before it stored.
 */
export async function claimPassport(
  db: Executor,
  passportId: string,
  partnerId: string,
  at: Date,
): Promise<string> {
  await db
    .insert(backupPassportHolders)
    .values({ passportId, partnerId, claimedAt: at })
    .onConflictDoNothing();
  const [row] = await db
    .select({ partnerId: backupPassportHolders.partnerId })
    .from(backupPassportHolders)
    .where(eq(backupPassportHolders.passportId, passportId))
    .for('update');
  if (!row) throw new Error('the claim of a passport id left no row');
  return row.partnerId;
}

/** The newest version of a passport a partner holds, or null when it holds none. */
export async function newestVersion(
  db: Executor,
  partnerId: string,
  passportId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ newest: max(backupCopies.version) })
    .from(backupCopies)
    .where(and(eq(backupCopies.partnerId, partnerId), eq(backupCopies.passportId, passportId)));
  return row?.newest ?? null;
}

/** A copy as the partner's list shows it: `held` when the partner holds the passport id. */
export type ListedCopy = Pick<CopyRow, 'passportId' | 'version' | 'versionHash' | 'receivedAt'> & {
  held: boolean;
};

/** One page of a partner's copies, by passport and version, and how many it has in all. */
export async function listPartnerCopies(db: Executor, partnerId: string, limit: number, offset: number) {
  const rows = await db
    .select({
      passportId: backupCopies.passportId,
      version: backupCopies.version,
      versionHash: backupCopies.versionHash,
      receivedAt: backupCopies.receivedAt,
      holder: backupPassportHolders.partnerId,
    })
    .from(backupCopies)
    .leftJoin(backupPassportHolders, eq(backupPassportHolders.passportId, backupCopies.passportId))
    .where(eq(backupCopies.partnerId, partnerId))
    .orderBy(asc(backupCopies.passportId), asc(backupCopies.version))
    .limit(limit)
    .offset(offset);
  const copies: ListedCopy[] = rows.map(({ holder, ...row }) => ({ ...row, held: holder === partnerId }));
  return { copies, total: await countCopies(db, partnerId) };
}

/**
 * Deletes a partner with its copies, units and the passport ids it holds (which another partner may
 * then hold); answers how many copies and units went, or null when there is no such partner.
 */
export async function deletePartner(db: Executor, id: string) {
  const units = await db
    .delete(backupUnits)
    .where(eq(backupUnits.partnerId, id))
    .returning({ passportId: backupUnits.passportId });
  const copies = await db
    .delete(backupCopies)
    .where(eq(backupCopies.partnerId, id))
    .returning({ version: backupCopies.version });
  await db.delete(backupPassportHolders).where(eq(backupPassportHolders.partnerId, id));
  const partners = await db
    .delete(backupPartners)
    .where(eq(backupPartners.id, id))
    .returning({ id: backupPartners.id });
  return partners.length === 0 ? null : { copies: copies.length, units: units.length };
}

export async function insertAudit(db: Executor, values: typeof backupHostAudit.$inferInsert): Promise<void> {
  await db.insert(backupHostAudit).values(values);
}

export type CopyKey =
  | { passportId: string; version?: number; partnerId?: string }
  | { productId: string; partnerId: string };

/**
 * The newest copy a key names (or the asked version), of the partner that holds the passport id:
 * another partner's copies of that id are never answered. With `partnerId`, only when it is the
 * holder.
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
    .innerJoin(
      backupPassportHolders,
      and(
        eq(backupPassportHolders.passportId, backupCopies.passportId),
        eq(backupPassportHolders.partnerId, backupCopies.partnerId),
      ),
    )
    .innerJoin(backupPartners, eq(backupPartners.id, backupCopies.partnerId))
    .where(and(...conditions))
    .orderBy(desc(backupCopies.version))
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
