// Authentication and authorisation, declared per route as `config.access` and enforced in one
// onRequest hook: credentials first (401), then budgets (429), then host, plan, subscription and
// permission (403/402). A rate-limit answer therefore never stands in for a credential problem.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { looksLikeGrantToken } from '../domain/auth/grant-token.ts';
import type { Permission } from '../domain/auth/permissions.ts';
import { PLANS, type SubscriptionStatus, type Tier } from '../domain/auth/plans.ts';
import { AppError } from './errors.ts';
import type { AnonymousClass, RateLimits } from './rate-limits.ts';

export interface TenantSummary {
  id: string;
  name: string;
  subdomain: string;
  tier: Tier;
  subscriptionStatus: SubscriptionStatus;
  mfaRequired: boolean;
  passportLimit: number;
  activePassports: number;
}

export interface KeyPrincipal {
  kind: 'apiKey';
  tenant: TenantSummary;
  key: { id: string; prefix: string; role: string; permissions: Permission[]; operatorId: string | null };
}

export type Principal = KeyPrincipal | { kind: 'platformAdmin' };

export type AccessPolicy =
  | {
      kind: 'tenant';
      permission?: Permission;
      /** Reachable on plans without API access (whoami: so a client can learn its plan). */
      withoutApiAccess?: boolean;
      /**
       * Also open to a grant holder: a `dpp_li_`/`dpp_auth_` token as the Bearer credential, or
       * `?grant=` with no Authorization header, is handed to the route (`request.grantToken`),
       * which judges it; the call counts against the anonymous per-address budget.
       */
      grants?: boolean;
    }
  | { kind: 'admin' }
  | { kind: 'public'; budget: AnonymousClass | 'none' };

export type KeyLookup = KeyPrincipal | 'revoked' | 'expired' | null;

export interface AuthDeps {
  /** Resolves a presented API token; null for an unknown or malformed one. */
  lookupKey(token: string): Promise<KeyLookup>;
  /** Drops what is cached of a workspace's principals, after a write that may have changed them. */
  forgetWorkspace(tenantId: string): void;
  isAdminToken(token: string): boolean;
  /** Host of PUBLIC_BASE_URL: `<subdomain>.<publicHost>` is a workspace host. */
  publicHost: string;
  limits: RateLimits;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The grant token presented on a route open to grant holders; null otherwise. */
    grantToken: string | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const DEFAULT_POLICY: AccessPolicy = { kind: 'public', budget: 'anonymous' };

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * A grant token presented as the Bearer credential, or as `?grant=` when no Authorization is sent;
 * null otherwise. Public routes (resolution) read it here; tenant routes with `grants: true` get it
 * as `request.grantToken`.
 */
export function presentedGrant(request: FastifyRequest): string | null {
  const bearer = bearerToken(request);
  if (bearer) return looksLikeGrantToken(bearer) ? bearer : null;
  if (bearer === '') return null;
  const query = request.query as { grant?: unknown } | undefined;
  return typeof query?.grant === 'string' ? query.grant : null;
}

/** A host name as DNS compares it: case-insensitive, a trailing root dot and any port ignored. */
export function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/:\d+$/, '').replace(/\.+$/, '');
}

function unauthorized(message: string): AppError {
  return new AppError('UNAUTHORIZED', message, { headers: { 'www-authenticate': 'Bearer' } });
}

/** The tenant principal of a request on a tenant route; the hook guarantees it exists. */
export function tenantOf(request: FastifyRequest): KeyPrincipal {
  const principal = request.principal;
  if (principal?.kind !== 'apiKey')
    throw new AppError('INTERNAL', 'route is missing its tenant access policy');
  return principal;
}

export function registerAuth(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('grantToken', null);

  const suffix = `.${normaliseHost(deps.publicHost)}`;
  function workspaceHost(request: FastifyRequest): string | null {
    const host = normaliseHost(request.hostname);
    return host.endsWith(suffix) ? host.slice(0, -suffix.length) : null;
  }

  async function authenticateTenant(request: FastifyRequest, reply: FastifyReply, policy: AccessPolicy) {
    if (policy.kind !== 'tenant') return;
    const token = bearerToken(request);
    if (token === null) throw unauthorized('Missing credentials: send Authorization: Bearer <API key>');
    if (token === '') throw unauthorized('Malformed Authorization header: expected Bearer <API key>');
    if (deps.isAdminToken(token)) {
      throw new AppError('NOT_TENANT_SESSION', 'A platform-admin session is not scoped to a workspace');
    }
    const found = await deps.lookupKey(token);
    if (found === null) throw unauthorized('Invalid API key');
    if (found === 'revoked') throw unauthorized('API key has been revoked');
    if (found === 'expired') throw unauthorized('API key has expired');

    request.principal = found;
    const { tenant, key } = found;
    await deps.limits.authenticated(request, reply, key.id, tenant.id, tenant.tier);

    const host = workspaceHost(request);
    if (host !== null && host !== tenant.subdomain) {
      throw new AppError('HOST_MISMATCH', 'This API key belongs to another workspace than this host');
    }
    if (!PLANS[tenant.tier].apiAccess && !policy.withoutApiAccess) {
      throw new AppError(
        'PLAN_NO_API_ACCESS',
        `The ${tenant.tier} plan has no API access; upgrade to growth or above`,
      );
    }
    if (!SAFE_METHODS.has(request.method) && tenant.subscriptionStatus !== 'active') {
      throw new AppError(
        'SUBSCRIPTION_INACTIVE',
        `Writes are disabled while the subscription is ${tenant.subscriptionStatus}`,
      );
    }
    if (policy.permission && !key.permissions.includes(policy.permission)) {
      throw new AppError('INSUFFICIENT_PERMISSION', `This API key lacks the ${policy.permission} permission`);
    }
  }

  // A write may change a workspace or its keys (revocation, plan, usage): cached principals of that
  // workspace are dropped before the answer leaves, so the next request on this instance sees it.
  app.addHook('onSend', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const principal = request.principal;
    if (principal?.kind === 'apiKey') deps.forgetWorkspace(principal.tenant.id);
    else if (principal?.kind === 'platformAdmin') {
      const id = (request.params as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string') deps.forgetWorkspace(id);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const policy = request.routeOptions.config?.access ?? DEFAULT_POLICY;
    if (policy.kind === 'tenant' && policy.grants) {
      const grant = presentedGrant(request);
      if (grant !== null) {
        request.grantToken = grant;
        await deps.limits.anonymous(request, reply, 'anonymous');
        return;
      }
    }
    if (policy.kind === 'tenant') return authenticateTenant(request, reply, policy);
    if (policy.kind === 'admin') {
      const token = bearerToken(request);
      if (!token || !deps.isAdminToken(token)) throw unauthorized('Missing or invalid platform admin token');
      request.principal = { kind: 'platformAdmin' };
      return;
    }
    if (policy.budget !== 'none') await deps.limits.anonymous(request, reply, policy.budget);
  });
}
