// Bad input gets a documented 4xx, never a 500. Every write and list route is fed the classes that
// once reached the store (NUL and unpaired surrogates in any string, JSON nested past the limit,
// numbers beyond the columns, ids that are not UUIDs), in bodies, paths and query strings. Each
// refusal has the documented body and the request id, and leaves the store as it was.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { queryRows } from '../../src/db/client.ts';
import { ERROR_CODES } from '../../src/http/errors.ts';
import { admin, bearer, createWorkspace, testApp } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import {
  type FieldKind,
  hostileFor,
  hostilePathSegment,
  hostileQueryValue,
  hostileValue,
  toJsonText,
} from '../helpers/hostile.ts';
import { batteryMetadata, createFacility, createPassport, newGtin13 } from '../helpers/passports.ts';
import { createUnit, uniqueSerial, unitWorkspace } from '../helpers/units.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Path = (string | number)[];

interface WriteRoute {
  method: Method;
  url: string;
  admin?: boolean;
  /** A valid body: the mutation replaces one field of it, so checks past the first one are reached. */
  base: () => Record<string, unknown>;
  fields: [Path, FieldKind][];
  /** Bulk routes: how many rows the base body has (a bad row fails alone). */
  rows?: { field: string; count: number };
  /** Told of each accepted write, for routes whose valid body depends on the state it leaves. */
  accepted?: (answer: Record<string, unknown>) => void;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Sets a value at a path of a (cloned) body; the empty path replaces the whole body. */
function mutate(body: Record<string, unknown>, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  let target = body as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) {
    target[step] ??= {};
    target = target[step] as Record<string | number, unknown>;
  }
  target[path[path.length - 1] as string | number] = value;
  return body;
}

