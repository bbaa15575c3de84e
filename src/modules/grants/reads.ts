// What a grant holder's read needs of the grants module: whether the grant reaches the passport,
// and the access-log entry every read makes (the owner's history reads included). Apart from
// service.ts so that the grant-reader history can use it without importing the service.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { truncateClientAddress } from '../../domain/auth/client-address.ts';
import type { GrantTier } from '../../domain/auth/grant-token.ts';
import type { AccessTier } from '../../domain/categories/types.ts';
import { accessLogWriterFor } from './access-log-writer.ts';

/** What the access log names of a credential session's holder (never the credential itself). */
export interface CredentialHolder {
  issuer: string;
  credentialType: string;
  organisation: string | null;
  country: string | null;
}

/**
 * A grant that may be used now: active, not revoked, not expired; or a credential session
 * (docs/credential-access.md), which reaches every workspace of the node (`tenantId` null).
 */
export interface ActiveGrant {
  id: string;
  tenantId: string | null;
  tier: GrantTier;
  /** The one passport covered, or null. */
  passportId: string | null;
  /** All passports of this economic operator, or null; both null covers the whole workspace. */
  operatorId: string | null;
  /** Set for a credential session: who presented which credential. */
  credential?: CredentialHolder;
}

export interface CoveredPassport {
  tenantId: string;
  id: string;
  operatorId: string;
  status: string;
}

/** Whether a grant reaches a passport: same workspace, in its scope, and never a DRAFT. */
export function grantCovers(grant: ActiveGrant, passport: CoveredPassport): boolean {
  if (passport.status === 'DRAFT') return false;
  if (grant.tenantId === null) return true;
  if (grant.tenantId !== passport.tenantId) return false;
  if (grant.passportId !== null) return grant.passportId === passport.id;
  if (grant.operatorId !== null) return grant.operatorId === passport.operatorId;
  return true;
}

export type GrantReadAction = 'resolve' | 'history' | 'version' | 'unit';

export interface GrantRead {
  /** The grant read with (its id and workspace are what the log keeps). */
  grant: Pick<ActiveGrant, 'id' | 'credential'>;
  /** The passport's workspace, whose access log the entry goes to. */
  tenantId: string;
  passportId: string;
  tier: AccessTier;
  /** What was served: `json-ld`, `html`, `aas`, … */
  representation: string;
  action: GrantReadAction;
  /** The caller's address as the request saw it; stored truncated (IPv4 /24, IPv6 /48). */
  clientAddress: string | null | undefined;
}

/** Queues one grant holder's read for the passport's access log (written off the read's latency). */
export function recordGrantRead(services: ServiceContext, read: GrantRead): Promise<void> {
  const { credential } = read.grant;
  accessLogWriterFor(services.db).enqueue({
    tenantId: read.tenantId,
    passportId: read.passportId,
    tier: read.tier,
    accessor: credential ? `credential:${read.grant.id}` : `grant:${read.grant.id}`,
    action: read.action,
    at: services.clock(),
    grantId: credential ? null : read.grant.id,
    credential: credential ?? null,
    representation: read.representation,
    clientAddress: truncateClientAddress(read.clientAddress),
  });
  return Promise.resolve();
}

export interface OwnerRead {
  /** The owning or operator-bound workspace's credential: its key (`key:<prefix>`) or member (`user:<id>`). */
  actor: Actor;
  passportId: string;
  action: 'history' | 'version';
  representation: string;
  clientAddress: string | null | undefined;
}

/**
 * Queues a read of a passport's history by its own workspace for the access log: the contract's
 * history endpoint records every read, the owner's included (docs/grants.md).
 */
export function recordOwnerRead(services: ServiceContext, read: OwnerRead): void {
  accessLogWriterFor(services.db).enqueue({
    tenantId: read.actor.tenantId,
    passportId: read.passportId,
    tier: 'owner',
    accessor: read.actor.changedBy,
    action: read.action,
    at: services.clock(),
    grantId: null,
    representation: read.representation,
    clientAddress: truncateClientAddress(read.clientAddress),
  });
}
