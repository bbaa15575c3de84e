// Generic 405: every route is also recorded in a shadow router, so a request that matched no route
// can be told apart — the path exists for other verbs (405 + Allow) or not at all (404).
import type { FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { AppError } from '../core/errors.ts';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export function registerMethodHandling(
  app: FastifyInstance,
  routerOptions: { ignoreTrailingSlash: boolean; maxParamLength: number },
): void {
  const shadow = FindMyWay(routerOptions);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!METHODS.includes(method as HTTPMethod)) continue;
      if (shadow.hasRoute(method as HTTPMethod, route.url)) continue;
      shadow.on(method as HTTPMethod, route.url, () => {});
    }
  });

  app.setNotFoundHandler((request) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((method) => shadow.find(method, path) !== null);
    if (allowed.length > 0) {
      throw new AppError('METHOD_NOT_ALLOWED', `Method ${request.method} is not served on ${path}`, {
        headers: { allow: allowed.join(', ') },
      });
    }
    throw new AppError('NOT_FOUND', `No route matches ${request.method} ${path}`);
  });
}
