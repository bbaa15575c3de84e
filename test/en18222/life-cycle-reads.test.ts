// The EN 18222 Life Cycle API at /v1, its reads of whole DPPs: by id and by productId, another
// workspace's DPP as 404 on every operation, the version current at a date (from history), and the
// ids of many productIds in cursor pages.
import { describe, expect, it } from 'vitest';
import { createPassport, newGtin13, uniqueSku } from '../helpers/passports.ts';
import { expectResult, lifeCycleSuite } from './life-cycle-suite.ts';

describe('EN 18222 Life Cycle API', () => {
  const suite = lifeCycleSuite();
  const { call, patch } = suite;

  describe('ReadDPPById and ReadDPPByProductId', () => {
    it('reads by UUID, and by productId in any GTIN length, percent-encoded', async () => {
      const passport = await createPassport(suite.app, suite.workspace.token);
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
      const skuPassport = await createPassport(suite.app, suite.workspace.token, { productId: sku });
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
      const foreign = await createPassport(suite.app, suite.other.token, { status: 'DRAFT' });
      const base = `/v1/dpps/${foreign.id}`;
      expectResult(await call('GET', base), 404, 'NOT_FOUND');
      expectResult(await patch(base, { originCountry: 'FR' }), 404, 'NOT_FOUND');
      expectResult(await call('DELETE', base), 404, 'NOT_FOUND');
      expectResult(await call('GET', `/v1/dppsByProductId/${foreign.productId}`), 404, 'NOT_FOUND');
      expectResult(
        await call('GET', `/v1/dppsByIdAndDate/${foreign.id}?date=${new Date(suite.now).toISOString()}`),
        404,
        'NOT_FOUND',
      );
      expectResult(await call('GET', `${base}/elements/productId`), 404, 'NOT_FOUND');
      expectResult(await patch(`${base}/elements/originCountry`, 'FR'), 404, 'NOT_FOUND');
      const ids = await call('POST', '/v1/dppsByProductIds', { productIds: [foreign.productId] });
      expect(ids.json().result).toEqual([]);
      // Nothing of it changed.
      expect(
        (await call('GET', `/api/v1/passports/${foreign.id}`, undefined, suite.other.token)).json(),
      ).toMatchObject({
        originCountry: 'DE',
        status: 'DRAFT',
      });
    });
  });

  describe('ReadDPPVersionByIdAndDate', () => {
    it('answers the version current at a date, from history, and the live one after the last change', async () => {
      suite.now = Date.parse('2026-07-01T10:00:00.000Z');
      const passport = await createPassport(suite.app, suite.workspace.token, { originCountry: 'DE' });
      suite.now = Date.parse('2026-07-02T10:00:00.000Z');
      await patch(`/v1/dpps/${passport.id}`, { originCountry: 'FR' });
      suite.now = Date.parse('2026-07-03T10:00:00.000Z');
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
      for (const far of ['+010000-01-01T00:00:00Z', '99999-01-01', '-000001-01-01']) {
        const [message] = expectResult(await at(far), 400, 'BAD_REQUEST');
        expect(message?.text).toContain('date must be');
      }
      expectResult(await call('GET', `/v1/dppsByIdAndDate/${passport.id}`), 400, 'BAD_REQUEST');
    });
  });

  describe('ReadDPPIdsByProductIds', () => {
    it('answers the ids of the productIds asked, in order, in cursor pages', async () => {
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await createPassport(suite.app, suite.workspace.token));
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
});
