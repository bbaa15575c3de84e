// Who is acting on passports: the workspace, the key's operator scope and its audit name.
import type { KeyPrincipal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';

export interface Actor {
  tenantId: string;
  /** The key's economic operator, or null for a workspace-wide key. */
  operatorId: string | null;
  /** `key:<prefix>` or `user:<id>`, as history shows it. */
  changedBy: string;
}

export function actorOf(principal: KeyPrincipal): Actor {
  return {
    tenantId: principal.tenant.id,
    operatorId: principal.key.operatorId,
    changedBy: `key:${principal.key.prefix}`,
  };
}

/** An operator-scoped key reaches only its own operator's passports. */
export function assertOperatorScope(actor: Actor, operatorId: string): void {
  if (actor.operatorId !== null && actor.operatorId !== operatorId) {
    throw new AppError('OPERATOR_SCOPE', "This API key is scoped to another economic operator's passports");
  }
}
