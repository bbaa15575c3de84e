// Access requests from the hosted page: a third party asks for a grant on one passport; the request
// waits as a pending grant for the workspace to approve or deny it. The requester follows it through
// a private status link (its secret is stored as a hash only) and, once approved, collects the
// token there exactly once: it is kept sealed under the master key until then, and erased after.
// Apart from service.ts: the public page's flow has secrets of its own and no API actor.
import type { ServiceContext } from '../../context.ts';
import { hashToken, sameHash } from '../../domain/auth/api-token.ts';
import { type GrantTier, generateRequestSecret } from '../../domain/auth/grant-token.ts';
import { decryptSecret } from '../../domain/crypto/secret-box.ts';
import { isUuid } from '../../domain/ids.ts';
import { recordChange } from '../audit/service.ts';
import { findPublishedById } from '../passports/service.ts';
import * as store from './store.ts';

/** Who asks, in the words of the form. */
export const REQUESTER_ROLES = [
  'repairer',
  'recycler',
  'remanufacturer',
  'market-surveillance-authority',
  'notified-body',
  'customs',
  'other',
] as const;
export type RequesterRole = (typeof REQUESTER_ROLES)[number];

// Bodies the Battery Regulation gives the authority tier (Annex XIII(4)): market surveillance,
// notified bodies, and customs acting as market surveillance at the border.
const AUTHORITY_ROLES: ReadonlySet<RequesterRole> = new Set([
  'market-surveillance-authority',
  'notified-body',
  'customs',
]);

export const tierForRole = (role: RequesterRole): GrantTier =>
  AUTHORITY_ROLES.has(role) ? 'authority' : 'legitimate-interest';

export interface AccessRequestForm {
  organisation: string;
  role: RequesterRole;
  name: string;
  email: string;
  purpose: string;
}

const REQUEST_PAGE = 'request-page';

/** The sealed box of a requested grant's token, bound to its row so that it opens nowhere else. */
export const tokenBoxContext = (tenantId: string, id: string) => `grant-token:${tenantId}:${id}`;

/** A passport a third party may ask about: it exists and is not a draft. */
export async function requestablePassport(services: ServiceContext, passportId: string) {
  if (!isUuid(passportId)) return null;
  return findPublishedById(services.db, passportId.toLowerCase());
}

/** Creates a pending request; null when the passport cannot be asked about. */
export async function createAccessRequest(
  services: ServiceContext,
  passportId: string,
  form: AccessRequestForm,
) {
  const passport = await requestablePassport(services, passportId);
  if (!passport) return null;
  const now = services.clock();
  const { secret, hash } = generateRequestSecret();
  const tier = tierForRole(form.role);
  const row = await services.db.transaction(async (tx) => {
    const created = await store.insertGrant(tx, {
      tenantId: passport.tenantId,
      passportId: passport.id,
      operatorId: null,
      tier,
      status: 'pending',
      origin: 'requested',
      grantee: { name: form.name, email: form.email, organisation: form.organisation, role: form.role },
      purpose: form.purpose,
      expiresAt: null,
      requestSecretHash: hash,
      createdBy: REQUEST_PAGE,
    });
    await recordChange(
      tx,
      passport.tenantId,
      REQUEST_PAGE,
      now,
      {
        action: 'grant.requested',
        subjectType: 'grant',
        subjectId: created.id,
        details: { tier, passportId: passport.id, organisation: form.organisation, role: form.role },
      },
      {
        kind: 'grant.requested',
        message: `${form.organisation} asks for ${tier} access to passport ${passport.productId}`,
        details: { grantId: created.id, passportId: passport.id },
      },
    );
    return created;
  });
  return { requestId: row.id, secret, tier, productId: passport.productId };
}

export type RequestState =
  | 'pending'
  | 'denied'
  | 'revoked'
  | 'expired'
  | 'ready'
  | 'collected'
  | 'unavailable';

export interface RequestStatus {
  requestId: string;
  passportId: string;
  tier: GrantTier;
  state: RequestState;
  expiresAt: string | null;
}

async function findRequest(services: ServiceContext, requestId: string, key: string, lock = false) {
  if (!isUuid(requestId) || key === '') return null;
  const row = await store.findGrantById(services.db, requestId.toLowerCase(), lock);
  if (!row || row.requestSecretHash === null) return null;
  return sameHash(hashToken(key), row.requestSecretHash) ? row : null;
}

function stateOf(row: store.GrantRow, now: Date): RequestState {
  if (row.status === 'pending' || row.status === 'denied' || row.status === 'revoked') return row.status;
  if (row.expiresAt !== null && row.expiresAt <= now) return 'expired';
  if (row.collectedAt !== null) return 'collected';
  return row.tokenBox !== null ? 'ready' : 'unavailable';
}

const statusOf = (row: store.GrantRow, now: Date): RequestStatus => ({
  requestId: row.id,
  passportId: row.passportId ?? '',
  tier: row.tier as GrantTier,
  state: stateOf(row, now),
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** A request's status, for the holder of its link's secret; null for anyone else. */
export async function requestStatus(services: ServiceContext, requestId: string, key: string) {
  const row = await findRequest(services, requestId, key);
  return row ? statusOf(row, services.clock()) : null;
}

/**
 * Hands an approved request's token over, once: the sealed copy is erased in the same step. Null
 * for a wrong link; `token` null when there is nothing (more) to collect.
 */
export async function collectRequestToken(services: ServiceContext, requestId: string, key: string) {
  const found = await findRequest(services, requestId, key);
  if (!found) return null;
  const now = services.clock();
  if (stateOf(found, now) !== 'ready' || found.tokenBox === null) {
    return { status: statusOf(found, now), token: null };
  }
  let token: string;
  try {
    token = decryptSecret(
      services.sealing.masterKey,
      found.tokenBox,
      tokenBoxContext(found.tenantId, found.id),
    );
  } catch {
    // Sealed under another master key (an ephemeral one before a restart): it cannot be handed over.
    return { status: { ...statusOf(found, now), state: 'unavailable' as const }, token: null };
  }
  const collected = await store.collectToken(services.db, found.tenantId, found.id, now);
  if (!collected) return { status: statusOf(found, now), token: null };
  return { status: statusOf(collected, now), token };
}
