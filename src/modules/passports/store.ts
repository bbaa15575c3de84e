// SQL for passports and their archived versions. Tenant first, always.

import {
  and,
  asc,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { conflict } from '../../core/errors.ts';
import { type Executor, prepared } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { facilityOfPassport, operatorOfPassport } from '../../db/passport-parties.ts';
import {
  batteryUnits,
  facilities,
  operators,
  passports,
  passportVersions,
  tenants,
} from '../../db/schema.ts';
import { isUuid } from '../../domain/ids.ts';
import type { PassportStatus } from '../../domain/passports/lifecycle.ts';

export type PassportRow = typeof passports.$inferSelect;
export type NewPassport = Omit<typeof passports.$inferInsert, 'id' | 'version'> & { id?: string };
export type VersionRow = typeof passportVersions.$inferSelect;

// The stamp of kept renditions (renditions.ts): PostgreSQL's `xmin` of each row, which any write changes.
/** The current row versions of a passport, its operator and its facility, as one string. */
export const rowsStamp: SQL<string> = sql<string>`${passports}.xmin::text || '.' || ${operators}.xmin::text || '.' || coalesce(${facilities}.xmin::text, '-')`;

const duplicate = (productId: string) =>
  conflict(`A passport for productId ${productId} already exists in this workspace`);

export async function insertPassport(db: Executor, values: NewPassport): Promise<PassportRow> {
  try {
    const [row] = await db.insert(passports).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(values.productId);
    throw error;
  }
}

const byId = (db: Executor) =>
  db
    .select()
    .from(passports)
    .where(and(eq(passports.tenantId, sql.placeholder('tenantId')), eq(passports.id, sql.placeholder('id'))))
    .prepare('passport_by_id');
const byProductId = (db: Executor) =>
  db
    .select()
    .from(passports)
    .where(
      and(
        eq(passports.tenantId, sql.placeholder('tenantId')),
        eq(passports.productId, sql.placeholder('productId')),
      ),
    )
    .prepare('passport_by_product');

export const CONTROL_CHARACTER = /\p{Cc}/u;

export async function findPassport(
  db: Executor,
  tenantId: string,
  by: { id: string } | { productId: string },
  lock = false,
): Promise<PassportRow | null> {
  // No identifier we issue holds a control character, and PostgreSQL text cannot even hold NUL.
  if (CONTROL_CHARACTER.test('id' in by ? by.id : by.productId)) return null;
  if (lock) {
    const where =
      'id' in by
        ? and(eq(passports.tenantId, tenantId), eq(passports.id, by.id))
        : and(eq(passports.tenantId, tenantId), eq(passports.productId, by.productId));
    const [row] = await db.select().from(passports).where(where).for('update');
    return row ?? null;
  }
  const [row] =
    'id' in by
      ? await prepared(db, 'passport_by_id', byId).execute({ tenantId, id: by.id })
      : await prepared(db, 'passport_by_product', byProductId).execute({ tenantId, productId: by.productId });
  return row ?? null;
}

// The owner read renders a passport with its operator and facility. It is the hottest authenticated
// read, so it fetches all three in one round trip: the one place this store joins the tables of the
// operators and facilities modules (their rows are turned into records by those modules' code).
const fromPassportsWithParties = (db: Executor) =>
  db
    .select({ passport: passports, operator: operators, facility: facilities, stamp: rowsStamp })
    .from(passports)
    .innerJoin(operators, operatorOfPassport)
    .leftJoin(facilities, facilityOfPassport);

const byKey = (by: 'id' | 'productId') =>
  by === 'id'
    ? eq(passports.id, sql.placeholder('value'))
    : eq(passports.productId, sql.placeholder('value'));

const withParties = (by: 'id' | 'productId') => (db: Executor) =>
  fromPassportsWithParties(db)
    .where(and(eq(passports.tenantId, sql.placeholder('tenantId')), byKey(by)))
    .prepare(`passport_with_parties_by_${by}`);

export async function findPassportWithParties(
  db: Executor,
  tenantId: string,
  by: { id: string } | { productId: string },
) {
  const value = 'id' in by ? by.id : by.productId;
  if (CONTROL_CHARACTER.test(value)) return null;
  const kind = 'id' in by ? 'id' : 'productId';
  const [row] = await prepared(db, `passport_with_parties_by_${kind}`, withParties(kind)).execute({
    tenantId,
    value,
  });
  return row ?? null;
}

export async function updatePassport(
  db: Executor,
  tenantId: string,
  id: string,
  changes: Partial<typeof passports.$inferInsert>,
): Promise<PassportRow> {
  try {
    const [row] = await db
      .update(passports)
      .set(changes)
      .where(and(eq(passports.tenantId, tenantId), eq(passports.id, id)))
      .returning();
    if (!row) throw new Error('passport vanished during update');
    return row;
  } catch (error) {
    if (isUniqueViolation(error) && changes.productId) throw duplicate(changes.productId);
    throw error;
  }
}

/** What an operator or facility change reaches: the passports that show the party. */
export type PartyReach = { operatorId: string } | { facilityId: string };

/**
 * Locks the passports showing an operator or a facility for the rest of the transaction, so that
 * none is sealed while the party changes under it, and answers the ids of the sealed ones. In id
 * order, so two such changes queue rather than deadlock.
 */
export async function lockPassportsShowing(
  db: Executor,
  tenantId: string,
  reach: PartyReach,
): Promise<string[]> {
  const party =
    'operatorId' in reach
      ? eq(passports.operatorId, reach.operatorId)
      : eq(passports.facilityId, reach.facilityId);
  const rows = await db
    .select({ id: passports.id, sealed: sql<boolean>`${passports.digitalSeal} is not null` })
    .from(passports)
    .where(and(eq(passports.tenantId, tenantId), party))
    .orderBy(asc(passports.id))
    .for('update');
  return rows.filter((row) => row.sealed).map((row) => row.id);
}

/** The passports with these ids, in id order. */
export async function findPassportsByIds(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<PassportRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(passports)
    .where(and(eq(passports.tenantId, tenantId), inArray(passports.id, [...ids])))
    .orderBy(asc(passports.id));
}

export async function deletePassport(db: Executor, tenantId: string, id: string): Promise<void> {
  try {
    await db.delete(passports).where(and(eq(passports.tenantId, tenantId), eq(passports.id, id)));
  } catch (error) {
    // Battery units reference their passport and are never deleted (see docs/units.md).
    if (isForeignKeyViolation(error))
      throw conflict('This draft has serialised battery units and cannot be deleted');
    throw error;
  }
}

/**
 * The ids of the passports with these productIds (already normalised), optionally of one operator
 * only. Unknown productIds have no row.
 */
export async function findIdsByProductIds(
  db: Executor,
  tenantId: string,
  productIds: readonly string[],
  operatorId: string | null,
): Promise<{ id: string; productId: string }[]> {
  const usable = productIds.filter((productId) => !CONTROL_CHARACTER.test(productId));
  if (usable.length === 0) return [];
  return db
    .select({ id: passports.id, productId: passports.productId })
    .from(passports)
    .where(
      and(
        eq(passports.tenantId, tenantId),
        inArray(passports.productId, usable),
        operatorId ? eq(passports.operatorId, operatorId) : undefined,
      ),
    );
}

export interface ListFilter {
  category?: string;
  status?: PassportStatus;
  operatorId?: string;
  q?: string;
}

function listWhere(tenantId: string, filter: ListFilter): SQL | undefined {
  const escaped = filter.q?.replace(/[\\%_]/g, (match) => `\\${match}`);
  return and(
    eq(passports.tenantId, tenantId),
    filter.category ? eq(passports.category, filter.category) : undefined,
    filter.status ? eq(passports.status, filter.status) : undefined,
    filter.operatorId ? eq(passports.operatorId, filter.operatorId) : undefined,
    escaped ? matchesSearch(tenantId, `%${escaped}%`) : undefined,
  );
}

/**
 * `q`: part of the productId, of the product's name (the category's name fields, the ones
 * key-figures.ts#productName reads) or of a serial number of one of the passport's units.
 */
function matchesSearch(tenantId: string, pattern: string): SQL | undefined {
  return or(
    ilike(passports.productId, pattern),
    sql`${passports.metadata} #>> '{generalInformation,batteryModel}' ilike ${pattern}`,
    sql`${passports.metadata} #>> '{productInformation,productName}' ilike ${pattern}`,
    sql`${passports.metadata} #>> '{productInformation,tradeName}' ilike ${pattern}`,
    sql`${passports.metadata} ->> 'productName' ilike ${pattern}`,
    sql`exists (select 1 from ${batteryUnits} where ${batteryUnits.tenantId} = ${tenantId}
      and ${batteryUnits.passportId} = ${passports.id} and ${batteryUnits.serialNumber} ilike ${pattern})`,
  );
}

export async function listPassports(
  db: Executor,
  tenantId: string,
  filter: ListFilter,
  limit: number,
  offset: number,
) {
  const where = listWhere(tenantId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(passports)
      .where(where)
      .orderBy(desc(passports.createdAt), desc(passports.id))
      .limit(limit)
      .offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(passports).where(where),
  ]);
  return { rows, total: total?.count ?? 0 };
}

