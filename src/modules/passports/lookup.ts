// Finding the passport a reference names, within a workspace and the actor's operator scope. Apart
// from service.ts so that the module's other files (history) can find passports without importing it.
import type { Executor } from '../../db/client.ts';
import { parsePassportReference } from '../../domain/passports/identity.ts';
import { type Actor, assertOperatorScope } from '../../http/actor.ts';
import { notFound } from '../../http/errors.ts';
import * as store from './store.ts';

/**
 * The passport a reference names in a workspace, without an actor: for grant holders, whose grant
 * names the workspace and whose coverage the grants module judges. Null when there is none.
 */
export function findPassportInWorkspace(db: Executor, tenantId: string, reference: string) {
  return store.findPassport(db, tenantId, parsePassportReference(reference));
}

/** The passport a reference names, within the actor's workspace and operator scope. */
export async function resolvePassport(db: Executor, actor: Actor, reference: string, lock = false) {
  const row = await store.findPassport(db, actor.tenantId, parsePassportReference(reference), lock);
  if (!row) throw notFound('Passport not found');
  assertOperatorScope(actor, row.operatorId, 'passport');
  return row;
}

/**
 * For the unit routes, which name a passport by "its UUID (tried first) or its caller-supplied
 * productId": a UUID-shaped reference that names no passport is tried once more as a productId.
 */
export async function resolvePassportByIdOrProductId(db: Executor, actor: Actor, reference: string) {
  const parsed = parsePassportReference(reference);
  let row = await store.findPassport(db, actor.tenantId, parsed);
  if (!row && 'id' in parsed)
    row = await store.findPassport(db, actor.tenantId, { productId: reference.trim() });
  if (!row) throw notFound('Passport not found');
  assertOperatorScope(actor, row.operatorId, 'passport');
  return row;
}
