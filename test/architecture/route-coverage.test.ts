// Every tenant route of the OpenAPI document (under /api/v1, called with a workspace key) runs the
// shared authentication contract (test/helpers/auth-contract.ts: 401, 403, 402 and the other
// workspace's 404). The check reads each `authContract` call's `method` and `path` from the test
// files' text, so a route added without its contract test fails here, naming the route.
// The EN 18222 Life Cycle API (/v1) takes workspace keys too, but answers its refusals as clause 7.2
// Result objects, not the /api/v1 error body the contract expects: its 401/403/404 are held by
// test/en18222/life-cycle-access.test.ts.
// And every route of the document, public ones (`/01/{key}`, `/passport/{id}`) included, has a test
// file that names its path: the template itself or a URL that matches it.
import { beforeAll, describe, expect, it } from 'vitest';
import { type DocumentedRoute, documentedRoutes, pathPattern } from '../helpers/route-paths.ts';
import { spelledPaths, testFiles } from '../helpers/test-files.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

/**
 * Tenant routes without the contract today, each a gap to close by adding its `authContract` call
 * and removing it here. The check fails when one of them gains the contract and stays listed, so
 * the list only shrinks.
 */
const KNOWN_GAPS: string[] = [];

const routeName = (route: Pick<DocumentedRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** The routes the `authContract` calls of the suite name, and the files with a call it cannot read. */
function contractedRoutes(): { routes: Set<string>; unreadable: string[] } {
  const routes = new Set<string>();
  const unreadable: string[] = [];
  for (const file of testFiles()) {
    const calls = file.text.split(/\bauthContract\(\{/).slice(1);
    for (const call of calls) {
      const named = /^\s*method:\s*'(\w+)',\s*path:\s*'([^']+)'/.exec(call);
      if (named) routes.add(`${named[1]} ${named[2]}`);
      else unreadable.push(file.name);
    }
  }
  return { routes, unreadable };
}

/** Routes of the document no test file names today: the list only shrinks, as above. */
const UNNAMED_ROUTES: string[] = [];

const app = useTestApp();
let routes: DocumentedRoute[];
let tenantRoutes: string[];

beforeAll(async () => {
  routes = await documentedRoutes(app);
  tenantRoutes = routes
    .filter((route) => route.path.startsWith('/api/v1/') && route.security.includes('apiKey'))
    .map(routeName)
    .sort();
});

describe('the authentication contract over the tenant routes', () => {
  it('reads the method and path of every authContract call', () => {
    // `method` then `path` open every call, so that this check can read them.
    expect(contractedRoutes().unreadable).toEqual([]);
  });

  it('runs on every tenant route, the known gaps aside', () => {
    const { routes } = contractedRoutes();
    const uncovered = tenantRoutes.filter((route) => !routes.has(route));
    expect(uncovered).toEqual([...KNOWN_GAPS].sort());
  });

  it('names only routes the document has', () => {
    const known = new Set(tenantRoutes);
    expect([...contractedRoutes().routes].filter((route) => !known.has(route))).toEqual([]);
  });
});

describe('a test file for every route', () => {
  it('names the path of every route of the document, the known gaps aside', () => {
    const files = testFiles().map((file) => ({ text: file.text, paths: spelledPaths(file.text) }));
    const named = (route: DocumentedRoute) => {
      const pattern = pathPattern(route.path);
      return files.some(
        (file) => file.text.includes(route.path) || file.paths.some((path) => pattern.test(path)),
      );
    };
    const unnamed = routes.filter((route) => !named(route)).map(routeName);
    expect(unnamed.sort()).toEqual([...UNNAMED_ROUTES].sort());
  });
});