/** The workspace's quota state, locked for the rest of the transaction so concurrent creates queue. */
export async function lockQuota(db: Executor, tenantId: string) {
  const [row] = await db
    .select({ limit: tenants.passportLimit, active: tenants.activePassports })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .for('update');
  return row ?? { limit: 0, active: 0 };
}

export async function insertVersion(db: Executor, values: VersionRow): Promise<void> {
  await db.insert(passportVersions).values(values);
}

export async function listVersions(
  db: Executor,
  tenantId: string,
  passportId: string,
  limit: number,
  offset: number,
) {
  const where = and(eq(passportVersions.tenantId, tenantId), eq(passportVersions.passportId, passportId));
  return db
    .select({
      version: passportVersions.version,
      validUntil: passportVersions.validUntil,
      recordedAt: passportVersions.recordedAt,
      changedBy: passportVersions.changedBy,
      changeReason: passportVersions.changeReason,
      versionHash: passportVersions.versionHash,
      backupUri: passportVersions.backupUri,
    })
    .from(passportVersions)
    .where(where)
    .orderBy(desc(passportVersions.version))
    .limit(limit)
    .offset(offset);
}

export async function findVersion(db: Executor, tenantId: string, passportId: string, version: number) {
  const [row] = await db
    .select()
    .from(passportVersions)
    .where(
      and(
        eq(passportVersions.tenantId, tenantId),
        eq(passportVersions.passportId, passportId),
        eq(passportVersions.version, version),
      ),
    );
  return row ?? null;
}

