// Bad input gets a 4xx, never a 500: every writing route, fed arbitrary JSON and query strings.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { admin, bearer, testApp } from '../helpers/app.ts';
import { createFacility } from '../helpers/passports.ts';
import { createUnit, unitWorkspace } from '../helpers/units.ts';

describe('no route answers arbitrary input with a 500', () => {
  let app: App;
  let routes: { method: 'POST' | 'PUT' | 'PATCH'; url: string; headers: Record<string, string> }[];
  let reads: string[];
  let token = '';
  beforeAll(async () => {
    app = await testApp();
    const { workspace, passport } = await unitWorkspace(app);
    const unit = await createUnit(app, workspace.token, passport.id);
    const facility = await createFacility(app, workspace);
    const operators = (
      await app.inject({ method: 'GET', url: '/api/v1/operators', headers: bearer(workspace.token) })
    ).json();
    const operatorId = operators.operators[0].id;
    const key = bearer(workspace.token);
    routes = [
      { method: 'POST', url: '/api/v1/keys', headers: key },
      { method: 'POST', url: '/admin/v1/workspaces', headers: admin },
      { method: 'PATCH', url: `/admin/v1/workspaces/${workspace.id}`, headers: admin },
      { method: 'POST', url: '/api/v1/passports/validate-only', headers: key },
      { method: 'POST', url: '/api/v1/operators', headers: key },
      { method: 'PATCH', url: `/api/v1/operators/${operatorId}`, headers: key },
      { method: 'POST', url: '/api/v1/facilities', headers: key },
      { method: 'PUT', url: `/api/v1/facilities/${facility.id}`, headers: key },
      { method: 'POST', url: '/api/v1/passports', headers: key },
      { method: 'PUT', url: `/api/v1/passports/${passport.id}`, headers: key },
      { method: 'PUT', url: `/api/v1/passports/${passport.id}/status`, headers: key },
      { method: 'POST', url: '/api/v1/passports/bulk', headers: key },
      { method: 'POST', url: `/api/v1/passports/${passport.id}/units/validate`, headers: key },
      { method: 'POST', url: `/api/v1/passports/${passport.id}/units`, headers: key },
      { method: 'POST', url: `/api/v1/units/${unit.id}/events`, headers: key },
      { method: 'POST', url: `/api/v1/units/${unit.id}/events/bulk`, headers: key },
      { method: 'POST', url: '/api/v1/gs1/gtin', headers: key },
      { method: 'POST', url: '/api/v1/gs1/decode', headers: key },
      { method: 'POST', url: '/api/v1/gs1/decode/batch', headers: key },
    ];
    reads = [
      '/api/v1/passports',
      `/api/v1/passports/${passport.id}/history`,
      `/api/v1/passports/${passport.id}/history/at`,
      `/api/v1/passports/${passport.id}/units`,
      `/api/v1/units/${unit.id}/events`,
      '/api/v1/operators',
      '/api/v1/materials',
      '/admin/v1/workspaces',
    ];
    token = workspace.token;
  });
  afterAll(() => app.close());

  const body = fc.oneof(
    fc.jsonValue(),
    fc.dictionary(
      fc.constantFrom(
        'productId',
        'category',
        'metadata',
        'units',
        'events',
        'passports',
        'status',
        'serialNumber',
        'eventType',
        'name',
        'regId',
        'gln',
        'recordedAt',
        'cycleCount',
        'payload',
      ),
      fc.jsonValue(),
    ),
  );

  it('writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 1_000 }), body, async (pick, payload) => {
        const route = routes[pick % routes.length] as (typeof routes)[number];
        const response = await app.inject({
          method: route.method,
          url: route.url,
          headers: { ...route.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(
          response.statusCode,
          `${route.method} ${route.url} ${JSON.stringify(payload).slice(0, 200)}: ${response.body.slice(0, 300)}`,
        ).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
  });

  it('query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 1_000 }),
        fc.dictionary(
          fc.constantFrom(
            'page',
            'limit',
            'cursor',
            'at',
            'q',
            'status',
            'category',
            'operatorId',
            'lang',
            'critical',
          ),
          fc.string(),
        ),
        async (pick, query) => {
          const url = reads[pick % reads.length] as string;
          const search = new URLSearchParams(query).toString();
          const response = await app.inject({
            method: 'GET',
            url: `${url}?${search}`,
            headers: url.startsWith('/admin') ? admin : bearer(token),
          });
          expect(response.statusCode, `${url}?${search}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
});
