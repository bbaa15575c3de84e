// Economic operator rules: registration (with the EORI look-up), operator scope, and the
// archive/restore lifecycle that carries the operator's passports along in one transaction.
import type { ServiceContext } from '../../context.ts';
import { type Actor, assertOperatorScope, assertWorkspaceWide } from '../../core/actor.ts';
import type { EoriRegistry } from '../../core/eori-registry.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { advisory } from '../../domain/categories/advisories.ts';
import type { AdvisoryItem } from '../../domain/categories/types.ts';
import { checkRegId, EORI_SCHEME, type OperatorRole } from '../../domain/operators/registration.ts';
import { detachFacilitiesOfOperator } from '../facilities/service.ts';
import { countLiveKeysOfOperator } from '../keys/service.ts';
import {
  archivePassportsOfOperator,
  changePartyOfPassports,
  countPassportsOfOperator,
  isNamedBySealedVersion,
  restorePassportsOfOperator,
} from '../passports/service.ts';
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

export type OperatorWithCount = OperatorRecord & { passportCount: number };

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
async function visibleOperator(db: Executor, actor: Actor, id: string, lock?: 'update') {
  const row = await store.findOperator(db, actor.tenantId, id, lock);
  if (!row) throw notFound('Economic operator not found');
  assertOperatorScope(actor, row.id, 'economic operator');
  return row;
}

async function withCount(db: Executor, tenantId: string, record: OperatorRecord): Promise<OperatorWithCount> {
  return { ...record, passportCount: await countPassportsOfOperator(db, tenantId, record.id) };
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
): Promise<OperatorWithCount[]> {
  const { tenantId } = actor;
  const own = actor.operatorId;
  const rows = await store.listOperators(db, tenantId, {
    includeArchived,
    ...(own !== null ? { onlyId: own } : {}),
  });
  // Workspaces bind a handful of operators, so one count each stays cheap.
  return Promise.all(rows.map((row) => withCount(db, tenantId, toOperatorRecord(row))));
}

export async function readOperator(
  { db }: ServiceContext,
  actor: Actor,
  id: string,
): Promise<OperatorWithCount> {
  const row = await visibleOperator(db, actor, id);
  return withCount(db, actor.tenantId, toOperatorRecord(row));
}

/**
 * Changes the operator. Its passports show its name, role and country: a sealed one the change would
 * leave with a seal that no longer matches moves to a new unsealed version in the same transaction.
 */
export async function updateOperator(
  services: ServiceContext,
  actor: Actor,
  id: string,
  input: UpdateOperatorInput,
): Promise<OperatorRecord> {
  // Passports and seals carry `<scheme>:<regId>`; changing it would silently re-attribute them.
  if (input.regId !== undefined || input.regIdScheme !== undefined) throw badRequest('regId is immutable');
  return services.db.transaction(async (tx) => {
    const current = await visibleOperator(tx, actor, id);
    checkCountry(input.country, 'country');
    const changes: store.OperatorChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.role !== undefined) changes.role = input.role;
    if (input.country !== undefined) changes.country = input.country;
    if (input.address !== undefined) changes.address = normaliseAddress(input.address, 'address');
    const cause = {
      change: 'operator.updated',
      operatorId: id,
      description: `economic operator ${current.regIdScheme}:${current.regId} updated`,
    } as const;
    const row = await changePartyOfPassports(tx, services, actor, { operatorId: id }, cause, () =>
      store.updateOperator(tx, actor.tenantId, id, changes, services.clock()),
    );
    if (!row) throw notFound('Economic operator not found');
    return toOperatorRecord(row);
  });
}

export type RemovedOperator =
  | { archived: true; operator: OperatorRecord; archivedPassports: number }
  | { archived: false };

/**
 * Archives an operator that has passports (with them) or that a sealed archived version names;
 * hard-deletes any other.
 */
export async function removeOperator(
  { db, clock }: ServiceContext,
  actor: Actor,
  id: string,
): Promise<RemovedOperator> {
  const { tenantId } = actor;
  const now = clock();
  return db.transaction(async (tx) => {
    const row = await visibleOperator(tx, actor, id, 'update');
    assertWorkspaceWide(actor, 'delete economic operators');
    // An operator a sealed archived version still names is kept (archived) like one with passports:
    // verification checks that the workspace has bound the operator a seal names.
    const kept =
      (await countPassportsOfOperator(tx, tenantId, id)) > 0 ||
      (await isNamedBySealedVersion(tx, tenantId, id));
    if (kept) {
      const archivedPassports = await archivePassportsOfOperator(tx, tenantId, id, now);
      // Deleting an archived operator again archives whatever passports it gained since; its own
      // archivedAt keeps the first instant.
      const archived = row.archivedAt
        ? row
        : await store.updateOperator(tx, tenantId, id, { archivedAt: now }, now);
      if (!archived) throw notFound('Economic operator not found');
      return { archived: true, operator: toOperatorRecord(archived), archivedPassports };
    }
    const keys = await countLiveKeysOfOperator(tx, tenantId, id, now);
    if (keys > 0) {
      throw conflict(
        `${keys} API key${keys === 1 ? ' is' : 's are'} scoped to this economic operator; revoke ${keys === 1 ? 'it' : 'them'} first`,
      );
    }
    await detachFacilitiesOfOperator(tx, tenantId, id, now);
    await store.deleteOperator(tx, tenantId, id);
    return { archived: false };
  });
}

/** Brings an archived operator back, together with its archived passports. */
export async function restoreOperator({ db, clock }: ServiceContext, actor: Actor, id: string) {
  const { tenantId } = actor;
  const now = clock();
  return db.transaction(async (tx) => {
    const row = await visibleOperator(tx, actor, id);
    assertWorkspaceWide(actor, 'restore economic operators');
    if (!row.archivedAt) throw conflict('The economic operator is not archived');
    const restored = await store.updateOperator(tx, tenantId, id, { archivedAt: null }, now);
    if (!restored) throw notFound('Economic operator not found');
    const restoredPassports = await restorePassportsOfOperator(tx, tenantId, id);
    return { operator: toOperatorRecord(restored), restoredPassports };
  });
}
