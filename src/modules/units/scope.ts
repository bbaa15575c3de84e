// Who may touch a unit: the workspace that holds it (else 404) and, for an operator-scoped key, only
// units whose passport belongs to the key's economic operator (else 403).

import { type Actor, assertOperatorScope } from '../../core/actor.ts';
import { notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { findUnit } from './store.ts';

/** The unit, within the actor's workspace and scope; locked for the transaction when asked. */
export async function reachUnit(db: Executor, actor: Actor, id: string, lock = false) {
  const found = await findUnit(db, actor.tenantId, id.toLowerCase(), lock);
  if (!found) throw notFound('Battery unit not found');
  assertOperatorScope(actor, found.operatorId, 'battery unit');
  return found.unit;
}
