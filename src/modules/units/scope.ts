// Who may touch a unit: the workspace that holds it (else 404) and, for an operator-scoped key, only
// units whose passport belongs to the key's economic operator (else 403).
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../passports/actor.ts';
import { findUnit } from './store.ts';

export function assertUnitScope(actor: Actor, operatorId: string): void {
  if (actor.operatorId !== null && actor.operatorId !== operatorId) {
    throw new AppError(
      'OPERATOR_SCOPE',
      "This API key is scoped to another economic operator's battery units",
    );
  }
}

/** The unit, within the actor's workspace and scope; locked for the transaction when asked. */
export async function reachUnit(db: Executor, actor: Actor, id: string, lock = false) {
  const found = await findUnit(db, actor.tenantId, id.toLowerCase(), lock);
  if (!found) throw notFound('Battery unit not found');
  assertUnitScope(actor, found.operatorId);
  return found.unit;
}
