// Issuing a subject's credential in one form: build the UNTP credential from the tier view, then
// sign it once per passport version, tier, key, form and unit (credentialCacheKey) and serve those
// bytes again: from memory, else from the store, else signed now and stored.
import { createHash } from 'node:crypto';
import type { ServiceContext } from '../../context.ts';
import type { PassportSubject, Subject, UnitFacts } from '../../core/representations.ts';
import type { AccessTier } from '../../domain/categories/types.ts';
import {
  buildDppCredential,
  type CredentialForm,
  type CredentialPassport,
  type CredentialSigningKey,
  credentialCacheKey,
  credentialContextUrl,
  type DppCredential,
  didWebFor,
  fieldPointers,
  issueSdJwtVc,
  revokes,
  signDataIntegrity,
  signVcJwt,
} from '../../domain/credentials/index.ts';
import { tierView } from '../../domain/passports/tier-view.ts';
import { credentialSigningKey } from '../seals/service.ts';
import { type CredentialCache, KEY_TTL_MS } from './cache.ts';
import { statusEntriesOf, statusIndexOf } from './status.ts';
import * as store from './store.ts';

const laterOf = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/** A subject as credentials need it: its model passport with the version, and the unit if any. */
interface Issuable {
  model: PassportSubject & { version: number };
  unit?: UnitFacts;
  tier: AccessTier;
  tenantId: string;
}

function issuable(subject: Subject): Issuable {
  const model = subject.kind === 'passport' ? subject : subject.model;
  const unit = subject.kind === 'unit' ? subject.unit : undefined;
  // Public resolution gives both; a subject without them is a wiring mistake, not a caller's.
  if (!model || model.version === undefined || (subject.kind === 'unit' && !unit)) {
    throw new Error('a credential needs the passport version (and the unit): resolve it publicly');
  }
  return {
    model: { ...model, version: model.version },
    ...(unit ? { unit } : {}),
    tier: subject.tier,
    tenantId: subject.tenantId,
  };
}

/** The unsigned credential of a subject as its tier sees it; `passportView` replaces the tier view. */
async function unsignedCredential(
  services: ServiceContext,
  cache: CredentialCache,
  subject: Issuable,
  passportView?: Record<string, unknown>,
): Promise<DppCredential> {
  const { baseUrl } = services;
  const { model, unit } = subject;
  const passportId = String(model.full.id);
  const passportStatus = String(model.full.status);
  const unitStatus = unit?.status ?? null;
  // A unit's credential carries the unit's own index, whose bits answer for its passport too.
  const index = await statusIndexOf(services, cache, {
    tenantId: subject.tenantId,
    passportId,
    unitId: unit?.id ?? null,
    version: model.version,
    ending: revokes({ passportStatus, unitStatus }),
  });
  // The version began when the live state was written; a unit's credential cannot precede the unit.
  const versionBegan = String(model.full.lastUpdated);
  const common = {
    // A tier view is the passport document with fields withheld, typed as an open record; CredentialPassport names what the credential reads of it.
    passport: (passportView ?? model.view) as unknown as CredentialPassport,
    tier: subject.tier,
    issuerDid: didWebFor(baseUrl, subject.tenantId),
    version: model.version,
    metadataContextUrl: credentialContextUrl(baseUrl),
    statusEntry: statusEntriesOf(baseUrl, subject.tenantId, index),
  };
  if (!unit) return buildDppCredential({ ...common, validFrom: versionBegan });
  const unitUrl = `${baseUrl}/unit/${unit.id}`;
  return buildDppCredential({
    ...common,
    unit: {
      id: unit.id,
      serialNumber: unit.serialNumber,
      digitalLinkUri: unit.digitalLinkUri ?? unitUrl,
      unitUrl,
      manufacturedAt: unit.manufacturedAt,
    },
    validFrom: laterOf(versionBegan, unit.createdAt),
  });
}

/** The workspace's active key, read from the store at most once a second per app. */
async function signingKey(
  services: ServiceContext,
  cache: CredentialCache,
  tenantId: string,
): Promise<CredentialSigningKey> {
  const now = performance.now();
  const remembered = cache.keys.get(tenantId);
  if (remembered && now - remembered.at < KEY_TTL_MS) return remembered.key;
  const key = await credentialSigningKey(services, tenantId);
  cache.keys.set(tenantId, { key, at: now });
  return key;
}

const secondPrecision = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/** The JSON pointers of what the public tier shows of the same passport version. */
async function publicFields(
  services: ServiceContext,
  cache: CredentialCache,
  subject: Issuable,
): Promise<string[]> {
  const { full } = subject.model;
  const view = tierView(full, 'public', {
    requestAccessUrl: `${services.baseUrl}/request-access/${String(full.id)}`,
  });
  const credential = await unsignedCredential(services, cache, { ...subject, tier: 'public' }, view);
  return fieldPointers(credential);
}

async function sign(
  services: ServiceContext,
  cache: CredentialCache,
  subject: Issuable,
  form: CredentialForm,
  credential: DppCredential,
  key: CredentialSigningKey,
): Promise<string> {
  if (form === 'vc+jwt') return signVcJwt(credential, key);
  if (form === 'vc+ld+json') {
    const created = secondPrecision(services.clock());
    return JSON.stringify(signDataIntegrity(credential, key, { created }));
  }
  if (subject.unit) throw new TypeError('SD-JWT VC is offered for passports only');
  return issueSdJwtVc(credential, key, { publicFields: await publicFields(services, cache, subject) });
}

/**
 * The signed credential of a subject in a form, issued once per passport version, tier, key, form
 * and unit. A stored or remembered credential is reused only when it signs the same content.
 */
export async function issueCredential(
  services: ServiceContext,
  cache: CredentialCache,
  resolved: Subject,
  form: CredentialForm,
): Promise<string> {
  const subject = issuable(resolved);
  const { model, unit } = subject;
  const [credential, key] = await Promise.all([
    unsignedCredential(services, cache, subject),
    signingKey(services, cache, subject.tenantId),
  ]);
  // The SD-JWT's public fields stay out of the fingerprint (they are worked out only when signing):
  // they come from the same passport version as the credential, masked further.
  const fingerprint = createHash('sha256').update(JSON.stringify(credential)).digest('base64url');
  const cacheKey = credentialCacheKey({
    passportId: String(model.full.id),
    version: model.version,
    tier: subject.tier,
    kid: key.kid,
    form,
    ...(unit ? { unitId: unit.id } : {}),
  });
  const memo = `${subject.tenantId}|${cacheKey}`;
  const remembered = cache.issued.get(memo);
  if (remembered?.fingerprint === fingerprint) return remembered.body;
  const stored = await store.findIssued(services.db, subject.tenantId, cacheKey);
  let body: string;
  if (stored?.fingerprint === fingerprint) body = stored.body;
  else {
    const signed = await sign(services, cache, subject, form, credential, key);
    body = await store.saveIssued(services.db, {
      tenantId: subject.tenantId,
      cacheKey,
      fingerprint,
      body: signed,
    });
  }
  cache.issued.set(memo, { fingerprint, body });
  return body;
}
