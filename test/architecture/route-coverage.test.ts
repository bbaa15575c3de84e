// Every tenant route of the OpenAPI document (under /api/v1, called with a workspace key) runs the
// shared authentication contract (test/helpers/auth-contract.ts: 401, 403, 402 and the other
// workspace's 404). The check reads each `authContract` call's `method` and `path` from the test
// files' text, so a route added without its contract test fails here, naming the route.
// The EN 18222 Life Cycle API (/v1) takes workspace keys too, but answers its refusals as clause 7.2
// Result objects, not the /api/v1 error body the contract expects: its 401/403/404 are held by
// test/en18222/life-cycle-access.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { testApp } from '../helpers/app.ts';
import { type DocumentedRoute, documentedRoutes } from '../helpers/route-paths.ts';
import { testFiles } from '../helpers/test-files.ts';

/**
 * Tenant routes without the contract today, each a gap to close by adding its `authContract` call
 * and removing it here. The check fails when one of them gains the contract and stays listed, so
 * the list only shrinks.
 */
const KNOWN_GAPS = [
  'DELETE /api/v1/passports/{id}',
  'GET /api/v1/passports',
  'GET /api/v1/passports/{id}/history/at',
  'GET /api/v1/passports/{id}/history/{version}',
  'POST /api/v1/passports/aas/ingest',
  'POST /api/v1/passports/{id}/seal',
  'POST /api/v1/tenants/rotate-keys',
  'POST /api/v1/webhooks/subscriptions/{id}/test',
  'PUT /api/v1/passports/{id}/status',
];

const routeName = (route: Pick<DocumentedRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** The routes the `authContract` calls of the suite name, with the files that call it. */
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

let app: App;
let tenantRoutes: string[];

beforeAll(async () => {
  app = await testApp();
  tenantRoutes = (await documentedRoutes(app))
    .filter((route) => route.path.startsWith('/api/v1/') && route.security.includes('apiKey'))
    .map(routeName)
    .sort();
});
afterAll(() => app.close());

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
