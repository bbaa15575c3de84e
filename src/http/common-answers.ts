// The error answers a route gives because of what it is, not what it does: any route may fail (500),
// find its store unreachable (503 with Retry-After, see error-handler.ts) or meet a query value the
// store cannot hold (400); a path parameter may name nothing (404); a body
// may be too large (413) or of a type no parser takes (415) on any method that carries one, whether
// or not the route reads it (DELETE included); the access policy brings its own
// refusals. They are declared here, once, so that every route's documented answers are complete
// without each route repeating them. A route's own declarations win. EN 18222 routes (`/v1/...`)
// fail with the Result object instead of the error body.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { isLifeCyclePath } from '../core/schemas.ts';
import type { AccessPolicy } from './auth.ts';

const ERROR_BODY = { $ref: 'ErrorBody' } as const;
const RESULT_BODY = { $ref: 'ResultBody' } as const;
// Fastify parses a body on every method but these.
const BODILESS = new Set(['GET', 'HEAD']);

/** The statuses a route answers by its shape and access policy alone. */
export function commonStatuses(route: Pick<RouteOptions, 'method' | 'schema' | 'config'>): number[] {
  const statuses = new Set([400, 500, 503]);
  const schema = route.schema ?? {};
  if (schema.params) statuses.add(404);
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (schema.body || methods.some((method) => !BODILESS.has(method.toUpperCase()))) {
    statuses.add(413);
    statuses.add(415);
  }
  const access = (route.config as { access?: AccessPolicy } | undefined)?.access;
  if (access?.kind === 'tenant') for (const status of [401, 402, 403, 429]) statuses.add(status);
  else if (access?.kind === 'admin') statuses.add(401);
  else if (access?.kind === 'member') for (const status of [401, 403]) statuses.add(status);
  else if (access?.budget !== 'none') statuses.add(429); // public routes default to the anonymous budget
  return [...statuses].sort();
}

export function registerCommonAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    // Routes without a schema, or hidden from the document, are the docs UI's own files.
    if (!route.schema || route.schema.hide) return;
    const declared = (route.schema.response ?? {}) as Record<string, unknown>;
    const body = isLifeCyclePath(route.url) ? RESULT_BODY : ERROR_BODY;
    const common = Object.fromEntries(commonStatuses(route).map((status) => [status, body]));
    // A new object: schema objects may be shared between routes.
    route.schema = { ...route.schema, response: { ...common, ...declared } };
  });
}
