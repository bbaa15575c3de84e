// The EN 18222 Life Cycle API at /v1: each of the nine operations, their failures as the clause 7.2
// Result object (never the /api/v1 error body), merge-patch versioning, date reads from history,
// cursor pages, another workspace's DPP as 404, and operator scope.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { isResultObject } from '../../src/domain/en18222/index.ts';
import { admin, bearer, createKey, createWorkspace, type TestWorkspace, testApp } from '../helpers/app.ts';
import {
  batteryMetadata,
  createOperator,
  createPassport,
  newGtin13,
  uniqueSku,
} from '../helpers/passports.ts';

type Doc = Record<string, unknown> & { id: string; productId: string; metadata: Record<string, unknown> };

const metadataOf = (passport: Record<string, unknown>) =>
  passport.metadata as Record<string, Record<string, unknown>>;

const MERGE_PATCH = { 'content-type': 'application/merge-patch+json' };

/** A failure on /v1: the status, the Result object with the request id, and one message's code. */
function expectResult(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(isResultObject(body), response.body).toBe(true);
  expect(body).not.toHaveProperty('success');
  expect(body.messages[0]).toMatchObject({
    messageType: status >= 500 ? 'Exception' : 'Error',
    code,
    correlationId: response.headers['x-request-id'],
  });
  return body.messages as { text: string; code: string }[];
}

