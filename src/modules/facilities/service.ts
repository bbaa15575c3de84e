// Facility rules: GLN identity (checked, unique, immutable), the owning operator and operator scope,
// and deletion that unlinks passports rather than touching them.
import type { ServiceContext } from '../../context.ts';
import { type Actor, assertOperatorScope } from '../../core/actor.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { type Address, checkCountry, getOperator, normaliseAddress } from '../operators/service.ts';
import { changePartyOfPassports, unlinkFacility } from '../passports/service.ts';
import { checkGln } from './gln.ts';
import { type FacilityRecord, toFacilityRecord } from './records.ts';
import * as store from './store.ts';

// The module's surface for other modules: they import from here, never from its other files.
export { detachFacilitiesOfOperator } from './operator-links.ts';
export { type FacilityRecord, toFacilityRecord, toPublicFacility } from './records.ts';

export interface FacilityInput {
  gln?: string;
  name: string;
  activity: string;
  country: string;
  address?: Address | null;
  operatorId?: string | null;
}

/** One facility of the workspace; null when the workspace has no such facility. */
export async function getFacility(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<FacilityRecord | null> {
  const row = await store.findFacility(db, tenantId, id);
  return row ? toFacilityRecord(row) : null;
}

async function visibleFacility(db: Executor, actor: Actor, id: string) {
  const row = await store.findFacility(db, actor.tenantId, id);
  if (!row) throw notFound('Facility not found');
  assertOperatorScope(actor, row.operatorId, 'facility');
  return row;
}

/** The operator a facility will belong to. A scoped key's facilities are always its operator's. */
async function owningOperator(db: Executor, actor: Actor, requested: string | null | undefined) {
  const own = actor.operatorId;
  if (own !== null && requested !== undefined && requested !== null && requested !== own) {
    assertOperatorScope(actor, requested, 'facility');
  }
  const operatorId = own ?? requested ?? null;
  if (operatorId === null) return null;
  if (!(await getOperator(db, actor.tenantId, operatorId))) {
    throw badRequest('operatorId does not name an operator of this workspace');
  }
  return operatorId;
}

async function checkedFields(db: Executor, actor: Actor, input: FacilityInput) {
  checkCountry(input.country, 'country');
  const activity = input.activity.trim();
  if (activity === '') throw badRequest('activity must not be blank');
  return {
    name: input.name,
    activity,
    country: input.country,
    address: normaliseAddress(input.address, 'address'),
    operatorId: await owningOperator(db, actor, input.operatorId),
  };
}

export async function createFacility(
  { db }: ServiceContext,
  actor: Actor,
  input: FacilityInput & { gln: string },
): Promise<FacilityRecord> {
  const gln = checkGln(input.gln);
  const fields = await checkedFields(db, actor, input);
  const row = await store.insertFacility(db, { tenantId: actor.tenantId, gln, ...fields });
  return toFacilityRecord(row);
}

export async function listFacilities(
  { db }: ServiceContext,
  actor: Actor,
  operatorId: string | undefined,
): Promise<FacilityRecord[]> {
  if (operatorId !== undefined) assertOperatorScope(actor, operatorId, 'facility filter');
  const rows = await store.listFacilities(db, actor.tenantId, actor.operatorId ?? operatorId);
  return rows.map(toFacilityRecord);
}

export async function readFacility(
  { db }: ServiceContext,
  actor: Actor,
  id: string,
): Promise<FacilityRecord> {
  return toFacilityRecord(await visibleFacility(db, actor, id));
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
  input: FacilityInput,
): Promise<FacilityRecord> {
  return services.db.transaction(async (tx) => {
    const current = await visibleFacility(tx, actor, id);
    // Passports and EPCIS events name the facility by its GLN: a new GLN is a new facility.
    if (input.gln !== undefined && input.gln.trim() !== current.gln) throw badRequest('GLN is immutable');
    const fields = await checkedFields(tx, actor, input);
    const cause = {
      change: 'facility.updated',
      facilityId: id,
      description: `facility ${current.gln} updated`,
    } as const;
    const row = await changePartyOfPassports(tx, services, actor, { facilityId: id }, cause, () =>
      store.replaceFacility(tx, actor.tenantId, id, fields, services.clock()),
    );
    if (!row) throw notFound('Facility not found');
    return toFacilityRecord(row);
  });
}

/**
 * Deletes the facility; its passports lose the link in the same transaction and are kept. A sealed
 * one moves to a new unsealed version, since its seal covers the facility it showed.
 */
export async function deleteFacility(services: ServiceContext, actor: Actor, id: string): Promise<void> {
  const { tenantId } = actor;
  await services.db.transaction(async (tx) => {
    const current = await visibleFacility(tx, actor, id);
    const cause = {
      change: 'facility.deleted',
      facilityId: id,
      description: `facility ${current.gln} deleted`,
    } as const;
    await changePartyOfPassports(tx, services, actor, { facilityId: id }, cause, async () => {
      await unlinkFacility(tx, tenantId, id);
      await store.deleteFacility(tx, tenantId, id);
    });
  });
}
