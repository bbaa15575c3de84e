// The owner's reads of one passport: its document with its parties, and its answer in one
// representation, kept beside the passport for the next read (renditions.ts). Apart from service.ts
// because it is the read side alone; keeping a rendition is an optimisation outside any transaction.
import type { ServiceContext } from '../../context.ts';
import { type Actor, assertOperatorScope } from '../../core/actor.ts';
import { notFound } from '../../core/errors.ts';
import type { Lang } from '../../core/i18n.ts';
import type { Representation } from '../../core/representations.ts';
import { parsePassportReference, productIdentity } from '../../domain/passports/identity.ts';
import { ownerAnnotations } from './backups.ts';
import { renderWithParties } from './documents.ts';
import * as renditionStore from './rendition-store.ts';
import { rendererFingerprint, variantOf } from './renditions.ts';
import * as store from './store.ts';
import { withMarkers } from './unconfirmed.ts';

/** The owner document of a passport, read with its operator and facility in one round trip. */
export async function readOwnerDocument(services: ServiceContext, actor: Actor, reference: string) {
  return readOwnerDocumentBy(services, actor, parsePassportReference(reference));
}

/** The owner document of the passport with this id, or with this productId (any GTIN length). */
export async function readOwnerDocumentBy(
  services: ServiceContext,
  actor: Actor,
  by: { id: string } | { productId: string },
) {
  return (await readOwnerFound(services, actor, ownerKey(by))).document;
}

export const ownerKey = (by: { id: string } | { productId: string }) =>
  'productId' in by ? { productId: productIdentity(by.productId)?.productId ?? by.productId } : by;

export async function readOwnerFound(
  services: ServiceContext,
  actor: Actor,
  key: { id: string } | { productId: string },
) {
  const found = await store.findPassportWithParties(services.db, actor.tenantId, key);
  if (!found) throw notFound('Passport not found');
  assertOperatorScope(actor, found.passport.operatorId, 'passport');
  return { found, document: renderWithParties(services.baseUrl, found) };
}

/**
 * The owner's read in one representation, as bytes: the answer kept beside the passport while it
 * is fresh (one round trip), else rendered now and kept for the next read (renditions.ts). Keeping
 * is an optimisation: a store that refuses the write (a full disk, a read-only replica) still
 * answers the read, and `keepFailed` hears why.
 */
export async function readOwnerAnswer(
  services: ServiceContext,
  actor: Actor,
  reference: string,
  representation: Representation,
  lang: Lang,
  keepFailed: (error: unknown) => void,
): Promise<string> {
  const key = ownerKey(parsePassportReference(reference));
  const variant = variantOf('owner', representation, lang);
  const fingerprint = representation.kept ? rendererFingerprint(representation, services.baseUrl) : null;
  if (fingerprint !== null) {
    const kept = await renditionStore.findKeptRendition(
      services.db,
      { by: key, tenantId: actor.tenantId, published: false },
      variant,
      fingerprint,
    );
    if (!kept) throw notFound('Passport not found');
    const inScope = actor.operatorId === null || actor.operatorId === kept.operatorId;
    if (kept.body !== null && inScope) return kept.body;
  }
  const { found, document } = await readOwnerFound(services, actor, key);
  // The version's hash and backup state beside the sealed document, on the owner's JSON forms only.
  const json = representation.type === 'application/json' || representation.type.endsWith('ld+json');
  const view = json
    ? withMarkers({ ...document, ...ownerAnnotations(found.passport) }, found.passport)
    : document;
  const subject = {
    kind: 'passport',
    view,
    full: view,
    tier: 'owner',
    tenantId: actor.tenantId,
  } as const;
  const body = await representation.render(subject, { lang, baseUrl: services.baseUrl });
  if (fingerprint !== null) {
    await renditionStore
      .keepRendition(services.db, {
        tenantId: actor.tenantId,
        passportId: found.passport.id,
        variant,
        rowsStamp: found.stamp,
        fingerprint,
        etag: '',
        body,
      })
      .catch(keepFailed);
  }
  return body;
}