describe('EN 18222 Life Cycle API', () => {
  let now = Date.parse('2026-06-01T10:00:00.000Z');
  let app: App;
  let workspace: TestWorkspace;
  let other: TestWorkspace;
  beforeAll(async () => {
    app = await testApp({ clock: () => new Date(now) });
    workspace = await createWorkspace(app);
    other = await createWorkspace(app);
    await createOperator(app, workspace);
    await createOperator(app, other);
  });
  afterAll(() => app.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    payload?: unknown,
    token = workspace.token,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
      ...(payload !== undefined && !headers['content-type']
        ? { headers: { ...bearer(token), 'content-type': 'application/json', ...headers } }
        : {}),
    });
  const patch = (url: string, body: unknown, token = workspace.token) =>
    call('PATCH', url, body, token, MERGE_PATCH);
  const historyTotal = async (id: string) =>
    (await call('GET', `/api/v1/passports/${id}/history`)).json().total as number;

  describe('CreateDPP', () => {
    it('creates from the body of POST /api/v1/passports and answers the DPP (201, Location)', async () => {
      const productId = newGtin13();
      const response = await call('POST', '/v1/dpps', {
        productId,
        category: 'batteries',
        originCountry: 'DE',
        metadata: batteryMetadata(),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
      const document = response.json() as Doc;
      expect(document).toMatchObject({ '@type': 'DigitalProductPassport', productId: `0${productId}` });
      expect(response.headers.location).toBe(`/v1/dpps/${document.id}`);
      expect((await call('GET', `/v1/dpps/${document.id}`)).json()).toEqual(document);
    });

    it('answers invalid data with one Result message per field, and a duplicate with 409', async () => {
      const invalid = await call('POST', '/v1/dpps', {
        productId: newGtin13(),
        category: 'batteries',
        metadata: {},
      });
      const messages = expectResult(invalid, 400, 'VALIDATION_FAILED');
      expect(messages.length).toBeGreaterThan(1);
      expect(messages.every((message) => message.code === 'VALIDATION_FAILED')).toBe(true);
      expectResult(await call('POST', '/v1/dpps', { unknownMember: 1 }), 400, 'BAD_REQUEST');
      const existing = await createPassport(app, workspace.token);
      expectResult(
        await call('POST', '/v1/dpps', {
          productId: existing.productId,
          category: 'batteries',
          metadata: batteryMetadata(),
        }),
        409,
        'CONFLICT',
      );
    });

    it('refuses malformed JSON with the Result object', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/v1/dpps',
        headers: { ...bearer(workspace.token), 'content-type': 'application/json' },
        payload: '{"productId": ',
      });
      expectResult(response, 400, 'BAD_REQUEST');
    });
  });

  describe('ReadDPPById and ReadDPPByProductId', () => {
    it('reads by UUID, and by productId in any GTIN length, percent-encoded', async () => {
      const passport = await createPassport(app, workspace.token);
      const byId = await call('GET', `/v1/dpps/${passport.id}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toMatchObject({ id: passport.id, productId: passport.productId });
      const gtin13 = passport.productId.slice(1);
      for (const productId of [passport.productId, gtin13]) {
        const byProduct = await call('GET', `/v1/dppsByProductId/${encodeURIComponent(productId)}`);
        expect(byProduct.statusCode, byProduct.body).toBe(200);
        expect(byProduct.json().id).toBe(passport.id);
      }
      const sku = `${uniqueSku()}/A`;
      const skuPassport = await createPassport(app, workspace.token, { productId: sku });
      const bySku = await call('GET', `/v1/dppsByProductId/${encodeURIComponent(sku)}`);
      expect(bySku.statusCode, bySku.body).toBe(200);
      expect(bySku.json().id).toBe(skuPassport.id);
    });

    it('answers unknown ids, non-UUID ids and unknown productIds with a 404 Result object', async () => {
      expectResult(await call('GET', '/v1/dpps/6f1c0a52-3d9e-4c57-9b0e-2a7d4e8f1c33'), 404, 'NOT_FOUND');
      expectResult(await call('GET', '/v1/dpps/not-a-uuid'), 404, 'NOT_FOUND');
      expectResult(await call('GET', `/v1/dppsByProductId/${newGtin13()}`), 404, 'NOT_FOUND');
    });

    it("answers another workspace's DPP with a 404 Result object on every operation", async () => {
      const foreign = await createPassport(app, other.token, { status: 'DRAFT' });
      const base = `/v1/dpps/${foreign.id}`;
      expectResult(await call('GET', base), 404, 'NOT_FOUND');
      expectResult(await patch(base, { originCountry: 'FR' }), 404, 'NOT_FOUND');
      expectResult(await call('DELETE', base), 404, 'NOT_FOUND');
      expectResult(await call('GET', `/v1/dppsByProductId/${foreign.productId}`), 404, 'NOT_FOUND');
      expectResult(
        await call('GET', `/v1/dppsByIdAndDate/${foreign.id}?date=${new Date(now).toISOString()}`),
        404,
        'NOT_FOUND',
      );
      expectResult(await call('GET', `${base}/elements/productId`), 404, 'NOT_FOUND');
      expectResult(await patch(`${base}/elements/originCountry`, 'FR'), 404, 'NOT_FOUND');
      const ids = await call('POST', '/v1/dppsByProductIds', { productIds: [foreign.productId] });
      expect(ids.json().result).toEqual([]);
      // Nothing of it changed.
      expect(
        (await call('GET', `/api/v1/passports/${foreign.id}`, undefined, other.token)).json(),
      ).toMatchObject({
        originCountry: 'DE',
        status: 'DRAFT',
      });
    });
  });

  describe('authentication and permissions', () => {
    it('answers a missing or unknown key with 401 and a narrowed key with 403, as Result objects', async () => {
      const passport = await createPassport(app, workspace.token);
      const anonymous = await app.inject({ method: 'GET', url: `/v1/dpps/${passport.id}` });
      expectResult(anonymous, 401, 'UNAUTHORIZED');
      expect(anonymous.headers['www-authenticate']).toBe('Bearer');
      expectResult(
        await call('GET', `/v1/dpps/${passport.id}`, undefined, 'opendpp_dpp_token_nope'),
        401,
        'UNAUTHORIZED',
      );
      const { token: reader } = await createKey(app, workspace, { permissions: ['passport:read'] });
      expect((await call('GET', `/v1/dpps/${passport.id}`, undefined, reader)).statusCode).toBe(200);
      expectResult(
        await patch(`/v1/dpps/${passport.id}`, { originCountry: 'FR' }, reader),
        403,
        'INSUFFICIENT_PERMISSION',
      );
      expectResult(
        await call('DELETE', `/v1/dpps/${passport.id}`, undefined, reader),
        403,
        'INSUFFICIENT_PERMISSION',
      );
      expectResult(
        await call(
          'POST',
          '/v1/dpps',
          { productId: newGtin13(), category: 'batteries', metadata: batteryMetadata() },
          reader,
        ),
        403,
        'INSUFFICIENT_PERMISSION',
      );
      const { token: writer } = await createKey(app, workspace, { permissions: ['passport:create'] });
      expectResult(
        await call('GET', `/v1/dpps/${passport.id}`, undefined, writer),
        403,
        'INSUFFICIENT_PERMISSION',
      );
    });

    it('answers an unserved method with 405 and an unknown /v1 path with 404, as Result objects', async () => {
      const passport = await createPassport(app, workspace.token);
      const put = await call('PUT', `/v1/dpps/${passport.id}`, {});
      expectResult(put, 405, 'METHOD_NOT_ALLOWED');
      expect(put.headers.allow).toMatch(/PATCH/);
      expectResult(await call('GET', '/v1/nothing-here'), 404, 'NOT_FOUND');
    });

    it('answers a lapsed subscription (402) and a body too large (413) as Result objects', async () => {
      const lapsed = await createWorkspace(app);
      await createOperator(app, lapsed);
      const passport = await createPassport(app, lapsed.token);
      const patched = await app.inject({
        method: 'PATCH',
        url: `/admin/v1/workspaces/${lapsed.id}`,
        headers: admin,
        payload: { subscriptionStatus: 'past_due' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expectResult(
        await patch(`/v1/dpps/${passport.id}`, { originCountry: 'FR' }, lapsed.token),
        402,
        'SUBSCRIPTION_INACTIVE',
      );
      // Reads keep working.
      expect((await call('GET', `/v1/dpps/${passport.id}`, undefined, lapsed.token)).statusCode).toBe(200);
      const huge = await app.inject({
        method: 'POST',
        url: '/v1/dpps',
        headers: { ...bearer(workspace.token), 'content-type': 'application/json' },
        payload: JSON.stringify({ productId: 'x'.repeat(6 * 1024 * 1024) }),
      });
      expectResult(huge, 413, 'PAYLOAD_TOO_LARGE');
    });

    it('answers a spent budget with 429, Retry-After and a Result object', async () => {
      const growth = await createWorkspace(app, 'growth');
      const url = '/v1/dpps/6f1c0a52-3d9e-4c57-9b0e-2a7d4e8f1c33';
      let response = await call('GET', url, undefined, growth.token);
      for (let i = 0; i < 200 && response.statusCode !== 429; i++) {
        response = await call('GET', url, undefined, growth.token);
      }
      expectResult(response, 429, 'RATE_LIMITED');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('keeps the /api/v1 error body on /api/v1', async () => {
      const response = await call('GET', '/api/v1/passports/6f1c0a52-3d9e-4c57-9b0e-2a7d4e8f1c33');
      expect(response.statusCode).toBe(404);
      expect(isResultObject(response.json())).toBe(false);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });
  });

  describe('UpdateDPPById', () => {
    it('applies an RFC 7396 merge patch as a versioned update; history grows by one per change', async () => {
      const passport = await createPassport(app, workspace.token);
      expect(await historyTotal(passport.id)).toBe(0);
      const response = await patch(`/v1/dpps/${passport.id}`, {
        originCountry: 'FR',
        metadata: { performance: { ratedCapacity: 123 } },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
      const after = response.json() as Doc;
      expect(after.originCountry).toBe('FR');
      expect((after.metadata.performance as Record<string, unknown>).ratedCapacity).toBe(123);
      // The rest of the metadata is kept (merge, not replace).
      expect(after.metadata.generalInformation).toEqual(metadataOf(passport).generalInformation);
      const history = (await call('GET', `/api/v1/passports/${passport.id}/history`)).json();
      expect(history.total).toBe(1);
      expect(history.versions[0].changeReason).toBe('EN 18222 UpdateDPPById');
      // null removes: originCountry is cleared.
      const cleared = await patch(`/v1/dpps/${passport.id}`, { originCountry: null });
      expect(cleared.json().originCountry).toBeNull();
      expect(await historyTotal(passport.id)).toBe(2);
    });

    it('never loses a concurrent patch: each one that answers 200 is in the result, a raced one is 409', async () => {
      const passport = await createPassport(app, workspace.token);
      const url = `/v1/dpps/${passport.id}`;
      const [first, second] = await Promise.all([
        patch(url, { metadata: { performance: { ratedCapacity: 11 } } }),
        patch(url, { originCountry: 'NL' }),
      ]);
      const final = (await call('GET', url)).json() as Doc;
      for (const response of [first, second]) {
        if (response.statusCode !== 200) expectResult(response, 409, 'CONFLICT');
      }
      expect(first?.statusCode === 200 || second?.statusCode === 200).toBe(true);
      if (first?.statusCode === 200) {
        expect((final.metadata.performance as Record<string, unknown>).ratedCapacity).toBe(11);
      }
      if (second?.statusCode === 200) expect(final.originCountry).toBe('NL');
      const written = [first, second].filter((response) => response?.statusCode === 200).length;
      expect(await historyTotal(passport.id)).toBe(written);
    });

    it('writes nothing for a patch that changes nothing', async () => {
      const passport = await createPassport(app, workspace.token);
      const same = await patch(`/v1/dpps/${passport.id}`, { originCountry: 'DE' });
      expect(same.statusCode).toBe(200);
      expect(await historyTotal(passport.id)).toBe(0);
    });

    it('refuses changes an update does not write, one message per member, and writes nothing', async () => {
      const passport = await createPassport(app, workspace.token);
      const refused = await patch(`/v1/dpps/${passport.id}`, {
        status: 'RECALLED',
        id: 'x',
        originCountry: 'FR',
      });
      const messages = expectResult(refused, 400, 'BAD_REQUEST');
      expect(messages.map((message) => message.text)).toEqual([
        expect.stringMatching(/^\/id: /),
        expect.stringMatching(/^\/status: /),
      ]);
      expectResult(await patch(`/v1/dpps/${passport.id}`, { metadata: null }), 400, 'BAD_REQUEST');
      expectResult(await patch(`/v1/dpps/${passport.id}`, [1, 2]), 400, 'BAD_REQUEST');
      expectResult(
        await patch(`/v1/dpps/${passport.id}`, { metadata: { generalInformation: null } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(await historyTotal(passport.id)).toBe(0);
    });
  });

  describe('DeleteDPPById', () => {
    it('deletes a draft (204) and refuses a published DPP (409), as our delete rules say', async () => {
      const draft = await createPassport(app, workspace.token, { status: 'DRAFT' });
      const deleted = await call('DELETE', `/v1/dpps/${draft.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expectResult(await call('GET', `/v1/dpps/${draft.id}`), 404, 'NOT_FOUND');
      const active = await createPassport(app, workspace.token);
      expectResult(await call('DELETE', `/v1/dpps/${active.id}`), 409, 'CONFLICT');
      expect((await call('GET', `/v1/dpps/${active.id}`)).statusCode).toBe(200);
    });
  });

  describe('ReadDPPVersionByIdAndDate', () => {
    it('answers the version current at a date, from history, and the live one after the last change', async () => {
      now = Date.parse('2026-07-01T10:00:00.000Z');
      const passport = await createPassport(app, workspace.token, { originCountry: 'DE' });
      now = Date.parse('2026-07-02T10:00:00.000Z');
      await patch(`/v1/dpps/${passport.id}`, { originCountry: 'FR' });
      now = Date.parse('2026-07-03T10:00:00.000Z');
      await patch(`/v1/dpps/${passport.id}`, { originCountry: 'IT' });
      const at = async (date: string) =>
        call('GET', `/v1/dppsByIdAndDate/${passport.id}?date=${encodeURIComponent(date)}`);
      const first = await at('2026-07-01T12:00:00Z');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/ld\+json/);
      expect(first.json().originCountry).toBe('DE');
      expect((await at('2026-07-02T12:00:00Z')).json().originCountry).toBe('FR');
      expect((await at('2026-07-04T00:00:00Z')).json().originCountry).toBe('IT');
      expectResult(await at('2026-06-30T00:00:00Z'), 404, 'NOT_FOUND');
      expectResult(await at('yesterday'), 400, 'BAD_REQUEST');
      expectResult(await call('GET', `/v1/dppsByIdAndDate/${passport.id}`), 400, 'BAD_REQUEST');
    });
  });

  describe('ReadDPPIdsByProductIds', () => {
    it('answers the ids of the productIds asked, in order, in cursor pages', async () => {
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await createPassport(app, workspace.token));
      const productIds = [made[0]?.productId.slice(1), newGtin13(), ...made.slice(1).map((p) => p.productId)];
      const pages: { productId: string; dppId: string }[][] = [];
      let cursor: string | undefined;
      do {
        const query = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const response = await call('POST', `/v1/dppsByProductIds${query}`, { productIds });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json();
        pages.push(body.result);
        cursor = body.paging_metadata.cursor;
      } while (cursor);
      expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
      expect(pages.flat()).toEqual([
        { productId: made[0]?.productId.slice(1), dppId: made[0]?.id },
        ...made.slice(1).map((p) => ({ productId: p.productId, dppId: p.id })),
      ]);
    });

    it('refuses a forged cursor and a malformed body with Result objects', async () => {
      expectResult(
        await call('POST', '/v1/dppsByProductIds?cursor=bm9wZQ', { productIds: ['x'] }),
        400,
        'BAD_REQUEST',
      );
      expectResult(await call('POST', '/v1/dppsByProductIds', { productIds: [] }), 400, 'BAD_REQUEST');
      expectResult(await call('POST', '/v1/dppsByProductIds', { ids: ['x'] }), 400, 'BAD_REQUEST');
    });
  });

  describe('ReadDataElement and UpdateDataElement', () => {
    it('reads an element by dotted path, array index and JSON pointer', async () => {
      const passport = await createPassport(app, workspace.token);
      const read = (path: string) =>
        call('GET', `/v1/dpps/${passport.id}/elements/${encodeURIComponent(path)}`);
      const capacity = await read('metadata.performance.ratedCapacity');
      expect(capacity.statusCode, capacity.body).toBe(200);
      expect(capacity.json()).toEqual(
        (metadataOf(passport).performance as Record<string, unknown>).ratedCapacity,
      );
      expect((await read('/metadata/performance')).json()).toEqual(metadataOf(passport).performance);
      expect((await read('@context[0]')).json()).toBe((passport['@context'] as string[])[0]);
      expectResult(await read('metadata.nothing'), 404, 'NOT_FOUND');
      expectResult(await read('metadata..x'), 400, 'BAD_REQUEST');
    });

    it('patches one element as a versioned update and answers it as written', async () => {
      const passport = await createPassport(app, workspace.token);
      const url = `/v1/dpps/${passport.id}/elements/${encodeURIComponent('metadata.performance')}`;
      const response = await patch(url, { ratedCapacity: 77 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        ...metadataOf(passport).performance,
        ratedCapacity: 77,
      });
      const history = (await call('GET', `/api/v1/passports/${passport.id}/history`)).json();
      expect(history.total).toBe(1);
      expect(history.versions[0].changeReason).toBe('EN 18222 UpdateDataElement');
      const scalar = await patch(`/v1/dpps/${passport.id}/elements/originCountry`, 'PL');
      expect(scalar.json()).toBe('PL');
      expect(await historyTotal(passport.id)).toBe(2);
      expectResult(await patch(`/v1/dpps/${passport.id}/elements/status`, 'RECALLED'), 400, 'BAD_REQUEST');
      expectResult(
        await patch(`/v1/dpps/${passport.id}/elements/metadata.nothing.deeper`, 1),
        404,
        'NOT_FOUND',
      );
      expect(await historyTotal(passport.id)).toBe(2);
    });
  });

  describe('operator scope', () => {
    it("refuses an operator-scoped key another operator's DPP with 403, and leaves it out of id lists", async () => {
      const scopedSpace = await createWorkspace(app);
      const mine = await createOperator(app, scopedSpace);
      const theirs = await createOperator(app, scopedSpace);
      const { token } = await createKey(app, scopedSpace, { operatorId: mine.id });
      const own = await createPassport(app, scopedSpace.token, { operatorId: mine.id });
      const foreign = await createPassport(app, scopedSpace.token, {
        operatorId: theirs.id,
        status: 'DRAFT',
      });
      expect((await call('GET', `/v1/dpps/${own.id}`, undefined, token)).statusCode).toBe(200);
      expectResult(await call('GET', `/v1/dpps/${foreign.id}`, undefined, token), 403, 'OPERATOR_SCOPE');
      expectResult(
        await patch(`/v1/dpps/${foreign.id}`, { originCountry: 'FR' }, token),
        403,
        'OPERATOR_SCOPE',
      );
      expectResult(await call('DELETE', `/v1/dpps/${foreign.id}`, undefined, token), 403, 'OPERATOR_SCOPE');
      expectResult(
        await call('GET', `/v1/dppsByProductId/${foreign.productId}`, undefined, token),
        403,
        'OPERATOR_SCOPE',
      );
      expectResult(
        await call('GET', `/v1/dpps/${foreign.id}/elements/productId`, undefined, token),
        403,
        'OPERATOR_SCOPE',
      );
      const ids = await call(
        'POST',
        '/v1/dppsByProductIds',
        { productIds: [own.productId, foreign.productId] },
        token,
      );
      expect(ids.json().result).toEqual([{ productId: own.productId, dppId: own.id }]);
    });
  });
});
