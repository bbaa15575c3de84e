// Authentication and authorisation, declared per route as `config.access` and enforced in one
// onRequest hook: credentials first (401), then budgets (429), then host, plan, subscription and
// permission (403/402). A rate-limit answer therefore never stands in for a credential problem.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import { normaliseHost } from '../core/host.ts';
import { keyPrincipal, unauthorized } from '../core/key-credential.ts';
import type {
  KeyLookup,
  Principal,
  SessionDeps,
  SessionPrincipal,
  TenantPrincipal,
} from '../core/principal.ts';
import { looksLikeGrantToken } from '../domain/auth/grant-token.ts';
import { permissionRefusal } from '../domain/auth/permission-refusal.ts';
import type { Permission } from '../domain/auth/permissions.ts';
import { PLANS } from '../domain/auth/plans.ts';
import type { AnonymousClass, RateLimits } from './rate-limits.ts';

export type AccessPolicy =
  | {
      kind: 'tenant';
      permission?: Permission;
      /** A second permission that opens the route as well (the EPCIS query: event:read or passport:read). */
      orPermission?: Permission;
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
  | { kind: 'public'; budget: AnonymousClass | 'none' }
  /**
   * A console member's own business (their session, MFA, the console's pages): a session only,
   * no plan or MFA gate, CSRF on cookie writes. `optional` leaves the principal null without one.
   */
  | {
      kind: 'member';
      optional?: boolean;
      /** A console form: its CSRF token comes in the body, checked by the handler once parsed. */
      formCsrf?: boolean;
    };

export interface AuthDeps {
  /** Resolves a presented API token; null for an unknown or malformed one. */
  lookupKey(token: string): Promise<KeyLookup>;
  /** Drops what is cached of a workspace's principals, after a write that may have changed them. */
  forgetWorkspace(tenantId: string): void;
  isAdminToken(token: string): boolean;
  /** Host of PUBLIC_BASE_URL: `<subdomain>.<publicHost>` is a workspace host. */
  publicHost: string;
  limits: RateLimits;
  /** Console sessions; absent, only API keys authenticate workspace routes. */
  sessions?: SessionDeps;
  /**
   * Whether a request is the node asking itself in process (the registry's IDENTIFIER_RESOLVES
   * check, docs/registry.md): such a public read counts against no reader's budget.
   */
  isSelfRequest?: (request: FastifyRequest) => boolean;
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

const credentialName = (principal: TenantPrincipal) => (principal.kind === 'apiKey' ? 'API key' : 'session');

/** The tenant principal of a request on a tenant route; the hook guarantees it exists. */
export function tenantOf(request: FastifyRequest): TenantPrincipal {
  const principal = request.principal;
  if (principal?.kind !== 'apiKey' && principal?.kind !== 'session')
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

  // A session cookie counts only where no Authorization header is sent; a cookie write must carry
  // the session's CSRF token, a Bearer one is exempt (a browser never adds it on its own).
  async function sessionFromCookie(
    request: FastifyRequest,
    formCsrf = false,
  ): Promise<SessionPrincipal | null> {
    const sessions = deps.sessions;
    const cookie = sessions ? request.cookies?.[sessions.cookieName] : undefined;
    if (!sessions || !cookie) return null;
    const found = await sessions.lookup(cookie, 'cookie');
    if (!found) return null;
    if (!SAFE_METHODS.has(request.method) && !formCsrf) {
      const presented = request.headers['x-csrf-token'];
      if (typeof presented !== 'string' || !sessions.sameCsrfToken(found.session.id, presented)) {
        throw new AppError(
          'FORBIDDEN',
          'A cookie-session write needs the X-CSRF-Token header of its session',
        );
      }
    }
    return found;
  }

  async function credentialOf(request: FastifyRequest): Promise<TenantPrincipal> {
    const token = bearerToken(request);
    if (token === null) {
      const session = await sessionFromCookie(request);
      if (session) return session;
      throw unauthorized('Missing credentials: send Authorization: Bearer <API key>');
    }
    if (token === '') throw unauthorized('Malformed Authorization header: expected Bearer <API key>');
    if (deps.isAdminToken(token)) {
      throw new AppError('NOT_TENANT_SESSION', 'A platform-admin session is not scoped to a workspace');
    }
    if (deps.sessions?.looksLikeSession(token)) {
      const session = await deps.sessions.lookup(token, 'bearer');
      if (!session) throw unauthorized('Invalid, expired or ended session');
      return session;
    }
    return keyPrincipal(await deps.lookupKey(token));
  }

  function checkHost(request: FastifyRequest, tenantPrincipal: TenantPrincipal) {
    const { tenant } = tenantPrincipal;
    const host = workspaceHost(request);
    if (host !== null && host !== tenant.subdomain) {
      throw new AppError(
        'HOST_MISMATCH',
        `This ${credentialName(tenantPrincipal)} belongs to another workspace than this host`,
      );
    }
  }

  async function authenticateMember(
    request: FastifyRequest,
    policy: { optional?: boolean; formCsrf?: boolean },
  ) {
    const token = bearerToken(request);
    const found =
      token && deps.sessions?.looksLikeSession(token)
        ? await deps.sessions.lookup(token, 'bearer')
        : await sessionFromCookie(request, policy.formCsrf);
    if (!found) {
      if (policy.optional) return;
      throw unauthorized('Sign in to the console first');
    }
    checkHost(request, found);
    request.principal = found;
  }

  async function authenticateTenant(request: FastifyRequest, reply: FastifyReply, policy: AccessPolicy) {
    if (policy.kind !== 'tenant') return;
    const found = await credentialOf(request);
    request.principal = found;
    const { tenant } = found;
    const rights = found.kind === 'apiKey' ? found.key : found.member;
    await deps.limits.authenticated(request, reply, rights.id, tenant.id, tenant.tier);

    checkHost(request, found);
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
    const holds = (permission: Permission | undefined) =>
      permission !== undefined && rights.permissions.includes(permission);
    if (policy.permission && !holds(policy.permission) && !holds(policy.orPermission)) {
      throw new AppError(
        'INSUFFICIENT_PERMISSION',
        permissionRefusal(
          credentialName(found),
          policy.orPermission ? `${policy.permission} or ${policy.orPermission}` : policy.permission,
          { method: request.method, url: request.routeOptions.url },
          rights.permissions,
        ),
      );
    }
    // People sign in to sessions; keys are machine credentials and exempt here, but cannot create keys
    // while MFA is required (keys/mfa-gate.ts; docs/authentication.md).
    if (
      found.kind === 'session' &&
      tenant.mfaRequired &&
      !found.member.mfaEnrolled &&
      !SAFE_METHODS.has(request.method)
    ) {
      throw new AppError(
        'MFA_REQUIRED',
        'This workspace requires two-factor authentication: enrol it in the console first',
      );
    }
  }

  // A write may change a workspace or its keys (revocation, plan, usage): cached principals of that
  // workspace are dropped before the answer leaves, so the next request on this instance sees it.
  // (A callback hook, not an async one: it runs on every answer, and reads need no promise.)
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!SAFE_METHODS.has(request.method)) {
      const principal = request.principal;
      if (principal?.kind === 'apiKey' || principal?.kind === 'session')
        deps.forgetWorkspace(principal.tenant.id);
      else if (principal?.kind === 'platformAdmin') {
        const id = (request.params as { id?: unknown } | undefined)?.id;
        if (typeof id === 'string') deps.forgetWorkspace(id);
      }
    }
    done(null, payload);
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
    if (policy.kind === 'member') return authenticateMember(request, policy);
    if (policy.kind === 'admin') {
      const token = bearerToken(request);
      if (!token || !deps.isAdminToken(token)) throw unauthorized('Missing or invalid platform admin token');
      request.principal = { kind: 'platformAdmin' };
      return;
    }
    if (policy.budget !== 'none' && !deps.isSelfRequest?.(request))
      await deps.limits.anonymous(request, reply, policy.budget);
  });
}
