// SQL of kept renditions (renditions.ts): found with the passport in one round trip, kept after a
// render. Apart from store.ts, which holds the passports and their versions.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type Executor, prepared } from '../../db/client.ts';
import { facilityOfPassport, operatorOfPassport } from '../../db/passport-parties.ts';
import { facilities, operators, passportRenditions, passports } from '../../db/schema.ts';
import { isUuid } from '../../domain/ids.ts';
import { CONTROL_CHARACTER, rowsStamp } from './store.ts';

/** Which passport a read names, and where it may look. */
export interface RenditionKey {
  by: { id: string } | { productId: string };
  /** The workspace; null looks in every workspace (public resolution on the node's own host). */
  tenantId: string | null;
  /** Public reads see no drafts and, for a key held by several workspaces, the first to create it. */
  published: boolean;
}

export interface KeptRendition {
  tenantId: string;
  passportId: string;
  operatorId: string;
  /** The kept answer, or null when none is fresh for this variant. */
  body: string | null;
  etag: string | null;
}

const freshQuery = (by: 'id' | 'productId', tenant: boolean, published: boolean) => (db: Executor) =>
  db
    .select({
      tenantId: passports.tenantId,
      passportId: passports.id,
      operatorId: passports.operatorId,
      body: passportRenditions.body,
      etag: passportRenditions.etag,
    })
    .from(passports)
    .innerJoin(operators, operatorOfPassport)
    .leftJoin(facilities, facilityOfPassport)
    .leftJoin(
      passportRenditions,
      and(
        eq(passportRenditions.tenantId, passports.tenantId),
        eq(passportRenditions.passportId, passports.id),
        eq(passportRenditions.variant, sql.placeholder('variant')),
        eq(passportRenditions.stamp, sql`${rowsStamp} || '.' || ${sql.placeholder('fingerprint')}`),
      ),
    )
    .where(
      and(
        by === 'id'
          ? eq(passports.id, sql.placeholder('value'))
          : eq(passports.productId, sql.placeholder('value')),
        tenant ? eq(passports.tenantId, sql.placeholder('tenantId')) : undefined,
        published ? ne(passports.status, 'DRAFT') : undefined,
      ),
    )
    .orderBy(asc(passports.createdAt))
    .limit(1)
    .prepare(`fresh_rendition_${by}${tenant ? '_in_tenant' : ''}${published ? '_published' : ''}`);

/**
 * The passport a read names, with its kept answer in `variant` when that is fresh. Null when no
 * passport matches: the caller answers 404 without a second query.
 */
export async function findKeptRendition(
  db: Executor,
  key: RenditionKey,
  variant: string,
  fingerprint: string,
): Promise<KeptRendition | null> {
  const value = 'id' in key.by ? key.by.id : key.by.productId;
  if ('id' in key.by && !isUuid(value)) return null;
  if (CONTROL_CHARACTER.test(value)) return null;
  const kind = 'id' in key.by ? 'id' : 'productId';
  const tenant = key.tenantId !== null;
  const query = prepared(
    db,
    `fresh_rendition_${kind}${tenant ? '_in_tenant' : ''}${key.published ? '_published' : ''}`,
    freshQuery(kind, tenant, key.published),
  );
  const [row] = await query.execute({
    value,
    variant,
    fingerprint,
    ...(tenant ? { tenantId: key.tenantId } : {}),
  });
  return row ?? null;
}

export interface Rendition {
  tenantId: string;
  passportId: string;
  variant: string;
  /** The stamp of the rows rendered (as read with them), without the renderer's fingerprint. */
  rowsStamp: string;
  fingerprint: string;
  etag: string;
  body: string;
}

/**
 * Keeps an answer for later reads. A rendition of rows that changed meanwhile is kept with their old
 * stamp, so it is never served; the next read renders again.
 */
export async function keepRendition(db: Executor, rendition: Rendition): Promise<void> {
  const stamp = `${rendition.rowsStamp}.${rendition.fingerprint}`;
  await db
    .insert(passportRenditions)
    .values({
      tenantId: rendition.tenantId,
      passportId: rendition.passportId,
      variant: rendition.variant,
      stamp,
      etag: rendition.etag,
      body: rendition.body,
    })
    .onConflictDoUpdate({
      target: [passportRenditions.tenantId, passportRenditions.passportId, passportRenditions.variant],
      set: { stamp, etag: rendition.etag, body: rendition.body },
    });
}
