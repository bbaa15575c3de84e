// Economic operators and facilities as their passports and keys see them. A change to a party that
// reaches other modules is orchestrated here, in one transaction, so that the operators and
// facilities modules import none of passports, keys or facilities: the operator and facility routes,
// which this module serves, call these for the passport counts, updates, archive, restore and deletion.
import type { ServiceContext } from '../../context.ts';
import { type Actor, assertWorkspaceWide } from '../../core/actor.ts';
import { conflict, notFound } from '../../core/errors.ts';
import * as facilities from '../facilities/service.ts';
import { assertNoLiveKeyOfOperator } from '../keys/service.ts';
import * as operators from '../operators/service.ts';
import {
  archivePassportsWithOperator,
  changePartyOfPassports,
  passportCountOfOperator,
  passportsNeedOperator,
  restorePassportsWithOperator,
  unlinkPassportsFromFacility,
} from '../passports/service.ts';

export type OperatorWithCount = operators.OperatorRecord & { passportCount: number };

async function withCount(
  { db }: ServiceContext,
  actor: Actor,
  record: operators.OperatorRecord,
): Promise<OperatorWithCount> {
  return { ...record, passportCount: await passportCountOfOperator(db, actor.tenantId, record.id) };
}

export async function listOperators(
  services: ServiceContext,
  actor: Actor,
  includeArchived: boolean,
): Promise<OperatorWithCount[]> {
  const records = await operators.listOperators(services, actor, includeArchived);
  // Workspaces bind a handful of operators, so one count each stays cheap.
  return Promise.all(records.map((record) => withCount(services, actor, record)));
}

export async function readOperator(
  services: ServiceContext,
  actor: Actor,
  id: string,
): Promise<OperatorWithCount> {
  return withCount(services, actor, await operators.readOperator(services, actor, id));
}

/**
 * Changes the operator. Its passports show its name, role and country: a sealed one the change would
 * leave with a seal that no longer matches moves to a new unsealed version in the same transaction.
 */
export async function updateOperator(
  services: ServiceContext,
  actor: Actor,
  id: string,
  input: operators.UpdateOperatorInput,
): Promise<operators.OperatorRecord> {
  operators.assertRegIdUnchanged(input);
  return services.db.transaction(async (tx) => {
    const current = await operators.visibleOperator(tx, actor, id);
    const changes = operators.operatorChanges(input);
    if (input.country !== undefined)
      operators.assertEoriFitsCountry(current.regIdScheme, current.regId, input.country);
    const cause = {
      change: 'operator.updated',
      operatorId: id,
      description: `economic operator ${current.regIdScheme}:${current.regId} updated`,
    } as const;
    const record = await changePartyOfPassports(tx, services, actor, { operatorId: id }, cause, () =>
      operators.writeOperator(tx, actor, id, changes, services.clock()),
    );
    if (!record) throw notFound('Economic operator not found');
    return record;
  });
}

export type RemovedOperator =
  | { archived: true; operator: operators.OperatorRecord; archivedPassports: number }
  | { archived: false };

/**
 * Archives an operator that has passports (with them) or that a sealed archived version names;
 * hard-deletes any other, unless live API keys are scoped to it (409); its facilities stay, unattached.
 */
export async function removeOperator(
  { db, clock }: ServiceContext,
  actor: Actor,
  id: string,
): Promise<RemovedOperator> {
  const { tenantId } = actor;
  const now = clock();
  return db.transaction(async (tx) => {
    const row = await operators.visibleOperator(tx, actor, id, 'update');
    assertWorkspaceWide(actor, 'delete economic operators');
    if (await passportsNeedOperator(tx, tenantId, id)) {
      const archivedPassports = await archivePassportsWithOperator(tx, tenantId, id, now);
      // Deleting an archived operator again archives whatever passports it gained since; its own
      // archivedAt keeps the first instant.
      const archived = row.archivedAt
        ? operators.toOperatorRecord(row)
        : await operators.writeOperator(tx, actor, id, { archivedAt: now }, now);
      if (!archived) throw notFound('Economic operator not found');
      return { archived: true, operator: archived, archivedPassports };
    }
    await assertNoLiveKeyOfOperator(tx, tenantId, id, now);
    await facilities.leaveFacilitiesUnattached(tx, tenantId, id, now);
    await operators.deleteOperatorRow(tx, actor, id);
    return { archived: false };
  });
}

/** Brings an archived operator back, together with its archived passports. */
export async function restoreOperator({ db, clock }: ServiceContext, actor: Actor, id: string) {
  const now = clock();
  return db.transaction(async (tx) => {
    const row = await operators.visibleOperator(tx, actor, id);
    assertWorkspaceWide(actor, 'restore economic operators');
    if (!row.archivedAt) throw conflict('The economic operator is not archived');
    const restored = await operators.writeOperator(tx, actor, id, { archivedAt: null }, now);
    if (!restored) throw notFound('Economic operator not found');
    const restoredPassports = await restorePassportsWithOperator(tx, actor.tenantId, id);
    return { operator: restored, restoredPassports };
  });
}

/**
 * Replaces the facility. Its passports show its GLN, name, activity and country: a sealed one the
 * change would leave with a seal that no longer matches moves to a new unsealed version in the same
 * transaction.
 */
export async function replaceFacility(
  services: ServiceContext,
  actor: Actor,
  id: string,
  input: facilities.FacilityInput,
): Promise<facilities.FacilityRecord> {
  return services.db.transaction(async (tx) => {
    const current = await facilities.visibleFacility(tx, actor, id);
    const fields = await facilities.replacementFields(tx, actor, current, input);
    const cause = {
      change: 'facility.updated',
      facilityId: id,
      description: `facility ${current.gln} updated`,
    } as const;
    const record = await changePartyOfPassports(tx, services, actor, { facilityId: id }, cause, () =>
      facilities.writeFacility(tx, actor, id, fields, services.clock()),
    );
    if (!record) throw notFound('Facility not found');
    return record;
  });
}

/**
 * Deletes the facility; its passports lose the link in the same transaction and are kept. A sealed
 * one moves to a new unsealed version, since its seal covers the facility it showed.
 */
export async function deleteFacility(services: ServiceContext, actor: Actor, id: string): Promise<void> {
  await services.db.transaction(async (tx) => {
    const current = await facilities.visibleFacility(tx, actor, id);
    const cause = {
      change: 'facility.deleted',
      facilityId: id,
      description: `facility ${current.gln} deleted`,
    } as const;
    await changePartyOfPassports(tx, services, actor, { facilityId: id }, cause, async () => {
      await unlinkPassportsFromFacility(tx, actor.tenantId, id);
      await facilities.deleteFacilityRow(tx, actor, id);
    });
  });
}
