// Battery units: what the routes (and other modules) may call. The rules live in the files named
// for each job (serialise, telemetry, view, predecessors, scope, carriers), so that each job reads as
// one piece; this is the module's surface.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { conflict } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { resolvePassportByIdOrProductId } from '../passports/service.ts';
import * as events from './event-store.ts';
import { unitRecord } from './records.ts';
import { reachUnit } from './scope.ts';
import * as store from './store.ts';

export { unitCarrierSubject } from './carriers.ts';
export { type UnitRecord, unitRecord } from './records.ts';
export { reachUnit } from './scope.ts';
export { serialiseUnits, validateUnits } from './serialise.ts';
export { type AppendResult, appendEvents, EVENT_PAGE, listEvents } from './telemetry.ts';
export { unitPage, unitView, unitViewText } from './view.ts';

/** One page of a passport's units, newest first. */
export async function listPassportUnits(
  services: ServiceContext,
  actor: Actor,
  passportReference: string,
  { page, limit }: { page: number; limit: number },
) {
  const passport = await resolvePassportByIdOrProductId(services.db, actor, passportReference);
  const { rows, total } = await store.listUnits(
    services.db,
    actor.tenantId,
    passport.id,
    limit,
    (page - 1) * limit,
  );
  return { passport, units: rows.map((row) => unitRecord(services.baseUrl, row)), total };
}

/** Units are never deleted: a reachable unit answers 409 with the way to end its life. */
export async function refuseUnitDeletion(services: ServiceContext, actor: Actor, id: string): Promise<never> {
  await reachUnit(services.db, actor, id);
  throw conflict(
    "Battery units cannot be deleted. End a unit's life with a status change through POST /api/v1/units/{id}/events: RECYCLED ceases it, DECOMMISSIONED retires it",
  );
}

export type { UnitRow } from './store.ts';

// What other modules read of units without an actor: public resolution (which judges the reader's
// tier itself) and traceability (inside a workspace it has already checked).

/** The unit with this id, in one workspace or, with `tenantId` null, in any; null when there is none. */
export function findUnitById(db: Executor, id: string, tenantId: string | null) {
  return store.findUnitAnywhere(db, id, tenantId);
}

/** The unit of this passport with this serial number, or null. */
export function findUnitOfPassport(db: Executor, tenantId: string, passportId: string, serialNumber: string) {
  return store.findUnitBySerial(db, tenantId, passportId, serialNumber);
}

/** The ids of the units a unit was made into (second life), oldest first. */
export function successorsOf(db: Executor, tenantId: string, unitId: string) {
  return store.findSuccessors(db, tenantId, unitId);
}

/** The unit's newest `limit` telemetry events, newest first. */
export function newestEventsOf(db: Executor, tenantId: string, unitId: string, limit: number) {
  return events.recentEvents(db, tenantId, unitId, limit);
}

/**
 * The workspace's passports by GS1 product id, and its units by (passport product id, serial): what
 * this node holds for the products traceability events name, in one lookup.
 */
export function heldProducts(
  db: Executor,
  tenantId: string,
  productIds: string[],
  units: { productId: string; serialNumber: string }[],
) {
  return store.findByProductKeys(db, tenantId, productIds, units);
}
