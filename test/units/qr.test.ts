import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { BASE_URL, bearer, createKey, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { expectedDataMatrix, expectedQr, readPng, readSvg } from '../helpers/carriers.ts';
import { createOperator, createPassport, uniqueSku } from '../helpers/passports.ts';
import { createUnit, unitWorkspace } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const unitQrUrl = async (app: App, ws: TestWorkspace) => {
  await createOperator(app, ws);
  const passport = await createPassport(app, ws.token);
  return `/api/v1/units/${(await createUnit(app, ws.token, passport.id)).id}/qr`;
};

describe('GET /api/v1/units/{id}/qr', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let unit: Awaited<ReturnType<typeof createUnit>>;
  beforeAll(async () => {
    const made = await unitWorkspace(app);
    workspace = made.workspace;
    unit = await createUnit(app, workspace.token, made.passport.id);
  });

  const get = (id: string, query = '', headers: Record<string, string> = {}, token = workspace.token) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/units/${id}/qr${query}`,
      headers: { ...bearer(token), ...headers },
    });

  it("draws the unit's GS1 Digital Link (01 + 21) as a QR code", async () => {
    const link = unit.digitalLinkUri as string;
    expect(link).toMatch(new RegExp(`^${BASE_URL}/01/\\d{14}/21/${unit.serialNumber}$`));
    const response = await get(unit.id, '?size=256');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const image = readPng(response.rawPayload, expectedQr(link).size);
    expect([image.width, image.height]).toEqual([256, 256]);
    expect(image.grid).toEqual(expectedQr(link));
    expect(Math.min(...Object.values(image.margins))).toBeGreaterThanOrEqual(4 * image.module);
  });

  it('answers SVG and GS1 DataMatrix as asked', async () => {
    const link = unit.digitalLinkUri as string;
    const svg = await get(unit.id, '?format=svg&ec=H');
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(readSvg(svg.body, expectedQr(link, 'H').size).grid).toEqual(expectedQr(link, 'H'));
    const matrix = await get(unit.id, '?symbology=datamatrix&size=200');
    expect(matrix.statusCode).toBe(200);
    expect(readPng(matrix.rawPayload, expectedDataMatrix(link).size).grid).toEqual(expectedDataMatrix(link));
  });

  it('gives a battery under a passport without a GTIN a QR code of its node URL all the same', async () => {
    const sku = await createPassport(app, workspace.token, { productId: uniqueSku() });
    const skuUnit = await createUnit(app, workspace.token, sku.id);
    const nodeUrl = `${BASE_URL}/unit/${skuUnit.id}`;
    expect(skuUnit.digitalLinkUri).toBe(nodeUrl);
    const response = await get(skuUnit.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-dpp-warnings']).toBeUndefined();
    expect(readPng(response.rawPayload, expectedQr(nodeUrl).size).grid).toEqual(expectedQr(nodeUrl));
    const matrix = await get(skuUnit.id, '?symbology=datamatrix');
    expect(readPng(matrix.rawPayload, expectedQr(nodeUrl).size).grid).toEqual(expectedQr(nodeUrl));
    expect(JSON.parse(matrix.headers['x-dpp-warnings'] as string)).toMatchObject([
      { code: 'CARRIER_SYMBOLOGY_NOT_RENDERED' },
    ]);
  });

  it('refuses bad options with 400 and answers 404 for no unit', async () => {
    expect((await get(unit.id, '?size=4096')).statusCode).toBe(400);
    expect((await get(unit.id, '?format=gif')).statusCode).toBe(400);
    expect((await get(unit.id, '?symbology=aztec')).statusCode).toBe(400);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await get(id);
      expect(response.statusCode, id).toBe(404);
    }
  });

  it("refuses an operator-scoped key another operator's unit (403)", async () => {
    const other = await createOperator(app, workspace);
    const { token } = await createKey(app, workspace, { operatorId: other.id });
    expect((await get(unit.id, '', {}, token)).statusCode).toBe(403);
  });

  authContract({
    method: 'GET',
    path: '/api/v1/units/{id}/qr',
    url: unitQrUrl,
    permission: 'battery:read',
    foreignUrl: unitQrUrl,
  });
});
