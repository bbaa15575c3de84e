// Facility rules: GLN identity (checked, unique, immutable), the owning operator and operator scope,
// and the checks and writes of a replacement or deletion. Those reach the facility's passports, so
// the parties module orchestrates them and calls these.
import type { ServiceContext } from '../../context.ts';
import { type Actor, assertOperatorScope, scopedOperator } from '../../core/actor.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { type Address, checkCountry, getOperator, normaliseAddress } from '../operators/service.ts';
import { checkGln } from './gln.ts';
import { type FacilityRecord, toFacilityRecord } from './records.ts';
import * as store from './store.ts';

// The module's surface for other modules: they import from here, never from its other files.
export { type FacilityRecord, toFacilityRecord, toPublicFacility } from './records.ts';

/**
 * A hard-deleted operator leaves its facilities in the workspace, unattached, rather than naming a
 * missing operator. Answers how many it had.
 */
export function leaveFacilitiesUnattached(db: Executor, tenantId: string, operatorId: string, at: Date) {
  return store.detachFacilitiesOfOperator(db, tenantId, operatorId, at);
}

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

/** The facility behind `id` as the actor may see it: 404 outside the workspace, 403 out of scope. */
export async function visibleFacility(db: Executor, actor: Actor, id: string) {
  const row = await store.findFacility(db, actor.tenantId, id);
  if (!row) throw notFound('Facility not found');
  assertOperatorScope(actor, row.operatorId, 'facility');
  return row;
}

/** The operator a facility will belong to. A scoped key's facilities are always its operator's. */
async function owningOperator(db: Executor, actor: Actor, requested: string | null | undefined) {
  const operatorId = scopedOperator(actor, requested ?? undefined, 'facility') ?? null;
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
  const only = scopedOperator(actor, operatorId, 'facility filter');
  const rows = await store.listFacilities(db, actor.tenantId, only);
  return rows.map(toFacilityRecord);
}

export async function readFacility(
  { db }: ServiceContext,
  actor: Actor,
  id: string,
): Promise<FacilityRecord> {
  return toFacilityRecord(await visibleFacility(db, actor, id));
}

/** The checked fields of a replacement of `current` (its GLN may be repeated, never changed). */
export async function replacementFields(
  tx: Executor,
  actor: Actor,
  current: { gln: string },
  input: FacilityInput,
): Promise<store.FacilityFields> {
  // Passports and EPCIS events name the facility by its GLN: a new GLN is a new facility.
  if (input.gln !== undefined && input.gln.trim() !== current.gln) throw badRequest('GLN is immutable');
  return checkedFields(tx, actor, input);
}

/** Writes a replacement in the caller's transaction; null when the facility is gone. */
export async function writeFacility(
  tx: Executor,
  actor: Actor,
  id: string,
  fields: store.FacilityFields,
  at: Date,
): Promise<FacilityRecord | null> {
  const row = await store.replaceFacility(tx, actor.tenantId, id, fields, at);
  return row ? toFacilityRecord(row) : null;
}

/** Deletes the facility row, once the caller has unlinked the passports that name it. */
export async function deleteFacilityRow(tx: Executor, actor: Actor, id: string): Promise<void> {
  await store.deleteFacility(tx, actor.tenantId, id);
}
