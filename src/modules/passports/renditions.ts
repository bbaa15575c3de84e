// Rendered passport answers kept in the store beside the passport (docs/resolution.md, "The read
// path"). A read asks for the kept bytes of its variant in the same round trip that finds the
// passport; they come back only while their stamp equals the stamp of the rows as they are now.
//
// The stamp is built from PostgreSQL's `xmin` of the passport, operator and facility rows: the id of
// the transaction that wrote each row's current version. Any UPDATE, by any code path on any
// instance, gives the row a new version and so a new stamp, which makes every rendition of the old
// state invisible at the moment the write commits. Nothing has to remember to invalidate.
import { createHash } from 'node:crypto';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import packageJson from '../../../package.json' with { type: 'json' };
import type { Lang } from '../../core/i18n.ts';
import type { PassportSubject, Representation } from '../../core/representations.ts';
import { type Executor, prepared } from '../../db/client.ts';
import { facilities, operators, passportRenditions, passports } from '../../db/schema.ts';
import { isUuid } from '../../domain/ids.ts';
import { samplePassport } from '../../domain/passports/samples.ts';
import { tierView } from '../../domain/passports/tier-view.ts';

/** The current row versions of a passport, its operator and its facility, as one string. */
export const rowsStamp: SQL<string> = sql<string>`${passports}.xmin::text || '.' || ${operators}.xmin::text || '.' || coalesce(${facilities}.xmin::text, '-')`;

/** What tells renditions apart: the tier, the media type and, when the bytes differ by it, the language. */
export const variantOf = (tier: string, representation: Representation, lang: Lang) =>
  `${tier}|${representation.type}|${representation.localised ? lang : ''}`;

const fingerprints = new WeakMap<Representation, Map<string, string>>();

/**
 * What the renderer itself contributes to a stamp: the node's version, the base URL and the bytes
 * this representation makes of a fixed sample passport in two tiers. A deployment whose rendering
 * differs in any of them (a release, another base URL, a change to a template) does not serve the
 * renditions kept by the previous one. Computed once per representation and base URL.
 */
export function rendererFingerprint(representation: Representation, baseUrl: string): string {
  let byBase = fingerprints.get(representation);
  if (!byBase) {
    byBase = new Map();
    fingerprints.set(representation, byBase);
  }
  const known = byBase.get(baseUrl);
  if (known) return known;
  const hash = createHash('sha256').update(`${packageJson.version}\n${baseUrl}\n${representation.type}\n`);
  const full = samplePassport('batteries', { baseUrl }) as PassportSubject['view'];
  for (const tier of ['public', 'owner'] as const) {
    const view = tierView(full as never, tier, { requestAccessUrl: `${baseUrl}/request-access/sample` });
    const subject: PassportSubject = { kind: 'passport', view, full, tier, tenantId: 'sample', version: 1 };
    const rendered = representation.render(subject, { lang: 'en', baseUrl });
    if (typeof rendered !== 'string') throw new Error(`${representation.type} renders asynchronously`);
    hash.update(rendered);
  }
  const fingerprint = hash.digest('base64url').slice(0, 16);
  byBase.set(baseUrl, fingerprint);
  return fingerprint;
}

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

const CONTROL_CHARACTER = /\p{Cc}/u;

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
    .innerJoin(
      operators,
      and(eq(operators.tenantId, passports.tenantId), eq(operators.id, passports.operatorId)),
    )
    .leftJoin(
      facilities,
      and(eq(facilities.tenantId, passports.tenantId), eq(facilities.id, passports.facilityId)),
    )
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