/** The archived version whose span holds `at`: recorded at or before it, replaced after it. */
export async function findVersionAt(db: Executor, tenantId: string, passportId: string, at: Date) {
  const [row] = await db
    .select()
    .from(passportVersions)
    .where(
      and(
        eq(passportVersions.tenantId, tenantId),
        eq(passportVersions.passportId, passportId),
        gt(passportVersions.validUntil, at),
        lte(passportVersions.recordedAt, at),
      ),
    )
    .orderBy(asc(passportVersions.version))
    .limit(1);
  return row ?? null;
}

// Public resolution reads a passport with its parties in one round trip too, before it knows the
// workspace (a workspace host narrows it to one): the first published passport of the key.
const publishedWithParties = (by: 'id' | 'productId', tenant: boolean) => (db: Executor) =>
  fromPassportsWithParties(db)
    .where(
      and(
        byKey(by),
        ne(passports.status, 'DRAFT'),
        tenant ? eq(passports.tenantId, sql.placeholder('tenantId')) : undefined,
      ),
    )
    .orderBy(asc(passports.createdAt))
    .limit(1)
    .prepare(`published_with_parties_by_${by}${tenant ? '_in_tenant' : ''}`);

export async function findPublishedWithParties(
  db: Executor,
  by: { id: string } | { productId: string },
  tenantId: string | null,
) {
  if ('id' in by && !isUuid(by.id)) return null;
  const value = 'id' in by ? by.id : by.productId;
  if (CONTROL_CHARACTER.test(value)) return null;
  const kind = 'id' in by ? 'id' : 'productId';
  const query = prepared(
    db,
    `published_with_parties_by_${kind}${tenantId ? '_in_tenant' : ''}`,
    publishedWithParties(kind, tenantId !== null),
  );
  const [row] = await query.execute(tenantId ? { value, tenantId } : { value });
  return row ?? null;
}

/**
 * A published (not DRAFT) passport by id or product id, for public resolution: in one workspace,
 * or, without one, in any; when several workspaces hold the product id, the first to create it wins.
 */
export async function findPublishedPassport(
  db: Executor,
  by: { id: string } | { productId: string },
  tenantId: string | null,
): Promise<PassportRow | null> {
  if ('id' in by && !isUuid(by.id)) return null;
  if (CONTROL_CHARACTER.test('id' in by ? by.id : by.productId)) return null;
  const [row] = await db
    .select()
    .from(passports)
    .where(
      and(
        'id' in by ? eq(passports.id, by.id) : eq(passports.productId, by.productId),
        ne(passports.status, 'DRAFT'),
        tenantId ? eq(passports.tenantId, tenantId) : undefined,
      ),
    )
    .orderBy(asc(passports.createdAt))
    .limit(1);
  return row ?? null;
}

// What the parties module needs of passports when an operator is archived, restored or deleted,
// or a facility deleted.

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

/** The hash kept with an archived version; null when it was not sealed or does not exist. */
export async function archivedVersionHash(
  db: Executor,
  tenantId: string,
  passportId: string,
  version: number,
) {
  const [row] = await db
    .select({ versionHash: passportVersions.versionHash })
    .from(passportVersions)
    .where(
      and(
        eq(passportVersions.tenantId, tenantId),
        eq(passportVersions.passportId, passportId),
        eq(passportVersions.version, version),
      ),
    );
  return row?.versionHash ?? null;
}

/** The ids of a workspace's passports other than drafts (of one operator when named), oldest first. */
export async function publishedIds(
  db: Executor,
  tenantId: string,
  operatorId: string | null,
): Promise<string[]> {
  const rows = await db
    .select({ id: passports.id })
    .from(passports)
    .where(
      and(
        eq(passports.tenantId, tenantId),
        ne(passports.status, 'DRAFT'),
        operatorId === null ? undefined : eq(passports.operatorId, operatorId),
      ),
    )
    .orderBy(asc(passports.createdAt), asc(passports.id));
  return rows.map((row) => row.id);
}
