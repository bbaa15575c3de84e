import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { expectedDataMatrix, expectedQr, readPng, readSvg } from '../helpers/carriers.ts';
import { createOperator, createPassport, uniqueSku } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('GET /api/v1/passports/{id}/qr', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let passport: Awaited<ReturnType<typeof createPassport>>;
  let link: string;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    passport = await createPassport(app, workspace.token);
    link = passport.digitalLinkUri as string;
  });

  const get = (query = '', headers: Record<string, string> = {}, id = passport.id, token = workspace.token) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/passports/${id}/qr${query}`,
      headers: { ...bearer(token), ...headers },
    });

  it('answers a 512 px PNG of the Digital Link, whole-pixel modules, four-module quiet zone, level M', async () => {
    expect(link).toBe(`${BASE_URL}/01/${passport.productId}`);
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(`inline; filename="passport-${passport.id}-qr.png"`);
    expect(response.headers['x-dpp-warnings']).toBeUndefined();
    const expected = expectedQr(link, 'M');
    const image = readPng(response.rawPayload, expected.size);
    expect([image.width, image.height]).toEqual([512, 512]);
    expect(image.grid).toEqual(expected);
    for (const margin of Object.values(image.margins))
      expect(margin).toBeGreaterThanOrEqual(4 * image.module);
    // The modules are as large as whole pixels allow: one more pixel each would not fit.
    expect((image.module + 1) * (expected.size + 8)).toBeGreaterThan(512);
  });

  it('serves every size from 128 to 2048 px at exactly that size, and refuses sizes outside', async () => {
    const expected = expectedQr(link, 'M');
    for (const size of [128, 129, 300, 1000, 2048]) {
      const response = await get(`?size=${size}`);
      expect(response.statusCode, String(size)).toBe(200);
      const image = readPng(response.rawPayload, expected.size);
      expect([image.width, image.height]).toEqual([size, size]);
      expect(image.grid).toEqual(expected);
      expect(Math.min(...Object.values(image.margins))).toBeGreaterThanOrEqual(4 * image.module);
    }
    for (const size of ['127', '2049', '0', '-5', '512.5', 'abc', '', '1e3']) {
      const response = await get(`?size=${encodeURIComponent(size)}`);
      expect(response.statusCode, size).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, code: 'FST_ERR_VALIDATION' });
    }
  });

  it('draws the error-correction level asked for, by errorCorrection or ec', async () => {
    for (const level of ['L', 'M', 'Q', 'H'] as const) {
      for (const query of [`?errorCorrection=${level}`, `?ec=${level.toLowerCase()}`]) {
        const response = await get(query);
        expect(response.statusCode, query).toBe(200);
        expect(readPng(response.rawPayload, expectedQr(link, level).size).grid).toEqual(
          expectedQr(link, level),
        );
      }
    }
    expect((await get('?ec=X')).statusCode).toBe(400);
    expect((await get('?ec=L&errorCorrection=H')).statusCode).toBe(400);
  });

  it('answers SVG for format=svg or Accept: image/svg+xml; format wins over Accept', async () => {
    const expected = expectedQr(link, 'M');
    for (const [query, accept] of [
      ['?format=svg&size=400', 'image/png'],
      ['?size=400', 'image/svg+xml'],
      ['?size=400', 'text/html, image/svg+xml;q=0.9, image/png;q=0.5'],
    ] as const) {
      const response = await get(query, { accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      const svg = readSvg(response.body, expected.size);
      expect([svg.width, svg.height]).toEqual([400, 400]);
      expect(Number.isInteger(svg.module)).toBe(true);
      expect(svg.left).toBeGreaterThanOrEqual(4 * svg.module);
      expect(svg.grid).toEqual(expected);
    }
    const png = await get('?format=png', { accept: 'image/svg+xml' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers.vary).toMatch(/Accept/);
  });

  it('honours a wider quiet zone and refuses one below the GS1 minimum', async () => {
    const expected = expectedQr(link, 'M');
    const wide = readPng((await get('?quietZone=10&size=600')).rawPayload, expected.size);
    expect(Math.min(...Object.values(wide.margins))).toBeGreaterThanOrEqual(10 * wide.module);
    expect((await get('?quietZone=3')).statusCode).toBe(400);
    expect((await get('?quietZone=17')).statusCode).toBe(400);
  });

  it('draws a GS1 DataMatrix of the same Digital Link with symbology=datamatrix', async () => {
    const response = await get('?symbology=datamatrix&size=300');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-dpp-warnings']).toBeUndefined();
    const expected = expectedDataMatrix(link);
    const image = readPng(response.rawPayload, expected.size);
    expect(image.grid).toEqual(expected);
    expect(Math.min(...Object.values(image.margins))).toBeGreaterThanOrEqual(image.module);
    expect(response.headers['content-disposition']).toContain('-datamatrix.png');
  });

  it('encodes the node URL of a passport without a GS1 key, and says so when a DataMatrix cannot be drawn', async () => {
    const sku = await createPassport(app, workspace.token, { productId: uniqueSku() });
    const nodeUrl = `${BASE_URL}/passport/${sku.id}`;
    const plain = await get('', {}, sku.id);
    expect(readPng(plain.rawPayload, expectedQr(nodeUrl).size).grid).toEqual(expectedQr(nodeUrl));

    const response = await get('?symbology=datamatrix', { 'accept-language': 'de' }, sku.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(readPng(response.rawPayload, expectedQr(nodeUrl).size).grid).toEqual(expectedQr(nodeUrl));
    const warnings = JSON.parse(response.headers['x-dpp-warnings'] as string);
    expect(warnings).toEqual([
      {
        code: 'CARRIER_SYMBOLOGY_NOT_RENDERED',
        message: expect.stringContaining('GS1 DataMatrix'),
        friendlyMessage: expect.stringContaining('GS1 DataMatrix'),
      },
    ]);
    expect(warnings[0].friendlyMessage).not.toBe(warnings[0].message);
  });

  it('finds the passport by productId as the other passport routes do, and answers 404 for none', async () => {
    const byProduct = await get('', {}, passport.productId);
    expect(byProduct.statusCode).toBe(200);
    expect(byProduct.rawPayload.equals((await get()).rawPayload)).toBe(true);
    const missing = await get('', {}, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('checks the options before looking the passport up', async () => {
    const response = await get('?size=5', {}, '00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(400);
  });

  it("refuses an operator-scoped key another operator's passport (403)", async () => {
    const mine = await createOperator(app, workspace);
    const { token } = await createKey(app, workspace, { operatorId: mine.id });
    expect((await get('', {}, passport.id, token)).statusCode).toBe(403);
  });

  it('answers 405 with Allow for another method', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${passport.id}/qr`,
      headers: bearer(workspace.token),
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toMatch(/GET/);
    expect(response.headers.allow).toMatch(/HEAD/);
  });

  it('serves HEAD like GET', async () => {
    const response = await app.inject({
      method: 'HEAD',
      url: `/api/v1/passports/${passport.id}/qr`,
      headers: bearer(workspace.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  authContract({
    method: 'GET',
    path: '/api/v1/passports/{id}/qr',
    url: async (app, ws) => {
      await createOperator(app, ws);
      return `/api/v1/passports/${(await createPassport(app, ws.token)).id}/qr`;
    },
    permission: 'passport:read',
    foreignUrl: async (app, other) => {
      await createOperator(app, other);
      return `/api/v1/passports/${(await createPassport(app, other.token)).id}/qr`;
    },
  });
});
