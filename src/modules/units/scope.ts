// Who may touch a unit: the workspace that holds it (else 404) and, for an operator-scoped key, only
// units whose passport belongs to the key's economic operator (else 403). Apart from service.ts so
// that every file of the module checks reach the one way without importing the service.

import { type Actor, assertOperatorScope } from '../../core/actor.ts';
import { notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { findUnit, findUnitView } from './store.ts';

/** A unit read from the actor's workspace, let through only within the actor's operator scope. */
function admitted<T>(actor: Actor, found: T | null, operatorOf: (found: T) => string): T {
  if (!found) throw notFound('Battery unit not found');
  assertOperatorScope(actor, operatorOf(found), 'battery unit');
  return found;
}

/** The unit, within the actor's workspace and scope; locked for the transaction when asked. */
export async function reachUnit(db: Executor, actor: Actor, id: string, lock = false) {
  const found = await findUnit(db, actor.tenantId, id.toLowerCase(), lock);
  return admitted(actor, found, (row) => row.operatorId).unit;
}

/** What the unit view shows of a unit (store.ts, one statement), under the same rule. */
export async function reachUnitView(db: Executor, actor: Actor, id: string) {
  const found = await findUnitView(db, actor.tenantId, id.toLowerCase());
  return admitted(actor, found, (row) => row.passport.operatorId);
}
