import { beforeAll, describe, expect, it } from 'vitest';
import { environmentToDocument, validateEnvironment } from '../../src/domain/aas/index.ts';
import { accessMap } from '../../src/domain/categories/schemas/index.ts';
import {
  BASE_URL,
  bearer,
  createKey,
  createWorkspace,
  randomIp,
  type TestWorkspace,
} from '../helpers/app.ts';
import { createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { appendEvent, createUnit, uniqueSerial } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const host = new URL(BASE_URL).host;

describe('public resolution', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    passport = await createPassport(app, workspace.token);
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host, ...headers }, remoteAddress: randomIp() });

  it('serves the public JSON-LD view by default, with no field above public and the marker', async () => {
    const response = await get(`/passport/${passport.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    // JSON-LD is the same in every language: it varies by type only. A shared cache keeps it the
    // node's one second, and a purge by the passport's or the workspace's tag drops it.
    expect(response.headers.vary).toBe('Accept');
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    expect(response.headers['cache-tag']).toBe(`workspace:${workspace.id}, passport:${passport.id}`);
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    const page = await get(`/passport/${passport.id}`, { accept: 'text/html' });
    expect(page.headers.vary).toBe('Accept, Accept-Language');
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    const view = response.json();
    expect(view.id).toBe(passport.id);
    expect(view.restrictedData).toMatchObject({
      requestAccess: `${BASE_URL}/request-access/${passport.id}`,
    });
    expect(view.restrictedData.fieldCount).toBeGreaterThan(0);
    const restricted = accessMap('batteries').filter((entry) => entry.access !== 'public');
    const hidden = restricted.filter((entry) => !entry.pointer.includes('*'));
    for (const entry of hidden) {
      const path = entry.pointer.split('/').slice(1);
      let node: unknown = view.metadata;
      for (const segment of path)
        node = node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
      expect(node, entry.pointer).toBeUndefined();
    }
  });

  it('gives the owner everything, privately, and no marker', async () => {
    const response = await get(`/passport/${passport.id}`, bearer(workspace.token));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.json()).not.toHaveProperty('restrictedData');
  });

  it("treats another workspace's key as public, and an invalid key as 401", async () => {
    const other = await createWorkspace(app);
    const response = await get(`/passport/${passport.id}`, bearer(other.token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('restrictedData');
    expect((await get(`/passport/${passport.id}`, bearer(`${workspace.token}x`))).statusCode).toBe(401);
  });

  it('answers 304 for a current ETag, and 406 listing the offered types', async () => {
    const first = await get(`/passport/${passport.id}`);
    const again = await get(`/passport/${passport.id}`, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const refused = await get(`/passport/${passport.id}`, { accept: 'image/gif' });
    expect(refused.statusCode).toBe(406);
    expect(refused.json().offered).toContain('application/ld+json');
    expect(refused.headers.vary).toBe('Accept, Accept-Language');
  });

  it('resolves a GTIN in its 8/12/13/14-digit forms; a bad check digit is 400; unknown is 404', async () => {
    const gtin14 = passport.productId;
    for (const form of [gtin14, gtin14.slice(1)]) {
      const response = await get(`/01/${form}`);
      expect(response.statusCode, form).toBe(200);
      expect(response.json().id).toBe(passport.id);
    }
    const bad = `${gtin14.slice(0, 13)}${(Number(gtin14[13]) + 1) % 10}`;
    expect((await get(`/01/${bad}`)).statusCode).toBe(400);
    expect((await get(`/01/${newGtin13()}`)).statusCode).toBe(404);
  });

  it('answers the linkset of a key and follows ?linkType=gs1:dpp', async () => {
    const linkset = await get(`/01/${passport.productId}?linkType=all`);
    expect(linkset.statusCode).toBe(200);
    expect(linkset.headers['content-type']).toMatch(/^application\/linkset\+json/);
    const entry = linkset.json().linkset[0];
    expect(entry['https://gs1.org/voc/dpp'][0].href).toBe(`${BASE_URL}/passport/${passport.id}`);
    expect((await get(`/01/${passport.productId}`, { accept: 'application/linkset+json' })).statusCode).toBe(
      200,
    );
    const redirect = await get(`/01/${passport.productId}?linkType=gs1:dpp`);
    expect(redirect.statusCode).toBe(307);
    expect(redirect.headers.location).toBe(`${BASE_URL}/passport/${passport.id}`);
    expect((await get(`/01/${passport.productId}?linkType=gs1:pip`)).statusCode).toBe(404);
  });

  it('never reveals a draft, and shows a recalled passport', async () => {
    const draft = await createPassport(app, workspace.token, { status: 'DRAFT' });
    expect((await get(`/passport/${draft.id}`)).statusCode).toBe(404);
    expect((await get(`/passport/${draft.id}`, bearer(workspace.token))).statusCode).toBe(404);
    const recalled = await createPassport(app, workspace.token);
    await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${recalled.id}/status`,
      headers: bearer(workspace.token),
      payload: { status: 'RECALLED', reason: 'thermal runaway risk' },
    });
    const response = await get(`/passport/${recalled.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'RECALLED', dppStatus: 'recalled' });
  });

  it('shows a change at once on this instance (the render cache forgets the workspace)', async () => {
    const fresh = await createPassport(app, workspace.token);
    expect((await get(`/passport/${fresh.id}`)).json().status).toBe('ACTIVE');
    await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${fresh.id}/status`,
      headers: bearer(workspace.token),
      payload: { status: 'DECOMMISSIONED' },
    });
    expect((await get(`/passport/${fresh.id}`)).json().status).toBe('DECOMMISSIONED');
  });

  it('serves the same paths on the workspace host, and nothing of other workspaces there', async () => {
    const own = await get(`/passport/${passport.id}`, { host: `${workspace.subdomain}.${host}` });
    expect(own.statusCode).toBe(200);
    const other = await createWorkspace(app);
    expect((await get(`/passport/${passport.id}`, { host: `${other.subdomain}.${host}` })).statusCode).toBe(
      404,
    );
    expect((await get(`/passport/${passport.id}`, { host: `nobody.${host}` })).statusCode).toBe(404);
  });

  it('redirects a serial to its unit; the public unit view withholds telemetry; a recycled unit is 410', async () => {
    const unit = await createUnit(app, workspace.token, passport.id, { serialNumber: uniqueSerial() });
    await appendEvent(app, workspace.token, unit.id, { eventType: 'SOH_MEASUREMENT', stateOfHealth: 96 });
    const redirect = await get(`/01/${passport.productId}/21/${unit.serialNumber}`);
    expect(redirect.statusCode).toBe(307);
    expect(redirect.headers.location).toBe(`${BASE_URL}/unit/${unit.id}`);
    expect((await get(`/01/${passport.productId}/21/NOPE`)).statusCode).toBe(404);

    const publicView = (await get(`/unit/${unit.id}`)).json();
    expect(publicView).toMatchObject({ '@type': 'BatteryUnit', id: unit.id, dynamicData: [] });
    expect(publicView.currentState.stateOfHealth).toBeNull();
    expect(publicView.restrictedData.withheld).toEqual(['currentState', 'dynamicData']);
    expect(publicView.ofModel).toHaveProperty('restrictedData');
    const ownerView = (await get(`/unit/${unit.id}`, bearer(workspace.token))).json();
    expect(ownerView.currentState.stateOfHealth).toBe(96);
    expect(ownerView.dynamicData).toHaveLength(1);

    await appendEvent(app, workspace.token, unit.id, { eventType: 'STATUS_CHANGE', status: 'RECYCLED' });
    const gone = await get(`/unit/${unit.id}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ status: 'RECYCLED', ceasedAt: expect.any(String) });
  });

  it('lets an operator-scoped key of another operator read only the public tier', async () => {
    const operator = await createOperator(app, workspace);
    const scoped = await createKey(app, workspace, { name: 'scoped', operatorId: operator.id });
    const response = await get(`/passport/${passport.id}`, bearer(scoped.token));
    expect(response.json()).toHaveProperty('restrictedData');
  });

  it('answers an AAS environment of the tier view, which the AAS validator accepts', async () => {
    const response = await get(`/passport/${passport.id}`, { accept: 'application/aas+json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/aas\+json/);
    const checked = validateEnvironment(response.json());
    expect(checked.ok).toBe(true);
    const back = environmentToDocument(response.json());
    expect(back.ok && back.document).toHaveProperty('restrictedData');
  });

  it('gives the owner JSON-LD by default, AAS on request, and 406 for what is not offered', async () => {
    const url = `/api/v1/passports/${passport.id}`;
    const jsonLd = await get(url, bearer(workspace.token));
    expect(jsonLd.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(jsonLd.headers.vary).toBe('Accept, Accept-Language');
    const aas = await get(url, { ...bearer(workspace.token), accept: 'application/aas+json' });
    expect(aas.statusCode).toBe(200);
    const back = environmentToDocument(aas.json());
    expect(back.ok && back.document).not.toHaveProperty('restrictedData');
    expect((await get(url, { ...bearer(workspace.token), accept: 'image/png' })).statusCode).toBe(406);
  });

  it("keeps an archived operator's passports resolvable", async () => {
    const own = await createWorkspace(app);
    const operator = await createOperator(app, own);
    const archived = await createPassport(app, own.token);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/operators/${operator.id}`,
      headers: bearer(own.token),
    });
    expect(removed.json()).toMatchObject({ archived: true });
    const response = await get(`/passport/${archived.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().archivedAt).toEqual(expect.any(String));
  });

  it('allows 30 requests a minute per address, then 429 with Retry-After and no rate headers', async () => {
    const ip = randomIp();
    const call = () =>
      app.inject({ method: 'GET', url: `/passport/${passport.id}`, headers: { host }, remoteAddress: ip });
    for (let i = 0; i < 30; i++) expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('reads key qualifiers as sent: an encoded % is a serial character, a broken encoding is 400', async () => {
    const unit = await createUnit(app, workspace.token, passport.id, { serialNumber: 'PCT-1' });
    expect((await get(`/01/${passport.productId}/21/${unit.serialNumber}`)).statusCode).toBe(307);
    expect((await get(`/01/${passport.productId}/21/A%25B`)).statusCode).toBe(404);
    expect((await get(`/01/${passport.productId}/21/%`)).statusCode).toBe(400);
    expect((await get(`/01/${passport.productId}/21/%25`)).statusCode).toBe(404);
  });
});
