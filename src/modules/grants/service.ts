// Access grants: issue, list, approve, deny, revoke (the spec's state table), and the surface other
// modules call to let a grant holder read: grantFromToken, grantCovers, recordGrantRead. The history
// reads (history.ts, reads.ts), the access log (access-log.ts) and the request page's flow
// (requests.ts) live in files of their own, each saying why, and are handed on from here.
import type { ServiceContext } from '../../context.ts';
import { type Actor, assertOperatorScope, scopedOperator } from '../../core/actor.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import type { GrantStatus } from '../../db/schema.ts';
import { hashToken, sameHash } from '../../domain/auth/api-token.ts';
import { type GrantTier, generateGrantToken, grantTokenTier } from '../../domain/auth/grant-token.ts';
import { encryptSecret } from '../../domain/crypto/secret-box.ts';
import { recordChange } from '../audit/service.ts';
import { credentialSessionFromToken } from '../credential-access/service.ts';
import { getOperator } from '../operators/service.ts';
import { findPassportInWorkspace, resolvePassport } from '../passports/service.ts';
import type { ActiveGrant } from './reads.ts';
import { tokenBoxContext } from './requests.ts';
import * as store from './store.ts';
import { tokenCacheFor } from './token-cache.ts';

/** The roles a third party may give when asking for access (the console's grant form offers them too). */
export { REQUESTER_ROLES } from './requests.ts';
export type { GrantTier };

export interface Grantee {
  name: string;
  email?: string;
  organisation?: string;
  role?: string;
}

export interface IssueGrantInput {
  passportId?: string;
  operatorId?: string;
  tier: GrantTier;
  grantee: Grantee;
  purpose: string;
  expiresAt?: string | null;
}

/** What the API shows of a grant: never its token. `expired` is an active grant past its expiry. */
export interface GrantRecord {
  id: string;
  status: GrantStatus | 'expired';
  origin: 'issued' | 'requested';
  tier: GrantTier;
  passportId: string | null;
  operatorId: string | null;
  grantee: Grantee;
  purpose: string;
  expiresAt: string | null;
  createdBy: string;
  createdAt: string;
  decidedAt: string | null;
  revokedAt: string | null;
  /** For a requested grant: when the requester collected the token (null until then). */
  collectedAt: string | null;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toGrantRecord(row: store.GrantRow, now: Date): GrantRecord {
  const expired = row.status === 'active' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    origin: row.origin,
    tier: row.tier as GrantTier,
    passportId: row.passportId,
    operatorId: row.operatorId,
    grantee: row.grantee as Grantee,
    purpose: row.purpose,
    expiresAt: iso(row.expiresAt),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    revokedAt: iso(row.revokedAt),
    collectedAt: iso(row.collectedAt),
  };
}

function readExpiry(raw: string | null | undefined, now: Date): Date | null {
  if (raw === undefined || raw === null) return null;
  const at = new Date(raw);
  if (raw.trim() === '' || Number.isNaN(at.getTime()))
    throw badRequest('expiresAt must be an ISO 8601 timestamp');
  if (at <= now) throw badRequest('expiresAt must be in the future');
  return at;
}

/** The economic operator whose passports a grant reaches, for operator-scoped keys; null: several. */
async function operatorOfGrant(db: Executor, row: store.GrantRow): Promise<string | null> {
  if (row.passportId !== null) {
    const passport = await findPassportInWorkspace(db, row.tenantId, row.passportId);
    return passport?.operatorId ?? null;
  }
  return row.operatorId;
}

/** A grant of the actor's workspace that the actor may manage; 404 for another workspace's. */
async function reachGrant(db: Executor, actor: Actor, id: string, lock = false): Promise<store.GrantRow> {
  const row = await store.findGrant(db, actor.tenantId, id, lock);
  if (!row) throw notFound('Grant not found');
  assertOperatorScope(actor, await operatorOfGrant(db, row), 'grant');
  return row;
}

const forget = (services: ServiceContext, tenantId: string) =>
  tokenCacheFor(services.db).forgetTenant(tenantId);

export async function issueGrant(services: ServiceContext, actor: Actor, input: IssueGrantInput) {
  const now = services.clock();
  const expiresAt = readExpiry(input.expiresAt, now);
  const created = await services.db.transaction(async (tx) => {
    let operatorId = input.operatorId ?? null;
    let passportId: string | null = null;
    if (input.passportId !== undefined) {
      const passport = await resolvePassport(tx, actor, input.passportId);
      if (operatorId !== null && operatorId !== passport.operatorId) {
        throw badRequest('operatorId must be the passport’s economic operator, or be left out');
      }
      passportId = passport.id;
      operatorId = null;
    } else if (operatorId !== null) {
      if (!(await getOperator(tx, actor.tenantId, operatorId))) throw notFound('Economic operator not found');
      assertOperatorScope(actor, operatorId, 'economic operator');
    } else {
      assertOperatorScope(actor, null, 'workspace-wide grant');
    }
    const { token, hash } = generateGrantToken(input.tier);
    const row = await store.insertGrant(tx, {
      tenantId: actor.tenantId,
      passportId,
      operatorId,
      tier: input.tier,
      status: 'active',
      origin: 'issued',
      grantee: input.grantee,
      purpose: input.purpose,
      expiresAt,
      tokenHash: hash,
      decidedAt: now,
      createdBy: actor.changedBy,
    });
    await recordChange(tx, actor.tenantId, actor.changedBy, now, {
      action: 'grant.issued',
      subjectType: 'grant',
      subjectId: row.id,
      details: { tier: row.tier, passportId, operatorId, grantee: input.grantee.name },
    });
    return { grant: toGrantRecord(row, now), token };
  });
  forget(services, actor.tenantId);
  return created;
}

