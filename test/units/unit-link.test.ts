// Battery unit: "digitalLinkUri | string (URL)"; unit view: "@id | equals digitalLinkUri". A unit
// under a passport whose productId is not a GS1 key has no GS1 Digital Link, so the node gives it
// its own URL, `{base_url}/unit/{id}` (docs/units.md), everywhere the unit is shown or carried.
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { expectedQr, readPng, readZip } from '../helpers/carriers.ts';
import { createOperator, createPassport, uniqueSku } from '../helpers/passports.ts';
import { createUnit, getUnit, serialise, uniqueSerial } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('the URL of a unit whose passport has no GS1 key', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    passport = await createPassport(app, workspace.token, { productId: uniqueSku() });
  });

  const host = new URL(BASE_URL).host;
  const resolve = (id: string, accept: string) =>
    app.inject({ method: 'GET', url: `/unit/${id}`, headers: { host, accept }, remoteAddress: randomIp() });

  it("is the record's digitalLinkUri on serialisation and in the list", async () => {
    const created = await serialise(app, workspace.token, passport.id, { serialNumber: uniqueSerial() });
    expect(created.statusCode).toBe(201);
    const unit = created.json().units[0];
    expect(unit.digitalLinkUri).toBe(`${BASE_URL}/unit/${unit.id}`);
    const listed = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passport.id}/units`,
      headers: bearer(workspace.token),
    });
    const inList = listed.json().units.find((entry: { id: string }) => entry.id === unit.id);
    expect(inList.digitalLinkUri).toBe(`${BASE_URL}/unit/${unit.id}`);
  });

  it("is the unit view's @id and digitalLinkUri, on the authenticated view and on public resolution", async () => {
    const unit = await createUnit(app, workspace.token, passport.id);
    const url = `${BASE_URL}/unit/${unit.id}`;
    const view = (await getUnit(app, workspace.token, unit.id)).json();
    expect(view['@id']).toBe(view.digitalLinkUri);
    expect(view).toMatchObject({ '@id': url, digitalLinkUri: url, uniqueProductIdentifier: url });
    const page = await getUnit(app, workspace.token, unit.id, { accept: 'text/html' });
    expect(page.body).toContain(`<a href="${url}">`);
    const resolved = await resolve(unit.id, 'application/ld+json');
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ '@id': url, digitalLinkUri: url });
  });

  it('identifies the product in the unit credential', async () => {
    const unit = await createUnit(app, workspace.token, passport.id);
    const credential = await resolve(unit.id, 'application/vc+ld+json');
    expect(credential.statusCode, credential.body).toBe(200);
    expect(credential.json().credentialSubject.product.id).toBe(unit.digitalLinkUri);
    expect(unit.digitalLinkUri).toBe(`${BASE_URL}/unit/${unit.id}`);
  });

  it('is what the QR code and the label carry', async () => {
    const unit = await createUnit(app, workspace.token, passport.id);
    const link = unit.digitalLinkUri as string;
    const qr = await app.inject({
      method: 'GET',
      url: `/api/v1/units/${unit.id}/qr`,
      headers: bearer(workspace.token),
    });
    expect(qr.statusCode).toBe(200);
    expect(readPng(qr.rawPayload, expectedQr(link).size).grid).toEqual(expectedQr(link));
    const labels = await app.inject({
      method: 'POST',
      url: '/api/v1/passports/labels',
      headers: bearer(workspace.token),
      payload: { units: [unit.id], formats: ['svg'] },
    });
    expect(labels.statusCode, labels.body).toBe(200);
    const manifest = (readZip(labels.rawPayload).get('manifest.csv') as Buffer).toString('utf8');
    expect(manifest).toContain(`,${link},`);
  });
});
