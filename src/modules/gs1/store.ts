// SQL for product key claims and GS1 Company Prefixes. Unlike every other store, these tables are
// keyed by the GS1 value, not by tenant: a key or a prefix has one holder across all workspaces.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { isDeadlock, isUniqueViolation } from '../../db/errors.ts';
import { gs1CompanyPrefixes, passports, productKeyClaims } from '../../db/schema.ts';

export interface ClaimRow {
  productKey: string;
  tenantId: string;
  passportId: string;
}

/**
 * Claims a key for a passport; false when another passport holds it. On PostgreSQL a claim another
 * transaction is writing makes this wait for its end: a commit answers false, a rollback true.
 */
/** The claim could not be decided: another uncommitted write holds the key (the transaction is spoilt). */
export class ClaimContendedError extends Error {}

/**
 * The claim written unless another workspace holds the longest of the key's prefix candidates, in
 * one statement (a create holds its workspace's quota lock meanwhile): the prefix's holder, if any,
 * and whether the claim was written (false: refused for the prefix, or the key already claimed).
 */
export async function claimUnlessPrefixHeld(
  db: Executor,
  claim: ClaimRow,
  candidates: readonly string[],
): Promise<{ prefixTenantId: string | null; written: boolean }> {
  const held =
    candidates.length === 0
      ? sql`select null::uuid as tenant_id where false`
      : sql`select ${gs1CompanyPrefixes.tenantId} as tenant_id from ${gs1CompanyPrefixes}
            where ${inArray(gs1CompanyPrefixes.prefix, [...candidates])}
            order by length(${gs1CompanyPrefixes.prefix}) desc limit 1`;
  try {
    const [row] = await queryRows<{ prefix_tenant_id: string | null; written: boolean }>(
      db,
      sql`with held as (${held}),
        written as (
          insert into ${productKeyClaims} (product_key, tenant_id, passport_id)
          select ${claim.productKey}, ${claim.tenantId}::uuid, ${claim.passportId}::uuid
          where not exists (select 1 from held where tenant_id <> ${claim.tenantId}::uuid)
          on conflict (product_key) do nothing
          returning 1)
        select (select tenant_id from held) as prefix_tenant_id, exists (select 1 from written) as written`,
    );
    return { prefixTenantId: row?.prefix_tenant_id ?? null, written: row?.written === true };
  } catch (error) {
    // Two bulk calls claiming the same keys in opposite orders wait on each other; PostgreSQL
    // ends one of them, whose key is then held by the other's uncommitted write.
    if (isDeadlock(error)) throw new ClaimContendedError();
    throw error;
  }
}

/** Whether the claim was written (false: the key is already claimed, by whichever workspace). */
async function insertClaim(db: Executor, claim: ClaimRow): Promise<boolean> {
  try {
    const rows = await db
      .insert(productKeyClaims)
      .values(claim)
      .onConflictDoNothing({ target: productKeyClaims.productKey })
      .returning({ productKey: productKeyClaims.productKey });
    return rows.length > 0;
  } catch (error) {
    if (isDeadlock(error)) throw new ClaimContendedError();
    throw error;
  }
}

export async function findClaim(db: Executor, productKey: string): Promise<ClaimRow | null> {
  const [row] = await db
    .select({
      productKey: productKeyClaims.productKey,
      tenantId: productKeyClaims.tenantId,
      passportId: productKeyClaims.passportId,
    })
    .from(productKeyClaims)
    .where(eq(productKeyClaims.productKey, productKey));
  return row ?? null;
}

/** Drops the claim a passport holds; answers the key it held, or null. */
export async function deleteClaimOf(db: Executor, tenantId: string, passportId: string) {
  const [row] = await db
    .delete(productKeyClaims)
    .where(and(eq(productKeyClaims.tenantId, tenantId), eq(productKeyClaims.passportId, passportId)))
    .returning({ productKey: productKeyClaims.productKey });
  return row?.productKey ?? null;
}

/**
 * Gives a released key to the earliest-created other passport that still carries it (only data
 * from before claims existed has one), so that a held key never becomes free while a passport
 * carries it.
 */
export async function handOverClaim(
  db: Executor,
  productKey: string,
  key: { productId: string; scheme: 'GTIN' | 'GRAI' },
  leaving: string,
): Promise<void> {
  const [next] = await db
    .select({ tenantId: passports.tenantId, passportId: passports.id })
    .from(passports)
    .where(
      and(
        eq(passports.productId, key.productId),
        eq(passports.productIdScheme, key.scheme),
        ne(passports.id, leaving),
      ),
    )
    .orderBy(asc(passports.createdAt), asc(passports.id))
    .limit(1);
  if (next) await insertClaim(db, { productKey, ...next });
}

