// The one Actor: who acts on a tenant route (workspace, credential, permissions, operator scope),
// built by the auth hook from the principal and passed to every service, with the one operator-scope
// check every module shares. Tenancy is checked first by the callers (another workspace's resource
// is a 404), so the 403 here only ever speaks of resources the actor's own workspace holds.
import type { FastifyRequest } from 'fastify';
import type { Permission } from '../domain/auth/permissions.ts';
import type { KeyPrincipal } from './auth.ts';
import { AppError } from './errors.ts';

export interface Actor {
  tenantId: string;
  /** The credential acting: an API key today (console sessions will add their own kind). */
  credential: { kind: 'apiKey'; id: string; prefix: string };
  role: string;
  permissions: readonly Permission[];
  /** The key's economic operator, or null for a workspace-wide credential. */
  operatorId: string | null;
  /** `key:<prefix>` or `user:<id>`, as history and the audit trail show it. */
  changedBy: string;
}

export function actorFromPrincipal(principal: KeyPrincipal): Actor {
  const { tenant, key } = principal;
  return {
    tenantId: tenant.id,
    credential: { kind: 'apiKey', id: key.id, prefix: key.prefix },
    role: key.role,
    permissions: key.permissions,
    operatorId: key.operatorId,
    changedBy: `key:${key.prefix}`,
  };
}

/** The actor of a request on a tenant route; the auth hook guarantees it exists. */
export function actorOf(request: FastifyRequest): Actor {
  const principal = request.principal;
  if (principal?.kind !== 'apiKey')
    throw new AppError('INTERNAL', 'route is missing its tenant access policy');
  return actorFromPrincipal(principal);
}

export const can = (actor: Actor, permission: Permission) => actor.permissions.includes(permission);

/**
 * Refuses an operator-scoped actor a resource of another operator, or of none (`null`): a scoped
 * key reaches only its own operator's data.
 */
export function assertOperatorScope(actor: Actor, operatorId: string | null, what: string): void {
  if (actor.operatorId !== null && actor.operatorId !== operatorId) {
    throw new AppError(
      'OPERATOR_SCOPE',
      `This API key is scoped to another economic operator than this ${what}`,
    );
  }
}

/** Refuses an operator-scoped actor an action reserved to workspace-wide credentials. */
export function assertWorkspaceWide(actor: Actor, action: string): void {
  if (actor.operatorId !== null) {
    throw new AppError('OPERATOR_SCOPE', `An operator-scoped API key cannot ${action}`);
  }
}
