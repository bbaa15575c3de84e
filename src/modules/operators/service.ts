// Economic operator rules: registration (with the EORI look-up), operator scope, and the checks and
// writes of a change. Changes that carry the operator's passports, keys and facilities along
// (update, archive, restore, delete) are orchestrated by the parties module, which calls these.
import type { ServiceContext } from '../../context.ts';
import { type Actor, assertOperatorScope, assertWorkspaceWide, scopedOperator } from '../../core/actor.ts';
import type { EoriRegistry } from '../../core/eori-registry.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { advisory } from '../../domain/categories/advisories.ts';
import type { AdvisoryItem } from '../../domain/categories/types.ts';
import {
  checkRegId,
  EORI_SCHEME,
  eoriCountryProblem,
  type OperatorRole,
} from '../../domain/operators/registration.ts';
import { checkCountry, normaliseAddress } from './address.ts';
import { type Address, type OperatorRecord, type RegistryStatus, toOperatorRecord } from './records.ts';
import * as store from './store.ts';

// The module's surface for other modules: they import from here, never from its other files.
export { checkCountry, normaliseAddress } from './address.ts';
export { type Address, type OperatorRecord, toEconomicOperatorObject, toOperatorRecord } from './records.ts';

export interface CreateOperatorInput {
  name: string;
  regId: string;
  regIdScheme: string;
  role: OperatorRole;
  country?: string;
  address?: Address;
}

export interface UpdateOperatorInput {
  name?: string;
  role?: OperatorRole;
  country?: string | null;
  address?: Address | null;
  regId?: unknown;
  regIdScheme?: unknown;
}

/** One operator of the workspace, archived or not; null when the workspace has no such operator. */
export async function getOperator(
  db: Executor,
  tenantId: string,
  id: string,
  lock?: 'share' | 'update',
): Promise<OperatorRecord | null> {
  const row = await store.findOperator(db, tenantId, id, lock);
  return row ? toOperatorRecord(row) : null;
}

/** Whether an economic operator, by its registration, is bound to the workspace (archived or not). */
export const isOperatorOfWorkspace = (db: Executor, tenantId: string, regIdScheme: string, regId: string) =>
  store.hasOperatorRegistration(db, tenantId, regIdScheme, regId);

/** The workspace's only live operator, which a passport naming none is attributed to; null when
 * there are none or several (the caller must then name one). */
export async function onlyOperator(db: Executor, tenantId: string): Promise<OperatorRecord | null> {
  const rows = await store.listOperators(db, tenantId, { includeArchived: false, limit: 2 });
  const [only] = rows;
  return rows.length === 1 && only ? toOperatorRecord(only) : null;
}

/** The operator behind `id` as the actor may see it: 404 outside the workspace, 403 out of scope. */
export async function visibleOperator(db: Executor, actor: Actor, id: string, lock?: 'update') {
  const row = await store.findOperator(db, actor.tenantId, id, lock);
  if (!row) throw notFound('Economic operator not found');
  assertOperatorScope(actor, row.id, 'economic operator');
  return row;
}

// The registry only decides a warning; a custom registry that throws is as good as an absent one.
async function lookUpEori(registry: EoriRegistry | undefined, eori: string) {
  if (!registry) return 'unavailable' as const;
  try {
    return await registry.check(eori);
  } catch {
    return 'unavailable' as const;
  }
}

export async function createOperator(
  { db, eoriRegistry }: ServiceContext,
  actor: Actor,
  input: CreateOperatorInput,
): Promise<{ operator: OperatorRecord; warnings: AdvisoryItem[] }> {
  assertWorkspaceWide(actor, 'register economic operators');
  const checked = checkRegId(input.regIdScheme, input.regId);
  if (!checked.ok) throw badRequest(checked.message);
  checkCountry(input.country, 'country');
  assertEoriFitsCountry(input.regIdScheme, checked.regId, input.country);
  const address = normaliseAddress(input.address, 'address');

  let registryStatus: RegistryStatus = 'unchecked';
  const warnings: AdvisoryItem[] = [];
  if (input.regIdScheme === EORI_SCHEME) {
    const found = await lookUpEori(eoriRegistry, checked.regId);
    if (found === 'valid') registryStatus = 'confirmed';
    if (found === 'invalid') {
      registryStatus = 'not_found';
      warnings.push(advisory('EORI_NOT_FOUND', { eori: checked.regId }, '/regId'));
    }
  }
  const row = await store.insertOperator(db, {
    tenantId: actor.tenantId,
    name: input.name,
    regId: checked.regId,
    regIdScheme: input.regIdScheme,
    role: input.role,
    country: input.country ?? null,
    address,
    registryStatus,
  });
  return { operator: toOperatorRecord(row), warnings };
}

export async function listOperators(
  { db }: ServiceContext,
  actor: Actor,
  includeArchived: boolean,
): Promise<OperatorRecord[]> {
  const own = scopedOperator(actor, undefined, 'economic operator');
  const rows = await store.listOperators(db, actor.tenantId, {
    includeArchived,
    ...(own !== undefined ? { onlyId: own } : {}),
  });
  return rows.map(toOperatorRecord);
}

export async function readOperator(
  { db }: ServiceContext,
  actor: Actor,
  id: string,
): Promise<OperatorRecord> {
  return toOperatorRecord(await visibleOperator(db, actor, id));
}

/** Refuses an EORI of another country than the one the operator is established in (registration.ts). */
export function assertEoriFitsCountry(scheme: string, regId: string, country: string | null | undefined) {
  const problem = scheme === EORI_SCHEME ? eoriCountryProblem(regId, country) : null;
  if (problem) throw badRequest(problem);
}

/** Passports and seals carry `<scheme>:<regId>`; changing it would silently re-attribute them. */
export function assertRegIdUnchanged(input: UpdateOperatorInput): void {
  if (input.regId !== undefined || input.regIdScheme !== undefined) throw badRequest('regId is immutable');
}

/** The checked changes an update asks for (country and address validated). */
export function operatorChanges(input: UpdateOperatorInput): store.OperatorChanges {
  checkCountry(input.country, 'country');
  const changes: store.OperatorChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.role !== undefined) changes.role = input.role;
  if (input.country !== undefined) changes.country = input.country;
  if (input.address !== undefined) changes.address = normaliseAddress(input.address, 'address');
  return changes;
}

/**
 * Writes the changes (an archive mark included) to an operator the actor was shown by
 * visibleOperator, in the caller's transaction; null when it is gone.
 */
export async function writeOperator(
  tx: Executor,
  actor: Actor,
  id: string,
  changes: store.OperatorChanges & { archivedAt?: Date | null },
  at: Date,
): Promise<OperatorRecord | null> {
  const row = await store.updateOperator(tx, actor.tenantId, id, changes, at);
  return row ? toOperatorRecord(row) : null;
}

/** Deletes the operator row, once the caller has detached or refused whatever still names it. */
export async function deleteOperatorRow(tx: Executor, actor: Actor, id: string): Promise<void> {
  await store.deleteOperator(tx, actor.tenantId, id);
}
