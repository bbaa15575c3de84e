// API key rules: who may mint which key, how a presented token becomes a principal, revocation.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { AppError, badRequest, conflict, notFound } from '../../core/errors.ts';
import type { Db, Executor } from '../../db/client.ts';
import { generateApiToken, sameHash, tokenPrefix } from '../../domain/auth/api-token.ts';
import { type Permission, ROLE_PERMISSIONS, type Role } from '../../domain/auth/permissions.ts';
import type { SubscriptionStatus } from '../../domain/auth/plans.ts';
import { getOperator } from '../operators/service.ts';
import type { StoredKey } from './principal-cache.ts';
import * as store from './store.ts';

export interface CreateKeyInput {
  name: string;
  role?: Role;
  permissions?: Permission[];
  operatorId?: string | null;
  expiresAt?: string | null;
}

export interface KeyRecord {
  id: string;
  name: string;
  prefix: string;
  role: string;
  permissions: string[];
  operatorId: string | null;
  expiresAt: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** The platform admin acting on one workspace's keys (the admin routes, a new workspace's first key). */
export interface PlatformAdmin {
  platformAdmin: true;
  tenantId: string;
}

/** Who manages a workspace's keys: one of its credentials (bounded by its own rights) or the platform admin. */
export type KeyCreator = Actor | PlatformAdmin;

const isPlatformAdmin = (creator: KeyCreator): creator is PlatformAdmin => 'platformAdmin' in creator;

export function toKeyRecord(row: store.KeyRow): KeyRecord {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    role: row.role,
    permissions: row.permissions,
    operatorId: row.operatorId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

function resolveRights(creator: KeyCreator, input: CreateKeyInput) {
  const role = input.role ?? 'BRAND_OPERATOR';
  const rolePermissions: readonly Permission[] = ROLE_PERMISSIONS[role];
  const permissions = [...new Set(input.permissions ?? rolePermissions)];
  const outside = permissions.filter((permission) => !rolePermissions.includes(permission));
  if (outside.length > 0) throw badRequest(`Permissions outside the ${role} role: ${outside.join(', ')}`);
  if (permissions.length === 0) throw badRequest('permissions must name at least one permission');

  let operatorId = input.operatorId ?? null;
  if (!isPlatformAdmin(creator)) {
    const missing = permissions.filter((permission) => !creator.permissions.includes(permission));
    if (missing.length > 0) {
      throw new AppError(
        'INSUFFICIENT_PERMISSION',
        `A key cannot grant permissions it lacks: ${missing.join(', ')}`,
      );
    }
    const own = creator.operatorId;
    if (own !== null) {
      if (operatorId !== null && operatorId !== own) {
        throw new AppError(
          'OPERATOR_SCOPE',
          'An operator-scoped key can only create keys for its own operator',
        );
      }
      operatorId = own;
    }
  }
  return { role, permissions, operatorId };
}

function parseExpiry(raw: string | null | undefined, now: Date): Date | null {
  if (raw === undefined || raw === null) return null;
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw badRequest('expiresAt is not a valid date');
  if (at.getTime() <= now.getTime()) throw badRequest('expiresAt must be in the future');
  return at;
}

export async function createKey(
  { db, clock }: ServiceContext,
  creator: KeyCreator,
  input: CreateKeyInput,
): Promise<{ key: KeyRecord; token: string }> {
  return db.transaction((tx) => createKeyWithin(tx, creator, input, clock()));
}

/** Creates a key inside the caller's transaction (a new workspace's first key is made with it). */
export async function createKeyWithin(
  tx: Executor,
  creator: KeyCreator,
  input: CreateKeyInput,
  now: Date,
): Promise<{ key: KeyRecord; token: string }> {
  const { tenantId } = creator;
  const { role, permissions, operatorId } = resolveRights(creator, input);
  const expiresAt = parseExpiry(input.expiresAt, now);
  // The operator stays locked until the key exists, so it cannot be deleted in between.
  if (operatorId !== null && !(await getOperator(tx, tenantId, operatorId, 'share'))) {
    throw badRequest('operatorId does not name an economic operator of this workspace');
  }
  const { token, prefix, hash } = generateApiToken();
  const row = await store.insertKey(tx, {
    tenantId,
    name: input.name,
    prefix,
    secretHash: hash,
    role,
    permissions,
    operatorId,
    expiresAt,
  });
  return { key: toKeyRecord(row), token };
}

export async function listKeys({ db }: ServiceContext, reader: KeyCreator): Promise<KeyRecord[]> {
  return (await store.listKeys(db, reader.tenantId)).map(toKeyRecord);
}

/** Revokes a key of the tenant; revoking a revoked key again is a no-op, an unknown key is 404. */
export async function revokeKey(
  { db, clock }: ServiceContext,
  revoker: KeyCreator,
  id: string,
): Promise<void> {
  const { tenantId } = revoker;
  if (await store.revokeKey(db, tenantId, id, clock())) return;
  if (!(await store.findKey(db, tenantId, id))) throw notFound('API key not found');
}

/**
 * Finds the stored key of a presented token with its workspace (prepared once: it runs for every
 * request the principal cache does not answer). Revocation and expiry are judged by the caller.
 */
export function keyFinder(db: Db): (token: string, hash: string) => Promise<StoredKey | null> {
  const byPrefix = store.prepareKeyLookup(db);
  return async (token, hash) => {
    const prefix = tokenPrefix(token);
    if (prefix === null) return null;
    const row = (await byPrefix(prefix)).find((candidate) => sameHash(candidate.secretHash, hash));
    if (!row) return null;
    return {
      revokedAt: row.revokedAt,
      expiresAt: row.expiresAt,
      principal: {
        kind: 'apiKey',
        tenant: {
          id: row.tenantId,
          name: row.name,
          subdomain: row.subdomain,
          tier: row.tier,
          subscriptionStatus: row.subscriptionStatus as SubscriptionStatus,
          mfaRequired: row.mfaRequired,
          passportLimit: row.passportLimit,
          activePassports: row.activePassports,
        },
        key: {
          id: row.keyId,
          prefix,
          role: row.role,
          permissions: row.permissions as Permission[],
          operatorId: row.operatorId,
        },
      },
    };
  };
}

export { type PrincipalCache, principalCache } from './principal-cache.ts';

/**
 * Refuses (409) to let an operator go while API keys neither revoked nor expired at `now` are scoped
 * to it: those keys would name an operator that is gone.
 */
export async function assertNoLiveKeyOfOperator(
  db: Executor,
  tenantId: string,
  operatorId: string,
  now: Date,
): Promise<void> {
  const keys = await store.countLiveKeysOfOperator(db, tenantId, operatorId, now);
  if (keys > 0) {
    throw conflict(
      `${keys} API key${keys === 1 ? ' is' : 's are'} scoped to this economic operator; revoke ${keys === 1 ? 'it' : 'them'} first`,
    );
  }
}