/** Never a 5xx; every answer carries its request id; every refusal is one of the documented bodies. */
function expectDocumentedAnswer(response: LightMyRequestResponse, what: string) {
  const context = `${what} → ${response.statusCode}: ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  const requestId = response.headers['x-request-id'];
  expect(requestId, context).toMatch(REQUEST_ID);
  if (response.statusCode < 400) return;
  const body = response.json();
  if ('statusCode' in body) {
    // The framework body, kept where the contract names it (malformed JSON, query violations, URLs).
    expect(body, context).toEqual({
      statusCode: response.statusCode,
      code: expect.stringMatching(/^FST_/),
      error: expect.any(String),
      message: expect.any(String),
      requestId,
    });
    return;
  }
  if (body.error === 'Serialisation Failed') {
    // The contract's own body when every unit of a serialisation failed: the reasons, no message.
    expect(body, context).toEqual({
      success: false,
      error: 'Serialisation Failed',
      errors: expect.any(Array),
    });
    return;
  }
  expect(body, context).toMatchObject({
    success: false,
    error: expect.any(String),
    message: expect.any(String),
    code: expect.any(String),
  });
  const code = ERROR_CODES[body.code as keyof typeof ERROR_CODES];
  expect(code?.status, `${context} (code ${body.code})`).toBe(response.statusCode);
}

describe('no route answers hostile input with a 500', () => {
  let app: App;
  let token = '';
  let tenants: string[] = [];
  let writes: WriteRoute[] = [];
  let pathRoutes: { method: Method; url: (id: string) => string; admin?: boolean; body?: unknown }[] = [];
  let lists: { url: string; admin?: boolean; keys: string[] }[] = [];

  beforeAll(async () => {
    app = await testApp();
    const { workspace, passport } = await unitWorkspace(app);
    const other = await createWorkspace(app);
    token = workspace.token;
    tenants = [workspace.id, other.id];
    const operatorId = (passport.economicOperator as { id: string }).id;
    const facility = await createFacility(app, workspace);
    // Status moves are one-way: they get a passport of their own so the others stay writable.
    const statusPassport = await createPassport(app, token);
    const unit = await createUnit(app, token, passport.id);
    let statusNow = 'ACTIVE';

    const goodPassport = () => ({
      productId: newGtin13(),
      category: 'batteries',
      originCountry: 'DE',
      operatorId,
      metadata: batteryMetadata(),
    });
    const goodEvent = () => ({ eventType: 'SOH_MEASUREMENT', stateOfHealth: 90, cycleCount: 10 });
    const passportFields: [Path, FieldKind][] = [
      [['productId'], 'string'],
      [['category'], 'string'],
      [['originCountry'], 'string'],
      [['operatorId'], 'id'],
      [['facilityId'], 'id'],
      [['granularity'], 'string'],
      [['status'], 'string'],
      [['metadata'], 'json'],
      [['metadata', 'internalNotes'], 'string'],
      [['metadata', 'performance', 'ratedCapacity'], 'number'],
      [['metadata', 'generalInformation'], 'json'],
      [[], 'json'],
    ];
    const eventFields: [Path, FieldKind][] = [
      [['eventType'], 'string'],
      [['stateOfHealth'], 'number'],
      [['cycleCount'], 'number'],
      [['remainingCapacityAh'], 'number'],
      [['temperatureC'], 'number'],
      [['recordedAt'], 'date'],
      [['payload'], 'json'],
      [['payload', 'note'], 'string'],
      [['status'], 'string'],
    ];
    const unitFields: [Path, FieldKind][] = [
      [['serialNumber'], 'string'],
      [['manufacturedAt'], 'date'],
      [['predecessorUnitId'], 'id'],
      [['predecessorStatus'], 'string'],
      [['status'], 'string'],
    ];
    const inRow = (field: string, fields: [Path, FieldKind][]): [Path, FieldKind][] => [
      ...fields
        .filter(([path]) => path.length > 0)
        .map(([path, kind]): [Path, FieldKind] => [[field, 1, ...path], kind]),
      [[field, 1], 'json'],
      [[field], 'json'],
    ];
    const key = { name: 'hostile' };

    writes = [
      {
        method: 'POST',
        url: '/api/v1/keys',
        base: () => ({ ...key }),
        fields: [
          [['name'], 'string'],
          [['operatorId'], 'id'],
          [['expiresAt'], 'date'],
          [['role'], 'string'],
          [['permissions'], 'json'],
          [[], 'json'],
        ],
      },
      {
        method: 'POST',
        url: '/admin/v1/workspaces',
        admin: true,
        base: () => ({ name: 'Hostile', subdomain: `h-${randomUUID().slice(0, 8)}`, tier: 'growth' }),
        fields: [
          [['name'], 'string'],
          [['subdomain'], 'string'],
          [['tier'], 'string'],
          [['passportLimit'], 'number'],
          [[], 'json'],
        ],
      },
      {
        method: 'PATCH',
        url: `/admin/v1/workspaces/${other.id}`,
        admin: true,
        base: () => ({ passportLimit: 100 }),
        fields: [
          [['passportLimit'], 'number'],
          [['tier'], 'string'],
          [['subscriptionStatus'], 'string'],
          [['mfaRequired'], 'json'],
        ],
      },
      {
        method: 'POST',
        url: `/admin/v1/workspaces/${other.id}/keys`,
        admin: true,
        base: () => ({ ...key }),
        fields: [
          [['name'], 'string'],
          [['operatorId'], 'id'],
          [['expiresAt'], 'date'],
        ],
      },
      {
        method: 'POST',
        url: '/api/v1/operators',
        base: () => ({
          name: 'Hostile Cells GmbH',
          regIdScheme: 'DE-HRB',
          regId: `HRB${randomUUID().slice(0, 8)}`,
          role: 'MANUFACTURER',
          country: 'DE',
        }),
        fields: [
          [['name'], 'string'],
          [['regId'], 'string'],
          [['regIdScheme'], 'string'],
          [['role'], 'string'],
          [['country'], 'string'],
          [['address', 'street'], 'string'],
          [['address'], 'json'],
        ],
      },
      {
        method: 'PATCH',
        url: `/api/v1/operators/${operatorId}`,
        base: () => ({ name: 'VoltCell Europe GmbH' }),
        fields: [
          [['name'], 'string'],
          [['country'], 'string'],
          [['address', 'city'], 'string'],
          [['address'], 'json'],
        ],
      },
      {
        method: 'POST',
        url: '/api/v1/facilities',
        base: () => ({
          gln: newGtin13(),
          name: 'Hostile plant',
          activity: 'manufacturing',
          country: 'DE',
          operatorId,
        }),
        fields: [
          [['gln'], 'string'],
          [['name'], 'string'],
          [['activity'], 'string'],
          [['country'], 'string'],
          [['operatorId'], 'id'],
          [['address', 'street'], 'string'],
          [['address'], 'json'],
        ],
      },
      {
        method: 'PUT',
        url: `/api/v1/facilities/${facility.id}`,
        base: () => ({ name: 'Cell plant', activity: 'manufacturing', country: 'DE', operatorId }),
        fields: [
          [['operatorId'], 'id'],
          [['name'], 'string'],
          [['gln'], 'string'],
          [['address'], 'json'],
        ],
      },
      { method: 'POST', url: '/api/v1/passports', base: goodPassport, fields: passportFields },
      { method: 'POST', url: '/api/v1/passports/validate-only', base: goodPassport, fields: passportFields },
      {
        method: 'PUT',
        url: `/api/v1/passports/${passport.id}`,
        base: () => ({ metadata: batteryMetadata(), changeReason: 'hostile input' }),
        fields: [...passportFields, [['changeReason'], 'string']],
      },
      {
        method: 'PUT',
        url: `/api/v1/passports/${statusPassport.id}/status`,
        // ACTIVE and RECALLED are each other's only move: the valid body flips with every accepted one.
        base: () => ({ status: statusNow === 'ACTIVE' ? 'RECALLED' : 'ACTIVE', reason: 'hostile input' }),
        accepted: (answer) => {
          statusNow = (answer.passport as { status: string }).status;
        },
        fields: [
          [['status'], 'string'],
          [['reason'], 'string'],
          [[], 'json'],
        ],
      },
      {
        method: 'POST',
        url: '/api/v1/passports/bulk',
        base: () => ({ passports: [goodPassport(), goodPassport(), goodPassport()] }),
        fields: inRow('passports', passportFields),
        rows: { field: 'passports', count: 3 },
      },
      {
        method: 'POST',
        url: `/api/v1/passports/${passport.id}/units/validate`,
        base: () => ({ serialNumber: uniqueSerial() }),
        fields: unitFields,
      },
      {
        method: 'POST',
        url: `/api/v1/passports/${passport.id}/units`,
        base: () => ({ serialNumber: uniqueSerial() }),
        fields: [...unitFields, [[], 'json']],
      },
      {
        method: 'POST',
        url: `/api/v1/passports/${passport.id}/units`,
        base: () => ({ units: [{ serialNumber: uniqueSerial() }, { serialNumber: uniqueSerial() }] }),
        fields: inRow('units', unitFields),
        rows: { field: 'units', count: 2 },
      },
      {
        method: 'POST',
        url: `/api/v1/units/${unit.id}/events`,
        base: goodEvent,
        fields: [...eventFields, [[], 'json']],
      },
      {
        method: 'POST',
        url: `/api/v1/units/${unit.id}/events/bulk`,
        base: () => ({ events: [goodEvent(), goodEvent()] }),
        fields: inRow('events', eventFields),
      },
    ];

    const passportBody = { metadata: batteryMetadata() };
    pathRoutes = [
      { method: 'GET', url: (id) => `/api/v1/operators/${id}` },
      { method: 'PATCH', url: (id) => `/api/v1/operators/${id}`, body: { name: 'x' } },
      { method: 'DELETE', url: (id) => `/api/v1/operators/${id}` },
      { method: 'POST', url: (id) => `/api/v1/operators/${id}/restore` },
      { method: 'GET', url: (id) => `/api/v1/facilities/${id}` },
      {
        method: 'PUT',
        url: (id) => `/api/v1/facilities/${id}`,
        body: { name: 'x', activity: 'assembly', country: 'DE' },
      },
      { method: 'DELETE', url: (id) => `/api/v1/facilities/${id}` },
      { method: 'GET', url: (id) => `/api/v1/passports/${id}` },
      { method: 'PUT', url: (id) => `/api/v1/passports/${id}`, body: passportBody },
      { method: 'DELETE', url: (id) => `/api/v1/passports/${id}` },
      { method: 'PUT', url: (id) => `/api/v1/passports/${id}/status`, body: { status: 'RECALLED' } },
      { method: 'GET', url: (id) => `/api/v1/passports/${id}/history` },
      { method: 'GET', url: (id) => `/api/v1/passports/${id}/history/at?at=2020-01-01T00:00:00Z` },
      { method: 'GET', url: (id) => `/api/v1/passports/${passport.id}/history/${id}` },
      { method: 'GET', url: (id) => `/api/v1/passports/${id}/units` },
      { method: 'POST', url: (id) => `/api/v1/passports/${id}/units`, body: { serialNumber: 'S1' } },
      { method: 'POST', url: (id) => `/api/v1/passports/${id}/units/validate`, body: { serialNumber: 'S1' } },
      { method: 'GET', url: (id) => `/api/v1/units/${id}` },
      { method: 'DELETE', url: (id) => `/api/v1/units/${id}` },
      { method: 'GET', url: (id) => `/api/v1/units/${id}/events` },
      { method: 'POST', url: (id) => `/api/v1/units/${id}/events`, body: goodEvent() },
      { method: 'POST', url: (id) => `/api/v1/units/${id}/events/bulk`, body: { events: [goodEvent()] } },
      { method: 'DELETE', url: (id) => `/api/v1/keys/${id}` },
      { method: 'GET', url: (id) => `/admin/v1/workspaces/${id}`, admin: true },
      { method: 'PATCH', url: (id) => `/admin/v1/workspaces/${id}`, admin: true, body: { passportLimit: 5 } },
      { method: 'GET', url: (id) => `/admin/v1/workspaces/${id}/keys`, admin: true },
      { method: 'POST', url: (id) => `/admin/v1/workspaces/${id}/keys`, admin: true, body: key },
      { method: 'DELETE', url: (id) => `/admin/v1/workspaces/${other.id}/keys/${id}`, admin: true },
    ];

    const paging = ['page', 'limit'];
    lists = [
      { url: '/api/v1/passports', keys: [...paging, 'category', 'status', 'operatorId', 'q', 'lang'] },
      { url: `/api/v1/passports/${passport.id}/history`, keys: paging },
      { url: `/api/v1/passports/${passport.id}/history/at`, keys: ['at'] },
      { url: `/api/v1/passports/${passport.id}/units`, keys: [...paging, 'status', 'q'] },
      { url: `/api/v1/units/${unit.id}/events`, keys: [...paging, 'cursor', 'eventType', 'limit'] },
      { url: `/api/v1/units/${unit.id}`, keys: ['lang'] },
      { url: '/api/v1/operators', keys: [...paging, 'q', 'includeArchived'] },
      { url: '/api/v1/facilities', keys: [...paging, 'operatorId', 'q'] },
      { url: '/api/v1/keys', keys: paging },
      { url: '/api/v1/materials', keys: ['q', 'lang', 'critical'] },
      { url: '/admin/v1/workspaces', admin: true, keys: paging },
    ];
  });
  afterAll(() => app.close());

  /** Everything the workspaces under test hold, and the workspace list: what a failed write must not touch. */
  async function storeFingerprint(): Promise<string> {
    const { db } = await testDatabase();
    const ids = sql.join(
      tenants.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const tables = [
      'api_keys',
      'operators',
      'facilities',
      'passports',
      'passport_versions',
      'battery_units',
      'battery_unit_events',
      'idempotency_keys',
      'audit_events',
    ];
    const parts = tables.map(
      (table) =>
        sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.identifier(table)} t where t.tenant_id in (${ids}))`,
    );
    const [row] = await queryRows<{ fingerprint: string }>(
      db,
      sql`select concat_ws(',', ${sql.join(parts, sql`, `)}, (select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from tenants t)) as fingerprint`,
    );
    return row?.fingerprint ?? '';
  }

  const headersFor = (isAdmin?: boolean) => (isAdmin ? admin : bearer(token));

  it('starts from bodies each route accepts: a refusal below is the hostile value at work', async () => {
    for (const route of writes) {
      const before = await storeFingerprint();
      const response = await app.inject({
        method: route.method,
        url: route.url,
        headers: headersFor(route.admin),
        payload: route.base(),
      });
      route.accepted?.(response.json());
      expect(
        response.statusCode,
        `${route.method} ${route.url}: ${response.body.slice(0, 300)}`,
      ).toBeLessThan(300);
      if (route.method === 'POST' && !route.url.includes('valid')) {
        // The fingerprint sees writes: an unchanged one after a refusal means nothing was written.
        expect(await storeFingerprint(), `${route.method} ${route.url}`).not.toBe(before);
      }
    }
  });

  it('writes: every field of every body, fed each hostile class', async () => {
    const cases = fc.nat({ max: writes.length - 1 }).chain((index) => {
      const route = writes[index] as WriteRoute;
      return fc
        .constantFrom(...route.fields)
        .chain(([path, kind]) => hostileFor(kind).map((value) => ({ route, path, value })));
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ route, path, value }) => {
        const body = mutate(route.base(), path, value);
        const before = await storeFingerprint();
        const response = await app.inject({
          method: route.method,
          url: route.url,
          headers: { ...headersFor(route.admin), 'content-type': 'application/json' },
          payload: toJsonText(body),
        });
        const what = `${route.method} ${route.url} ${path.join('/')}=${toJsonText(value).slice(0, 120)}`;
        expectDocumentedAnswer(response, what);
        if (response.statusCode >= 400) {
          expect(await storeFingerprint(), `${what}: a refused write changed the store`).toBe(before);
          return;
        }
        route.accepted?.(response.json());
        if (route.rows && path[0] === route.rows.field && path[1] === 1) {
          // One bad row is a row error; the other rows are written.
          const answer = response.json();
          expect(answer.count + (answer.errors?.length ?? 0), what).toBe(route.rows.count);
          expect(answer.count, what).toBeGreaterThanOrEqual(route.rows.count - 1);
        }
      }),
      { numRuns: 300 },
    );
  });

  // What clients put in Content-Type: JSON mostly, and types no route reads or no parser takes.
  const contentType = fc.oneof(
    { weight: 4, arbitrary: fc.constant('application/json') },
    fc.constantFrom(
      'application/ld+json; charset=utf-8',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
    ),
  );

  it('writes: arbitrary bodies, in any content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: writes.length - 1 }),
        hostileValue,
        contentType,
        async (index, body, type) => {
          const route = writes[index] as WriteRoute;
          const before = await storeFingerprint();
          const response = await app.inject({
            method: route.method,
            url: route.url,
            headers: { ...headersFor(route.admin), 'content-type': type },
            payload: toJsonText(body),
          });
          const what = `${route.method} ${route.url} (${type}) ${toJsonText(body).slice(0, 120)}`;
          expectDocumentedAnswer(response, what);
          if (response.statusCode >= 400) {
            expect(await storeFingerprint(), `${what}: a refused write changed the store`).toBe(before);
          } else {
            route.accepted?.(response.json());
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('ids in paths: malformed, nested, over-long, undecodable', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: pathRoutes.length - 1 }), hostilePathSegment, async (index, id) => {
        const route = pathRoutes[index] as (typeof pathRoutes)[number];
        const url = route.url(id);
        const before = route.method === 'GET' ? '' : await storeFingerprint();
        const response = await app.inject({
          method: route.method,
          url,
          headers: headersFor(route.admin),
          ...(route.body ? { payload: route.body as Record<string, unknown> } : {}),
        });
        expectDocumentedAnswer(response, `${route.method} ${url.slice(0, 200)}`);
        if (route.method !== 'GET' && response.statusCode >= 400) {
          expect(await storeFingerprint(), `${route.method} ${url}: changed the store`).toBe(before);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('query strings: numbers beyond any range, NULs, undecodable bytes, repeated keys', async () => {
    const query = fc.nat({ max: lists.length - 1 }).chain((index) => {
      const list = lists[index] as (typeof lists)[number];
      const pair = fc.tuple(
        fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...list.keys) }, hostileQueryValue),
        hostileQueryValue,
      );
      return fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => ({ list, pairs }));
    });
    await fc.assert(
      fc.asyncProperty(query, async ({ list, pairs }) => {
        const url = `${list.url}?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`;
        const response = await app.inject({ method: 'GET', url, headers: headersFor(list.admin) });
        expectDocumentedAnswer(response, `GET ${url.slice(0, 300)}`);
      }),
      { numRuns: 200 },
    );
  });
});
