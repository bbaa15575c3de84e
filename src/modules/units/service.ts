// Battery units: what the routes (and other modules) may call. The rules live in the files named
// for each job (serialise, telemetry, view, predecessors); this is the module's surface.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { conflict } from '../../core/errors.ts';
import { resolvePassportByIdOrProductId } from '../passports/service.ts';
import { unitRecord } from './records.ts';
import { reachUnit } from './scope.ts';
import { listUnits } from './store.ts';

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
  const { rows, total } = await listUnits(
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

export { recentEvents } from './event-store.ts';
/**
 * Lookups other modules make under the store's own names: public resolution finds a unit by id (in
 * one workspace, or any), by serial under a passport, and its successors; traceability finds the
 * workspace's passports and units by GS1 product id and serial.
 */
export {
  findByProductKeys,
  findSuccessors,
  findUnitAnywhere,
  findUnitBySerial,
  type UnitRow,
} from './store.ts';
