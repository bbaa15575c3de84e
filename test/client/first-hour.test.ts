// An integrator's first hour, through the typed client against a node listening on loopback: a
// workspace from the platform admin, an operator, a battery passport, units, telemetry, a seal, and
// the passport resolved publicly. Every call is typed by the released contract.
import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOpenDppClient } from '../../client/index.ts';
import { ADMIN_TOKEN } from '../helpers/app.ts';
import { serveForBrowser } from '../helpers/browser.ts';
import { batteryMetadata, newGtin13 } from '../helpers/passports.ts';
import { uniqueSerial } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const app = useTestApp();
let baseUrl: string;

beforeAll(async () => {
  baseUrl = await serveForBrowser(app);
});

describe('the typed client', () => {
  it('takes an integrator from a new workspace to a sealed passport resolved in public', async () => {
    const platform = createOpenDppClient({ baseUrl, token: ADMIN_TOKEN });
    const subdomain = `first-hour-${randomInt(1e9)}`;
    const created = await platform.POST('/admin/v1/workspaces', {
      body: { name: 'VoltCell Europe', subdomain, tier: 'growth' },
    });
    expect(created.response.status).toBe(201);
    const token = created.data?.apiKey.token;
    if (!token) throw new Error(`no workspace key: ${JSON.stringify(created.error)}`);

    const client = createOpenDppClient({ baseUrl, token });
    const whoami = await client.GET('/api/v1/whoami');
    expect(whoami.data?.tenant.subdomain).toBe(subdomain);

    const operator = await client.POST('/api/v1/operators', {
      body: {
        name: 'VoltCell Europe GmbH',
        regIdScheme: 'DE-HRB',
        regId: `HRB${randomInt(10_000, 99_999_999)}`,
        role: 'MANUFACTURER',
        country: 'DE',
      },
    });
    expect(operator.response.status).toBe(201);

    const productId = newGtin13();
    const createdPassport = await client.POST('/api/v1/passports', {
      body: { productId, category: 'batteries', originCountry: 'DE', metadata: batteryMetadata() },
    });
    expect(createdPassport.response.status).toBe(201);
    const passport = createdPassport.data?.passport;
    if (!passport) throw new Error(`no passport: ${JSON.stringify(createdPassport.error)}`);
    // A GTIN-13 is kept in its GTIN-14 form.
    expect(passport.productId).toBe(`0${productId}`);

    const serials = [uniqueSerial(), uniqueSerial()];
    const units = await client.POST('/api/v1/passports/{passportId}/units', {
      params: { path: { passportId: passport.id } },
      body: { units: serials.map((serialNumber) => ({ serialNumber })) },
    });
    expect(units.response.status).toBe(201);
    const unitIds = (units.data?.units ?? []).map((unit) => unit.id);
    expect(unitIds).toHaveLength(2);
    const [firstUnit] = unitIds;
    if (!firstUnit) throw new Error('no unit');

    const event = await client.POST('/api/v1/units/{id}/events', {
      params: { path: { id: firstUnit } },
      body: { eventType: 'CHARGE_CYCLE', cycleCount: 12, stateOfHealth: 98.5 },
    });
    expect(event.response.status).toBe(201);
    const unit = await client.GET('/api/v1/units/{id}', {
      params: { path: { id: firstUnit } },
      headers: { accept: 'application/ld+json' },
    });
    // The contract offers the unit as JSON-LD or as a page; asked for JSON-LD, it is the document.
    if (typeof unit.data !== 'object') throw new Error(`unit answered ${unit.response.status}`);
    expect(unit.data.currentState).toMatchObject({ cycleCount: 12, stateOfHealth: 98.5 });

    const sealed = await client.POST('/api/v1/passports/{id}/seal', {
      params: { path: { id: passport.id } },
    });
    expect(sealed.response.status).toBe(200);
    expect(sealed.data?.passport.digitalSeal).toBeTruthy();

    const visitor = createOpenDppClient({ baseUrl });
    const resolved = await visitor.GET('/passport/{id}', {
      params: { path: { id: passport.id } },
      headers: { accept: 'application/json' },
    });
    expect(resolved.response.status).toBe(200);
    expect(resolved.data).toMatchObject({ '@context': expect.any(Array) });
    expect(JSON.stringify(resolved.data)).toContain(passport.productId);
  });
});
