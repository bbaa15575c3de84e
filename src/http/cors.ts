// Cross-origin reads of the public resolution routes (GS1-Conformant Resolver: a resolver SHALL
// support CORS, so that a web app or another resolver can follow a Digital Link from a browser).
// A route opts in with `config.cors`; its answers, errors included, then carry the headers below,
// and an OPTIONS request on its path is a preflight answered by the method handling (method-not-
// allowed.ts) with 204. `*` and no credentials mode: the routes are public, and a Bearer key or grant
// is never ambient (a browser sends it only when the calling script adds it).
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served to any origin (resolution routes): CORS headers on every answer, OPTIONS as preflight. */
    cors?: boolean;
  }
}

export const CORS_METHODS = 'GET, HEAD, OPTIONS';

/** On every answer of a CORS route: any origin may read it, and the headers a resolver client follows. */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': CORS_METHODS,
  'access-control-expose-headers': 'Link, Location, ETag',
} as const;

// What a resolution client sends: negotiation, a key or grant, a conditional read.
const DEFAULT_ALLOWED_HEADERS = 'Accept, Accept-Language, Authorization, If-None-Match';
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

/**
 * The preflight answer's headers: the methods, the request headers the caller announced (echoed
 * when they are a well-formed list, since none of them unlocks anything on a public GET), and a
 * day's cache of the answer.
 */
export function preflightHeaders(request: FastifyRequest): Record<string, string> {
  const announced = request.headers['access-control-request-headers'];
  const echoed = typeof announced === 'string' && HEADER_LIST.test(announced.trim());
  return {
    ...CORS_HEADERS,
    'access-control-allow-headers': echoed ? announced.trim() : DEFAULT_ALLOWED_HEADERS,
    'access-control-max-age': '86400',
    vary: 'Access-Control-Request-Headers',
  };
}

/** Sets the CORS headers first thing, so a refusal (400, 404, 406, 429) carries them as well. */
export function registerCors(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.cors) reply.headers(CORS_HEADERS);
    done();
  });
}
