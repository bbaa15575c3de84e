// Operator scope: a key bound to one economic operator (key.operatorId) reaches only that operator's
// data. Tenancy is checked first by the callers, so another workspace's resource stays a 404 and
// this 403 only ever speaks about resources the key's own workspace holds.
import type { KeyPrincipal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';

/** The operator a key is bound to, or null for a workspace-wide key. */
export function scopedOperatorId(principal: KeyPrincipal): string | null {
  return principal.key.operatorId;
}

/** Refuses a scoped key a resource of another operator (or of none, for `null`). */
export function assertOperatorScope(principal: KeyPrincipal, operatorId: string | null, what: string): void {
  const own = scopedOperatorId(principal);
  if (own !== null && own !== operatorId) {
    throw new AppError(
      'OPERATOR_SCOPE',
      `This API key is scoped to another economic operator than this ${what}`,
    );
  }
}

/** Refuses a scoped key an action reserved to workspace-wide keys. */
export function assertWorkspaceWide(principal: KeyPrincipal, action: string): void {
  if (scopedOperatorId(principal) !== null) {
    throw new AppError('OPERATOR_SCOPE', `An operator-scoped API key cannot ${action}`);
  }
}
