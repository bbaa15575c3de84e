// The one Actor: who acts on a tenant route (workspace, credential, permissions, operator scope),
// built by the auth hook from the principal and passed to every service, with the one operator-scope
// check every module shares. Tenancy is checked first by the callers (another workspace's resource
// is a 404), so the 403 here only ever speaks of resources the actor's own workspace holds.
import type { FastifyRequest } from 'fastify';
import type { Permission } from '../domain/auth/permissions.ts';
import type { TenantPrincipal } from './auth.ts';
import { AppError } from './errors.ts';

export interface Actor {
  tenantId: string;
  /** The credential acting: an API key, or a console member's session. */
  credential:
    | { kind: 'apiKey'; id: string; prefix: string }
    | { kind: 'session'; id: string; memberId: string };
  role: string;
  permissions: readonly Permission[];
  /** The key's economic operator, or null for a workspace-wide credential. */
  operatorId: string | null;
  /** `key:<prefix>` or `user:<id>`, as history and the audit trail show it. */
  changedBy: string;
}

export function actorFromPrincipal(principal: TenantPrincipal): Actor {
  if (principal.kind === 'session') {
    const { tenant, member, session } = principal;
    // Members are workspace-wide: operator-scoped people are not modelled (docs/console.md).
    return {
      tenantId: tenant.id,
      credential: { kind: 'session', id: session.id, memberId: member.id },
      role: member.role,
      permissions: member.permissions,
      operatorId: null,
      changedBy: `user:${member.id}`,
    };
  }
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
  if (principal?.kind !== 'apiKey' && principal?.kind !== 'session')
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

/**
 * The operator every list and write of the actor is confined to. An operator-scoped key is always
 * confined to its own operator: naming it changes nothing, naming another is 403 `OPERATOR_SCOPE`
 * (never a silent switch to its own). A workspace-wide actor gets what it asked for: one operator,
 * or undefined for all of them.
 */
export function scopedOperator(
  actor: Actor,
  requested: string | undefined,
  what: string,
): string | undefined {
  if (requested !== undefined) assertOperatorScope(actor, requested, what);
  return actor.operatorId ?? requested;
}

/** Refuses an operator-scoped actor an action reserved to workspace-wide credentials. */
export function assertWorkspaceWide(actor: Actor, action: string): void {
  if (actor.operatorId !== null) {
    throw new AppError('OPERATOR_SCOPE', `An operator-scoped API key cannot ${action}`);
  }
}
