import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { BASE_URL, bearer, createKey, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { createFacility, createOperator, createPassport, uniqueSku } from '../helpers/passports.ts';
import { appendBulk, appendEvent, createUnit, getUnit, unitWorkspace } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const unitUrl = async (app: App, ws: TestWorkspace) => {
  await createOperator(app, ws);
  const passport = await createPassport(app, ws.token);
  return `/api/v1/units/${(await createUnit(app, ws.token, passport.id)).id}`;
};

describe('GET /api/v1/units/{id}', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  let unit: { id: string; serialNumber: string; digitalLinkUri?: unknown };
  beforeAll(async () => {
    ({ workspace, passport } = await unitWorkspace(app));
    unit = await createUnit(app, workspace.token, passport.id, { manufacturedAt: '2025-05-05T00:00:00Z' });
    await appendBulk(app, workspace.token, unit.id, {
      events: Array.from({ length: 510 }, (_, i) => ({
        eventType: 'SOH_MEASUREMENT',
        stateOfHealth: 100 - i / 10,
        recordedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      })),
    });
    await appendEvent(app, workspace.token, unit.id, {
      eventType: 'NEGATIVE_EVENT',
      payload: { note: '<script>alert("x")</script>' },
      recordedAt: '2026-06-01T00:00:00Z',
    });
  });

  it('answers the privileged JSON-LD view, field by field', async () => {
    const response = await getUnit(app, workspace.token, unit.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(response.headers.vary).toBe('Accept, Accept-Language');
    const view = response.json();
    const model = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/passports/${passport.id}`,
        headers: bearer(workspace.token),
      })
    ).json();
    expect(Object.keys(view)).toEqual([
      '@context',
      '@type',
      '@id',
      'id',
      'serialNumber',
      'digitalLinkUri',
      'digitalProductPassportId',
      'uniqueProductIdentifier',
      'granularity',
      'dppSchemaVersion',
      'dppStatus',
      'lastUpdated',
      'economicOperatorId',
      'contentSpecificationIds',
      'status',
      'manufacturedAt',
      'repurposedFrom',
      'successorUnits',
      'ofModel',
      'currentState',
      'dynamicData',
      'createdAt',
      'updatedAt',
    ]);
    expect(view['@context'][0]).toBe(`${BASE_URL}/contexts/dpp/v1`);
    expect(typeof view['@context'][1]).toBe('object');
    expect(view).toMatchObject({
      '@type': 'BatteryUnit',
      '@id': unit.digitalLinkUri,
      id: unit.id,
      serialNumber: unit.serialNumber,
      digitalLinkUri: unit.digitalLinkUri,
      digitalProductPassportId: `${BASE_URL}/unit/${unit.id}`,
      uniqueProductIdentifier: unit.digitalLinkUri,
      granularity: 'item',
      dppSchemaVersion: model.dppSchemaVersion,
      dppStatus: 'in_service',
      economicOperatorId: model.economicOperatorId,
      contentSpecificationIds: model.contentSpecificationIds,
      status: 'IN_SERVICE',
      manufacturedAt: '2025-05-05T00:00:00.000Z',
      repurposedFrom: null,
      successorUnits: [],
    });
    expect(view.ofModel).toEqual(model);
    expect(view).not.toHaveProperty('restrictedData');
    expect(view.currentState).toEqual({
      stateOfHealth: 100 - 509 / 10,
      cycleCount: null,
      remainingCapacityAh: null,
      temperatureC: null,
      recordedAt: new Date(Date.UTC(2026, 0, 1) + 509 * 60_000).toISOString(),
    });
    expect(view.dynamicData).toHaveLength(500);
    expect(view.dynamicData[0]).toEqual({
      '@type': 'BatteryUnitEvent',
      eventType: 'NEGATIVE_EVENT',
      stateOfHealth: null,
      cycleCount: null,
      remainingCapacityAh: null,
      temperatureC: null,
      payload: { note: '<script>alert("x")</script>' },
      recordedAt: '2026-06-01T00:00:00.000Z',
    });
    const times = view.dynamicData.map((e: { recordedAt: string }) => e.recordedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('negotiates by q-values: only a preferred text/html gets the page', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'application/ld+json'],
      ['*/*', 'application/ld+json'],
      ['application/json', 'application/ld+json'],
      ['image/png', 'application/ld+json'],
      ['text/html', 'text/html'],
      ['text/html;q=0.5, application/ld+json', 'application/ld+json'],
      ['application/json;q=0.2, text/html;q=0.9', 'text/html'],
      ['text/*', 'text/html'],
      ['text/html;q=0, */*', 'application/ld+json'],
    ];
    for (const [accept, type] of cases) {
      const response = await getUnit(app, workspace.token, unit.id, accept ? { accept } : {});
      expect(response.headers['content-type'], accept).toMatch(new RegExp(`^${type.replace('+', '\\+')}`));
      expect(response.headers.vary).toBe('Accept, Accept-Language');
    }
  });

  it('renders a localised page with the unit, its state, a chart and escaped events', async () => {
    const response = await getUnit(app, workspace.token, unit.id, {
      accept: 'text/html',
      'accept-language': 'fr-CA, de;q=0.5',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-language']).toBe('fr');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const html = response.body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`Unité de batterie ${unit.serialNumber}`);
    expect(html).toContain('En service');
    expect(html).toContain('État de santé au fil du temps');
    expect(html).toMatch(/<svg class="soh"[^>]*role="img"/);
    expect(html).toContain(String(unit.digitalLinkUri));
    expect(html).toContain(passport.productId);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(');
    expect(html).not.toMatch(/src=|https?:\/\/(?!dpp\.example\.test|www\.w3\.org)/);
    const german = await getUnit(app, workspace.token, unit.id, {
      accept: 'text/html',
      'accept-language': 'de',
    });
    expect(german.body).toContain('Batterieeinheit');
    const english = await getUnit(app, workspace.token, unit.id, { accept: 'text/html' });
    expect(english.body).toContain('<html lang="en">');
  });

  it('names a SKU unit by its own URL, its digitalLinkUri, and links it on the page', async () => {
    const sku = await createPassport(app, workspace.token, { productId: uniqueSku() });
    const skuUnit = await createUnit(app, workspace.token, sku.id);
    const view = (await getUnit(app, workspace.token, skuUnit.id)).json();
    expect(view).toMatchObject({
      '@id': `${BASE_URL}/unit/${skuUnit.id}`,
      digitalLinkUri: `${BASE_URL}/unit/${skuUnit.id}`,
      uniqueProductIdentifier: `${BASE_URL}/unit/${skuUnit.id}`,
      currentState: { stateOfHealth: null, recordedAt: null },
      dynamicData: [],
    });
    const page = await getUnit(app, workspace.token, skuUnit.id, { accept: 'text/html' });
    expect(page.body).toContain(`<a href="${BASE_URL}/unit/${skuUnit.id}">`);
    expect(page.body).toContain('No events recorded yet.');
  });

  it('shows the model as its owner reads it, the manufacturing facility included', async () => {
    const facility = await createFacility(app, workspace);
    const withFacility = await createPassport(app, workspace.token, { facilityId: facility.id });
    const facilityUnit = await createUnit(app, workspace.token, withFacility.id);
    const view = (await getUnit(app, workspace.token, facilityUnit.id)).json();
    const owner = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${withFacility.id}`,
      headers: bearer(workspace.token),
    });
    expect(owner.json().manufacturingFacility.gln).toBe(facility.gln);
    expect(view.ofModel).toEqual(owner.json());
    expect(view.dynamicData).toEqual([]);
  });

  it('answers 404 outside the workspace and 403 to a key of another operator', async () => {
    expect((await getUnit(app, workspace.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await getUnit(app, workspace.token, 'zzz')).statusCode).toBe(404);
    const mine = await createOperator(app, workspace);
    const { token } = await createKey(app, workspace, { operatorId: mine.id });
    expect((await getUnit(app, token, unit.id)).statusCode).toBe(403);
    const own = await createPassport(app, workspace.token, { operatorId: mine.id });
    const ownUnit = await createUnit(app, workspace.token, own.id);
    expect((await getUnit(app, token, ownUnit.id)).statusCode).toBe(200);
  });

  authContract({
    method: 'GET',
    path: '/api/v1/units/{id}',
    url: (app, ws) => unitUrl(app, ws),
    permission: 'battery:read',
    foreignUrl: (app, other) => unitUrl(app, other),
  });
});
