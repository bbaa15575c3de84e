// Rendered passport answers kept in the store beside the passport (docs/resolution.md, "The read
// path"): which variant an answer is, the renderer's fingerprint, and the public answers resolution
// finds and keeps. The SQL that finds and keeps them is in rendition-store.ts: a read asks for the
// kept bytes of its variant in the same round trip that finds the passport; they come back only while
// their stamp equals the stamp of the rows as they are now. Apart from service.ts: the owner's read
// there and public resolution's reads here make their variants and fingerprints in this one place.
//
// The stamp is built from PostgreSQL's `xmin` of the passport, operator and facility rows: the id of
// the transaction that wrote each row's current version. Any UPDATE, by any code path on any
// instance, gives the row a new version and so a new stamp, which makes every rendition of the old
// state invisible at the moment the write commits. Nothing has to remember to invalidate.
import { createHash } from 'node:crypto';
import packageJson from '../../../package.json' with { type: 'json' };
import type { Lang } from '../../core/i18n.ts';
import type { PassportSubject, Representation } from '../../core/representations.ts';
import type { Executor } from '../../db/client.ts';
import { samplePassport } from '../../domain/passports/samples.ts';
import { tierView } from '../../domain/passports/tier-view.ts';
import { findKeptRendition, type KeptRendition, keepRendition } from './rendition-store.ts';

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

/** What a public answer is kept in: a representation that is kept (`kept`), in the reader's language. */
export interface PublicAnswerForm {
  representation: Representation;
  lang: Lang;
  baseUrl: string;
}

/**
 * The published passport a public read names (in one workspace, or with `tenantId` null in any), with
 * the answer kept for it in this form while that is fresh (`body` null when none is). Null when no
 * published passport has that key: the caller looks no further in the store.
 */
export function keptPublicAnswer(
  db: Executor,
  by: { id: string } | { productId: string },
  tenantId: string | null,
  { representation, lang, baseUrl }: PublicAnswerForm,
): Promise<KeptRendition | null> {
  return findKeptRendition(
    db,
    { by, tenantId, published: true },
    variantOf('public', representation, lang),
    rendererFingerprint(representation, baseUrl),
  );
}

/**
 * Keeps a public answer for the next reads, stamped with the rows it was rendered from (`stamp`, as
 * read with them): once any of them changes, it is never served again.
 */
export function keepPublicAnswer(
  db: Executor,
  read: { passport: { tenantId: string; id: string }; stamp: string },
  { representation, lang, baseUrl }: PublicAnswerForm,
  answer: { body: string; etag: string },
): Promise<void> {
  return keepRendition(db, {
    tenantId: read.passport.tenantId,
    passportId: read.passport.id,
    variant: variantOf('public', representation, lang),
    rowsStamp: read.stamp,
    fingerprint: rendererFingerprint(representation, baseUrl),
    ...answer,
  });
}
