// Workspace (tenant) administration for the platform operator: create with a first full key, list,
// change plan and subscription.
import type { Db, Executor } from '../../db/client.ts';
import { PLANS, type Tier } from '../../domain/auth/plans.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { createKeyWithin, type KeyRecord } from '../keys/service.ts';
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

export interface CreateWorkspaceInput {
  name: string;
  subdomain: string;
  tier: Tier;
  passportLimit?: number;
}

/** The workspace and its first ADMIN key, in one transaction: never a workspace nobody can use. */
export async function createWorkspace(db: Db, input: CreateWorkspaceInput, now: Date) {
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
      'platformAdmin',
      tenant.id,
      { name: 'Initial admin key', role: 'ADMIN' },
      now,
    );
    return { tenant: toTenantRecord(tenant), apiKey: { ...key, token } as KeyRecord & { token: string } };
  });
}

export async function listWorkspaces(db: Db, page: number, limit: number) {
  const { rows, total } = await store.listTenants(db, limit, (page - 1) * limit);
  return { workspaces: rows.map(toTenantRecord), total, totalPages: Math.ceil(total / limit) };
}

/** A tier change without an explicit passportLimit moves the limit to the new tier's default. */
export async function updateWorkspace(db: Db, id: string, changes: store.TenantChanges) {
  const effective = { ...changes };
  if (changes.tier && changes.passportLimit === undefined) {
    effective.passportLimit = PLANS[changes.tier as Tier].defaultPassportLimit;
  }
  const row = await store.updateTenant(db, id, effective);
  if (!row) throw notFound('Workspace not found');
  return toTenantRecord(row);
}

/** The id of the workspace a subdomain names, or null. */
export async function workspaceIdOfSubdomain(db: Executor, subdomain: string): Promise<string | null> {
  return (await store.findTenantBySubdomain(db, subdomain))?.id ?? null;
}

export async function requireWorkspace(db: Db, id: string) {
  const row = await store.findTenant(db, id);
  if (!row) throw notFound('Workspace not found');
  return toTenantRecord(row);
}