/** The prefixes of these workspaces, each list in ascending order. */
export async function prefixesOf(db: Executor, tenantIds: readonly string[]) {
  const held = new Map<string, string[]>(tenantIds.map((id) => [id, []]));
  if (tenantIds.length === 0) return held;
  const rows = await db
    .select({ prefix: gs1CompanyPrefixes.prefix, tenantId: gs1CompanyPrefixes.tenantId })
    .from(gs1CompanyPrefixes)
    .where(inArray(gs1CompanyPrefixes.tenantId, [...tenantIds]))
    .orderBy(asc(gs1CompanyPrefixes.prefix));
  for (const row of rows) held.get(row.tenantId)?.push(row.prefix);
  return held;
}

export async function allPrefixes(db: Executor) {
  return db
    .select({ prefix: gs1CompanyPrefixes.prefix, tenantId: gs1CompanyPrefixes.tenantId })
    .from(gs1CompanyPrefixes);
}

export class PrefixHeldError extends Error {}

/**
 * Makes `prefixes` the workspace's whole set. A prefix another workspace holds is refused by the
 * primary key, so two workspaces asking for one prefix at once cannot both get it.
 */
export async function replacePrefixes(db: Executor, tenantId: string, prefixes: readonly string[]) {
  const current = (await prefixesOf(db, [tenantId])).get(tenantId) ?? [];
  const dropped = current.filter((prefix) => !prefixes.includes(prefix));
  const added = prefixes.filter((prefix) => !current.includes(prefix));
  if (dropped.length > 0) {
    await db
      .delete(gs1CompanyPrefixes)
      .where(and(eq(gs1CompanyPrefixes.tenantId, tenantId), inArray(gs1CompanyPrefixes.prefix, dropped)));
  }
  if (added.length === 0) return;
  try {
    await db.insert(gs1CompanyPrefixes).values(added.map((prefix) => ({ prefix, tenantId })));
  } catch (error) {
    if (isUniqueViolation(error)) throw new PrefixHeldError();
    throw error;
  }
}

/** Which of these prefixes other workspaces hold. */
export async function prefixesHeldElsewhere(db: Executor, tenantId: string, prefixes: readonly string[]) {
  if (prefixes.length === 0) return [];
  return db
    .select({ prefix: gs1CompanyPrefixes.prefix, tenantId: gs1CompanyPrefixes.tenantId })
    .from(gs1CompanyPrefixes)
    .where(and(inArray(gs1CompanyPrefixes.prefix, [...prefixes]), ne(gs1CompanyPrefixes.tenantId, tenantId)));
}

const productKey = sql<string>`case ${passports.productIdScheme} when 'GTIN' then '01/' else '8003/' end || ${passports.productId}`;
const isGs1Key = inArray(passports.productIdScheme, ['GTIN', 'GRAI']);

export interface KeyedPassport {
  productKey: string;
  tenantId: string;
  passportId: string;
  status: string;
  createdAt: Date;
  holdsClaim: boolean;
}

/**
 * Every passport whose GS1 key passports of more than one workspace carry (data from before the
 * claims), by key, earliest-created first.
 */
export async function passportsOfSharedKeys(db: Executor): Promise<KeyedPassport[]> {
  const shared = db
    .select({ productKey: sql<string>`${productKey}`.as('shared_key') })
    .from(passports)
    .where(isGs1Key)
    .groupBy(productKey)
    .having(sql`count(distinct ${passports.tenantId}) > 1`)
    .as('shared');
  return db
    .select({
      productKey,
      tenantId: passports.tenantId,
      passportId: passports.id,
      status: passports.status,
      createdAt: passports.createdAt,
      holdsClaim: sql<boolean>`${productKeyClaims.passportId} is not null`,
    })
    .from(passports)
    .innerJoin(shared, eq(shared.productKey, productKey))
    .leftJoin(
      productKeyClaims,
      and(eq(productKeyClaims.tenantId, passports.tenantId), eq(productKeyClaims.passportId, passports.id)),
    )
    .where(isGs1Key)
    .orderBy(productKey, asc(passports.createdAt), asc(passports.id));
}

/** GS1-keyed passports whose key begins with a prefix that another workspace holds. */
export async function passportsUnderOthersPrefixes(db: Executor) {
  return db
    .selectDistinct({
      productKey,
      tenantId: passports.tenantId,
      passportId: passports.id,
      createdAt: passports.createdAt,
    })
    .from(passports)
    .innerJoin(
      gs1CompanyPrefixes,
      and(
        ne(gs1CompanyPrefixes.tenantId, passports.tenantId),
        sql`substr(${passports.productId}, 2, 13) like ${gs1CompanyPrefixes.prefix} || '%'`,
      ),
    )
    .where(isGs1Key);
}