export async function listGrants(services: ServiceContext, actor: Actor): Promise<GrantRecord[]> {
  const now = services.clock();
  const rows = await store.listGrants(services.db, actor.tenantId);
  const own = scopedOperator(actor, undefined, 'grant');
  if (own === undefined) return rows.map((row) => toGrantRecord(row, now));
  const reachable: store.GrantRow[] = [];
  for (const row of rows) {
    if ((await operatorOfGrant(services.db, row)) === own) reachable.push(row);
  }
  return reachable.map((row) => toGrantRecord(row, now));
}

type Move = 'approve' | 'deny' | 'revoke';
const FROM: Record<Move, GrantStatus> = { approve: 'pending', deny: 'pending', revoke: 'active' };
const REFUSAL: Record<Move, string> = {
  approve: 'Only a pending request can be approved',
  deny: 'Only a pending request can be denied',
  revoke: 'Only an issued grant can be revoked',
};

async function move(
  services: ServiceContext,
  actor: Actor,
  id: string,
  action: Move,
  expiresAtRaw?: string | null,
) {
  const now = services.clock();
  const record = await services.db.transaction(async (tx) => {
    const row = await reachGrant(tx, actor, id, true);
    if (row.status !== FROM[action]) throw conflict(`${REFUSAL[action]}; this grant is ${row.status}`);
    let change: Parameters<typeof store.moveGrant>[4];
    if (action === 'approve') {
      const expiresAt = readExpiry(expiresAtRaw, now);
      const { token, hash } = generateGrantToken(row.tier as GrantTier);
      change = {
        status: 'active',
        decidedAt: now,
        tokenHash: hash,
        tokenBox: encryptSecret(services.sealing.masterKey, token, tokenBoxContext(row.tenantId, row.id)),
        ...(expiresAt ? { expiresAt } : {}),
      };
    } else if (action === 'deny') {
      change = { status: 'denied', decidedAt: now };
    } else {
      // A token not yet collected is destroyed with the grant.
      change = { status: 'revoked', revokedAt: now, tokenBox: null };
    }
    const moved = await store.moveGrant(tx, actor.tenantId, id, FROM[action], change, now);
    if (!moved) throw conflict(`${REFUSAL[action]}; it changed meanwhile`);
    await recordChange(tx, actor.tenantId, actor.changedBy, now, {
      action: `grant.${action === 'approve' ? 'approved' : action === 'deny' ? 'denied' : 'revoked'}`,
      subjectType: 'grant',
      subjectId: id,
      details: { tier: moved.tier, passportId: moved.passportId, operatorId: moved.operatorId },
    });
    return toGrantRecord(moved, now);
  });
  forget(services, actor.tenantId);
  return record;
}

/** pending → active: the token is minted and sealed until the requester collects it. */
export const approveGrant = (services: ServiceContext, actor: Actor, id: string, expiresAt?: string | null) =>
  move(services, actor, id, 'approve', expiresAt);
/** pending → denied. */
export const denyGrant = (services: ServiceContext, actor: Actor, id: string) =>
  move(services, actor, id, 'deny');
/** active (expired or not) → revoked: soft revocation, the record stays. */
export const revokeGrant = (services: ServiceContext, actor: Actor, id: string) =>
  move(services, actor, id, 'revoke');

/**
 * The grant a presented token names, when it may be used now; null for a malformed, unknown,
 * pending, denied, revoked or expired one. Cached per token hash (token-cache.ts).
 */
export async function grantFromToken(services: ServiceContext, token: string): Promise<ActiveGrant | null> {
  const tier = grantTokenTier(token);
  if (tier === null) return null;
  const hash = hashToken(token);
  const row = await tokenCacheFor(services.db).lookup(hash, (h) =>
    store.findGrantByTokenHash(services.db, h),
  );
  if (!row) return credentialSession(services, token);
  if (row.tokenHash === null || !sameHash(row.tokenHash, hash)) return null;
  if (row.status !== 'active' || row.tier !== tier) return null;
  if (row.expiresAt !== null && row.expiresAt <= services.clock()) return null;
  return { id: row.id, tenantId: row.tenantId, tier, passportId: row.passportId, operatorId: row.operatorId };
}

/** A credential session (docs/credential-access.md) reads as a grant over every workspace of the node. */
async function credentialSession(services: ServiceContext, token: string): Promise<ActiveGrant | null> {
  const session = await credentialSessionFromToken(services, token);
  if (!session) return null;
  return {
    id: session.id,
    tenantId: null,
    tier: session.tier,
    passportId: null,
    operatorId: null,
    credential: {
      issuer: session.issuerName,
      credentialType: session.credentialType,
      organisation: session.organisation,
      country: session.country,
    },
  };
}

export { listAccessLog } from './access-log.ts';
export { accessLogWriterFor } from './access-log-writer.ts';
export {
  documentAtForGrant,
  documentAtForOwner,
  type GrantReader,
  listHistoryForGrant,
  listHistoryForOwner,
  type ReadOrigin,
  versionDocumentForGrant,
  versionDocumentForOwner,
} from './history.ts';
export {
  type ActiveGrant,
  type CoveredPassport,
  type GrantRead,
  type GrantReadAction,
  grantCovers,
  type OwnerRead,
  recordGrantRead,
  recordOwnerRead,
} from './reads.ts';
export {
  type AccessRequestForm,
  collectRequestToken,
  createAccessRequest,
  type RequestStatus,
  requestStatus,
} from './requests.ts';
