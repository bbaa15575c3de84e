// How many bytes of body a route reads before it answers 413 (docs/service.md). Reading a JSON body
// costs the event loop in proportion to its size (parsing, the hygiene walk, the checks), so the
// largest body a route accepts is that route's worst case. Anonymous callers get a small limit:
// their budget of requests a minute must not buy seconds of the node's time. Authenticated routes
// keep the service's limit, which a bulk of 200 passports needs; a route may still name its own.
// A route's limit wins over its content-type parser's (Fastify), so a route whose form parser is
// tighter than the anonymous limit names that limit itself (the grant request form does).
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AccessPolicy } from './auth.ts';

/** Fastify's server-wide limit: what authenticated routes read unless a parser or the route says less. */
export const SERVICE_BODY_LIMIT = 5 * 1024 * 1024;

/** Body limit of routes anyone may call (public access policy, or none declared). */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024;

/** Body limit of the console's form pages, whose form parser has the same. */
export const FORM_PAGE_BODY_LIMIT = 64 * 1024;

/**
 * The limit of a route that names none, or undefined to leave it to its parser and the server.
 * Authentication runs before the body is read, so only routes that let anyone through need one:
 * public routes, and console pages a visitor without a session may post (`optional`), whose JSON
 * bodies would otherwise get the server's limit although their forms do not.
 */
function defaultBodyLimit(route: Pick<RouteOptions, 'config'>): number | undefined {
  const access = (route.config as { access?: AccessPolicy } | undefined)?.access;
  if (access === undefined || access.kind === 'public') return ANONYMOUS_BODY_LIMIT;
  if (access.kind === 'member' && access.optional) return FORM_PAGE_BODY_LIMIT;
  return undefined;
}

export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= defaultBodyLimit(route);
  });
}
