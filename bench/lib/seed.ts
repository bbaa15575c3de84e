// A workspace built over HTTP the way an integrator builds one: an enterprise workspace (no per-key
// budget), its operator, battery passports (the category's example document) and units under them.
import { randomInt } from 'node:crypto';
import { BATTERY_METADATA, randomGtin } from './app.ts';
import { ADMIN_TOKEN } from './served.ts';

export interface SeededWorkspace {
  tenantId: string;
  token: string;
  passports: { id: string; gtin: string }[];
  units: string[];
}

async function post(url: string, token: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`${url}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export async function seedWorkspace(
  base: string,
  { passports, unitsPerPassport }: { passports: number; unitsPerPassport: number },
): Promise<SeededWorkspace> {
  const created = (await post(`${base}/admin/v1/workspaces`, ADMIN_TOKEN, {
    name: 'Load',
    subdomain: `load-${Date.now().toString(36)}`,
    tier: 'enterprise',
  })) as { tenant: { id: string }; apiKey: { token: string } };
  const token = created.apiKey.token;
  await post(`${base}/api/v1/operators`, token, {
    name: 'Load Cells',
    regIdScheme: 'DE-HRB',
    regId: `HRB${randomInt(1e8)}`,
    role: 'MANUFACTURER',
    country: 'DE',
  });
  const seeded: SeededWorkspace = { tenantId: created.tenant.id, token, passports: [], units: [] };
  for (let p = 0; p < passports; p++) {
    const gtin = randomGtin();
    const passport = (await post(`${base}/api/v1/passports`, token, {
      productId: gtin,
      category: 'batteries',
      originCountry: 'DE',
      metadata: BATTERY_METADATA,
    })) as { passport: { id: string } };
    const id = passport.passport.id;
    seeded.passports.push({ id, gtin });
    for (let done = 0; done < unitsPerPassport; done += 200) {
      const count = Math.min(200, unitsPerPassport - done);
      const serialised = (await post(`${base}/api/v1/passports/${id}/units`, token, {
        units: Array.from({ length: count }, (_, i) => ({ serialNumber: `P${p}S${done + i}` })),
      })) as { units: { id: string }[] };
      seeded.units.push(...serialised.units.map((unit) => unit.id));
    }
  }
  return seeded;
}
