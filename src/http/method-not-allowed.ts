// Generic 405: every route is also recorded in a shadow router, so a request that matched no route
// can be told apart — the path exists for other verbs (405 + Allow) or not at all (404). On a path
// served to any origin (`config.cors`, see cors.ts) OPTIONS is a CORS preflight: 204 with Allow and
// the preflight headers; another unserved verb there is 405 as anywhere, OPTIONS listed in Allow.
import type { FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { AppError } from '../core/errors.ts';
import { CORS_HEADERS, preflightHeaders } from './cors.ts';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export function registerMethodHandling(
  app: FastifyInstance,
  routerOptions: { ignoreTrailingSlash: boolean; maxParamLength: number },
): void {
  const shadow = FindMyWay(routerOptions);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const cors = route.config?.cors === true;
    for (const method of methods) {
      if (!METHODS.includes(method as HTTPMethod)) continue;
      if (shadow.hasRoute(method as HTTPMethod, route.url)) continue;
      shadow.on(method as HTTPMethod, route.url, () => {}, { cors });
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const found = METHODS.map((method) => [method, shadow.find(method, path)] as const).filter(
      ([, route]) => route !== null,
    );
    const cors = found.some(([, route]) => (route?.store as { cors?: boolean } | null)?.cors === true);
    const allowed = found.map(([method]) => method);
    if (cors && !allowed.includes('OPTIONS')) allowed.push('OPTIONS');
    if (cors && request.method === 'OPTIONS') {
      return reply
        .code(204)
        .headers({ ...preflightHeaders(request), allow: allowed.join(', ') })
        .send();
    }
    if (allowed.length > 0) {
      throw new AppError('METHOD_NOT_ALLOWED', `Method ${request.method} is not served on ${path}`, {
        headers: { allow: allowed.join(', '), ...(cors ? CORS_HEADERS : {}) },
      });
    }
    throw new AppError('NOT_FOUND', `No route matches ${request.method} ${path}`);
  });
}
