// Input the store cannot hold, or that no ordinary client could read back, gets the documented 400
// naming the field; in bulk bodies the bad row fails alone. Never a 500, never a half-written record.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/domain/json/hygiene.ts';
import { admin, bearer, type TestWorkspace } from '../helpers/app.ts';
import { batteryMetadata, createOperator, newGtin13 } from '../helpers/passports.ts';
import { appendEvent, createUnit, serialise, uniqueSerial, unitWorkspace } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const nested = (levels: number) => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { deeper: value };
  return value;
};

describe('hostile input', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let passportId: string;
  let unitId: string;
  let operatorId: string;
  beforeAll(async () => {
    const made = await unitWorkspace(app);
    workspace = made.workspace;
    passportId = made.passport.id;
    operatorId = (made.passport.economicOperator as { id: string }).id;
    unitId = (await createUnit(app, workspace.token, passportId)).id;
  });

  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body: string, headers = {}) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(workspace.token), 'content-type': 'application/json', ...headers },
      payload: body,
    });

  describe('strings the store cannot hold', () => {
    for (const [name, bad] of [
      ['a NUL', '"a\\u0000b"'],
      ['an unpaired surrogate', '"\\ud800"'],
    ] as const) {
      it(`refuses ${name} in any written string with 400 naming its JSON pointer`, async () => {
        const cases: [string, 'POST' | 'PUT' | 'PATCH', string, string][] = [
          [
            'event payload',
            'POST',
            `/api/v1/units/${unitId}/events`,
            `{"eventType":"OTHER","payload":{"note":${bad}}}`,
          ],
          ['passport metadata', 'PUT', `/api/v1/passports/${passportId}`, `{"metadata":{"x":[1,${bad}]}}`],
          [
            'status reason',
            'PUT',
            `/api/v1/passports/${passportId}/status`,
            `{"status":"RECALLED","reason":${bad}}`,
          ],
          ['operator name', 'PATCH', `/api/v1/operators/${operatorId}`, `{"name":${bad}}`],
          ['key name', 'POST', '/api/v1/keys', `{"name":${bad}}`],
          ['a key of an object', 'PUT', `/api/v1/passports/${passportId}`, `{"metadata":{${bad}:1}}`],
        ];
        for (const [what, method, url, body] of cases) {
          const response = await send(method, url, body);
          expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
          expect(response.json(), what).toMatchObject({
            success: false,
            error: 'Bad Request',
            code: 'BAD_REQUEST',
            path: expect.stringMatching(/^\//),
          });
        }
        const workspaceName = await app.inject({
          method: 'POST',
          url: '/admin/v1/workspaces',
          headers: { ...admin, 'content-type': 'application/json' },
          payload: `{"name":${bad},"subdomain":"nul-test","tier":"growth"}`,
        });
        expect(workspaceName.statusCode).toBe(400);
        expect(workspaceName.json().path).toBe('/name');
      });
    }

    it('answers a NUL in a query filter with the framework body', async () => {
      for (const query of ['q=%00', 'category=batt%00eries', 'status=%00']) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/v1/passports?${query}`,
          headers: bearer(workspace.token),
        });
        expect(response.statusCode, query).toBe(400);
        expect(response.json()).toMatchObject({
          statusCode: 400,
          code: 'FST_ERR_VALIDATION',
          error: 'Bad Request',
          requestId: response.headers['x-request-id'],
        });
      }
    });

    it('fails only the bad row of a bulk ingest, and writes the others', async () => {
      const good = { productId: newGtin13(), category: 'batteries', metadata: batteryMetadata() };
      const rows = [
        JSON.stringify(good),
        `{"productId":"${newGtin13()}","category":"batteries","metadata":{"note":"\\u0000"}}`,
        JSON.stringify({ ...good, productId: newGtin13(), operatorId: 'not-a-uuid' }),
        JSON.stringify({ ...good, productId: newGtin13(), facilityId: 'not-a-uuid' }),
        JSON.stringify({ ...good, productId: newGtin13() }),
      ];
      const response = await send('POST', '/api/v1/passports/bulk', `{"passports":[${rows.join(',')}]}`);
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body.count).toBe(2);
      expect(body.errors).toHaveLength(3);
      expect(body.errors[0]).toMatch(
        /^\[row 1\] Invalid body: \/passports\/1\/metadata\/note contains a NUL/,
      );
      expect(body.errors[1]).toMatch(/operatorId/);
      expect(body.errors[2]).toMatch(/facilityId/);
    });

    it('fails only the bad item of a serialisation', async () => {
      const response = await send(
        'POST',
        `/api/v1/passports/${passportId}/units`,
        `{"units":[{"serialNumber":"${uniqueSerial()}"},{"serialNumber":"X","status":"\\ud800"}]}`,
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        count: 1,
        errors: [expect.stringMatching(/^\[units\[1\]\] .*surrogate/)],
      });
    });
  });

  describe('nesting', () => {
    it(`stores a payload of ${MAX_JSON_DEPTH} levels and refuses deeper ones with 400`, async () => {
      // The body {payload: ...} is level 1, so the payload may nest MAX_JSON_DEPTH - 1 levels.
      const fits = await appendEvent(app, workspace.token, unitId, {
        eventType: 'OTHER',
        payload: nested(MAX_JSON_DEPTH - 1),
      });
      expect(fits.statusCode, fits.body).toBe(201);
      const deep = `{"eventType":"OTHER","payload":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
      for (const body of [JSON.stringify({ eventType: 'OTHER', payload: nested(MAX_JSON_DEPTH) }), deep]) {
        const response = await send('POST', `/api/v1/units/${unitId}/events`, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/deeper than 32 levels/);
      }
    });
  });

  describe('numbers beyond the store', () => {
    it('clamps a page number of any size and parses every paging parameter one way', async () => {
      for (const url of [
        '/api/v1/passports',
        `/api/v1/passports/${passportId}/history`,
        `/api/v1/passports/${passportId}/units`,
      ]) {
        for (const page of ['99999999999999999999', '1e20']) {
          const response = await app.inject({
            method: 'GET',
            url: `${url}?page=${page}`,
            headers: bearer(workspace.token),
          });
          expect(response.statusCode, `${url} ${page}`).toBe(200);
          expect(response.json().page).toBe(2_147_483_647);
        }
      }
      const list = await app.inject({
        method: 'GET',
        url: '/admin/v1/workspaces?page=99999999999999999999',
        headers: admin,
      });
      expect(list.statusCode).toBe(200);
    });

    it('refuses a passport limit above the store range, and a version number above it names nothing', async () => {
      const limit = await app.inject({
        method: 'PATCH',
        url: `/admin/v1/workspaces/${workspace.id}`,
        headers: admin,
        payload: { passportLimit: 2 ** 31 },
      });
      expect(limit.statusCode).toBe(400);
      const version = await app.inject({
        method: 'GET',
        url: `/api/v1/passports/${passportId}/history/99999999999`,
        headers: bearer(workspace.token),
      });
      expect(version.statusCode).toBe(404);
    });
  });

  describe('clocks', () => {
    it('refuses a reading stamped more than a day ahead', async () => {
      const response = await appendEvent(app, workspace.token, unitId, {
        eventType: 'SOH_MEASUREMENT',
        stateOfHealth: 90,
        recordedAt: '9999-01-01T00:00:00Z',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/24 hours ahead/);
    });
  });

  describe('bodies clients really send', () => {
    it('takes an empty body with a JSON content type as no body', async () => {
      const other = await createOperator(app, workspace);
      const archived = await send('DELETE', `/api/v1/operators/${other.id}`, '');
      expect(archived.statusCode, archived.body).toBe(204);
      const key = await send('POST', '/api/v1/keys', JSON.stringify({ name: 'temp' }));
      const revoked = await send('DELETE', `/api/v1/keys/${key.json().key.id}`, '');
      expect(revoked.statusCode).toBe(204);
    });

    it('reads application/ld+json as JSON', async () => {
      const response = await send(
        'POST',
        `/api/v1/units/${unitId}/events`,
        JSON.stringify({ eventType: 'OTHER' }),
        { 'content-type': 'application/ld+json; charset=utf-8' },
      );
      expect(response.statusCode, response.body).toBe(201);
    });

    it('refuses a __proto__ key with a message that says so', async () => {
      const response = await send(
        'POST',
        `/api/v1/units/${unitId}/events`,
        '{"eventType":"OTHER","payload":{"__proto__":{"x":1}}}',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        path: '/payload/__proto__',
        message: expect.stringContaining('"__proto__" key'),
      });
    });

    it('keeps the framework body for malformed JSON', async () => {
      const response = await send('POST', `/api/v1/passports/${passportId}/units`, '{"serialNumber":');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        error: 'Bad Request',
      });
    });
  });

  it('serialises a unit after all this, so nothing was left half-written', async () => {
    const response = await serialise(app, workspace.token, passportId, { serialNumber: uniqueSerial() });
    expect(response.statusCode).toBe(201);
  });
});
