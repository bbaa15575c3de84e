// How many bytes of body a route reads before it answers 413 (docs/service.md). Reading a JSON body
// costs the event loop in proportion to its size (parsing, the hygiene walk, the checks), so the
// largest body a route accepts is that route's worst case. Anonymous callers get a small limit:
// their budget of requests a minute must not buy seconds of the node's time. Authenticated routes
// keep the service's limit, which a bulk of 200 passports needs; a route may still name its own.
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AccessPolicy } from './auth.ts';

/** Body limit of authenticated routes, and Fastify's server-wide limit. */
export const SERVICE_BODY_LIMIT = 5 * 1024 * 1024;

/** Body limit of routes anyone may call (public access policy, or none declared). */
export const ANONYMOUS_BODY_LIMIT = 128 * 1024;

/** The limit a route gets when it does not name one. */
export function defaultBodyLimit(route: Pick<RouteOptions, 'config'>): number {
  const access = (route.config as { access?: AccessPolicy } | undefined)?.access;
  return access === undefined || access.kind === 'public' ? ANONYMOUS_BODY_LIMIT : SERVICE_BODY_LIMIT;
}

export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= defaultBodyLimit(route);
  });
}
