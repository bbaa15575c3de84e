// The routes of the OpenAPI document and the concrete URLs that stand for them, shared by the
// authentication contract and the route coverage checks.
import type { App } from '../../src/context.ts';

export interface DocumentedRoute {
  method: string;
  /** The path as the document writes it: `/api/v1/units/{id}/events`. */
  path: string;
  /** The security schemes that may call it (none for a public route). */
  security: string[];
}

/**
 * The URL paths an OpenAPI path template stands for: `{name}` is one segment, `{*}` (a wildcard
 * route's rest) one or more.
 */
export const pathPattern = (template: string): RegExp =>
  new RegExp(
    `^${template
      .split(/(\{[^}]+\})/)
      .map((part) => {
        if (part === '{*}') return '.+';
        if (/^\{[^}]+\}$/.test(part)) return '[^/]+';
        return part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
      })
      .join('')}$`,
  );

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface OperationShape {
  security?: Record<string, unknown>[];
}

/** Every operation of the document the app serves, as method and path. */
export async function documentedRoutes(app: App): Promise<DocumentedRoute[]> {
  const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, OperationShape>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        security: (operation.security ?? []).flatMap((scheme) => Object.keys(scheme)),
      })),
  );
}
