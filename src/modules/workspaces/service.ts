// Workspace (tenant) administration for the platform operator: create with a first full key, list,
// change plan and subscription.

import type { ServiceContext } from '../../context.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { PLANS, type Tier } from '../../domain/auth/plans.ts';
import { prefixesOfWorkspaces, setWorkspacePrefixes } from '../gs1/service.ts';
import {
  type CreateKeyInput,
  createKeyWithin,
  type KeyRecord,
  listKeys,
  revokeKey,
} from '../keys/service.ts';
import * as store from './store.ts';

// Hosts the platform itself may need; a workspace cannot take them.
const RESERVED_SUBDOMAINS = new Set([
  'www',
  'api',
  'admin',
  'app',
  'docs',
  'status',
  'mail',
  'static',
  'cdn',
]);

export type TenantRecord = ReturnType<typeof toTenantRecord>;

export function toTenantRecord(row: store.TenantRow) {
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    tier: row.tier,
    subscriptionStatus: row.subscriptionStatus as 'active' | 'past_due' | 'canceled',
    mfaRequired: row.mfaRequired,
    passportLimit: row.passportLimit,
    activePassports: row.activePassports,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The record the admin API shows: the workspace and the GS1 Company Prefixes it holds. */
const adminRecord = (row: store.TenantRow, prefixes: readonly string[] = []) => ({
  ...toTenantRecord(row),
  gs1CompanyPrefixes: [...prefixes],
});

export interface CreateWorkspaceInput {
  name: string;
  subdomain: string;
  tier: Tier;
  passportLimit?: number;
}

/** The one actor of the workspace services: the platform admin (routes under /admin, first boot). */
export const PLATFORM_ADMIN = 'platformAdmin';
export type PlatformAdministrator = typeof PLATFORM_ADMIN;

/** What the workspace services need of the ServiceContext; first boot has no more than this. */
export type WorkspaceContext = Pick<ServiceContext, 'db' | 'clock'>;

/** The workspace and its first ADMIN key, in one transaction: never a workspace nobody can use. */
export async function createWorkspace(
  { db, clock }: WorkspaceContext,
  _admin: PlatformAdministrator,
  input: CreateWorkspaceInput,
) {
  const now = clock();
  if (RESERVED_SUBDOMAINS.has(input.subdomain))
    throw badRequest(`The subdomain "${input.subdomain}" is reserved`);
  return db.transaction(async (tx) => {
    const tenant = await store.insertTenant(tx, {
      name: input.name,
      subdomain: input.subdomain,
      tier: input.tier,
      passportLimit: input.passportLimit ?? PLANS[input.tier].defaultPassportLimit,
    });
    const { key, token } = await createKeyWithin(
      tx,
      { platformAdmin: true, tenantId: tenant.id },
      { name: 'Initial admin key', role: 'ADMIN' },
      now,
    );
    return { tenant: adminRecord(tenant), apiKey: { ...key, token } as KeyRecord & { token: string } };
  });
}

export async function listWorkspaces(
  { db }: WorkspaceContext,
  _admin: PlatformAdministrator,
  { page, limit }: { page: number; limit: number },
) {
  const { rows, total } = await store.listTenants(db, limit, (page - 1) * limit);
  const prefixes = await prefixesOfWorkspaces(
    db,
    rows.map((row) => row.id),
  );
  return {
    workspaces: rows.map((row) => adminRecord(row, prefixes.get(row.id))),
    total,
    totalPages: Math.ceil(total / limit),
  };
}

export type WorkspaceChanges = store.TenantChanges & { gs1CompanyPrefixes?: string[] };

/**
 * A tier change without an explicit passportLimit moves the limit to the new tier's default.
 * `gs1CompanyPrefixes` replaces the workspace's set; the whole change is one transaction.
 */
export async function updateWorkspace(
  { db }: WorkspaceContext,
  _admin: PlatformAdministrator,
  { id, changes }: { id: string; changes: WorkspaceChanges },
) {
  const { gs1CompanyPrefixes, ...effective } = changes;
  if (changes.tier && changes.passportLimit === undefined) {
    effective.passportLimit = PLANS[changes.tier as Tier].defaultPassportLimit;
  }
  return db.transaction(async (tx) => {
    const row = await store.updateTenant(tx, id, effective);
    if (!row) throw notFound('Workspace not found');
    const prefixes =
      gs1CompanyPrefixes === undefined
        ? (await prefixesOfWorkspaces(tx, [id])).get(id)
        : await setWorkspacePrefixes(tx, id, gs1CompanyPrefixes);
    return adminRecord(row, prefixes);
  });
}

/** The id of the workspace a subdomain names, or null. */
export async function workspaceIdOfSubdomain(db: Executor, subdomain: string): Promise<string | null> {
  return (await store.findTenantBySubdomain(db, subdomain))?.id ?? null;
}

export async function requireWorkspace(db: Executor, id: string) {
  const row = await store.findTenant(db, id);
  if (!row) throw notFound('Workspace not found');
  return toTenantRecord(row);
}

/**
 * A key the platform admin makes in a workspace (any role, the workspace's operators): 404 when there
 * is no such workspace. The workspace is read in the key's transaction.
 */
export async function createWorkspaceKey(
  { db, clock }: WorkspaceContext,
  _admin: PlatformAdministrator,
  id: string,
  input: CreateKeyInput,
) {
  return db.transaction(async (tx) => {
    const tenant = await requireWorkspace(tx, id);
    return createKeyWithin(tx, { platformAdmin: true, tenantId: tenant.id }, input, clock());
  });
}

/** A workspace's API keys as the platform admin reads them: 404 when there is no such workspace. */
export async function listWorkspaceKeys(
  services: ServiceContext,
  _admin: PlatformAdministrator,
  id: string,
): Promise<KeyRecord[]> {
  const tenant = await requireWorkspace(services.db, id);
  return listKeys(services, { platformAdmin: true, tenantId: tenant.id });
}

/** Revokes a workspace's key for the platform admin (an unknown key, or workspace, is 404). */
export async function revokeWorkspaceKey(
  services: ServiceContext,
  _admin: PlatformAdministrator,
  id: string,
  keyId: string,
): Promise<void> {
  await revokeKey(services, { platformAdmin: true, tenantId: id }, keyId);
}
