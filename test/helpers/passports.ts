// Fixtures for passport tests, made through the public API: operators, facilities and passports.
import { randomInt, randomUUID } from 'node:crypto';
import type { App } from '../../src/context.ts';
import { categorySchemas } from '../../src/domain/categories/schemas/index.ts';
import { withCheckDigit } from '../../src/domain/gs1/check-digit.ts';
import { bearer, type TestWorkspace } from './app.ts';

export const batteryMetadata = () =>
  structuredClone((categorySchemas.batteries.examples as Record<string, unknown>[])[0]) as Record<
    string,
    unknown
  >;

/** A fresh, valid GTIN-13 (its GTIN-14 form is the same digits with a leading zero). */
export const newGtin13 = () => withCheckDigit(`40${String(randomInt(0, 10 ** 10)).padStart(10, '0')}`);

export async function createOperator(app: App, workspace: TestWorkspace, body: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/operators',
    headers: bearer(workspace.token),
    payload: {
      name: 'VoltCell Europe GmbH',
      regIdScheme: 'DE-HRB',
      regId: `HRB${randomInt(10_000, 99_999_999)}`,
      role: 'MANUFACTURER',
      country: 'DE',
      ...body,
    },
  });
  if (response.statusCode !== 201) throw new Error(`operator creation failed: ${response.body}`);
  return response.json().operator as { id: string; regId: string; regIdScheme: string; name: string };
}

export async function createFacility(app: App, workspace: TestWorkspace, body: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/facilities',
    headers: bearer(workspace.token),
    payload: {
      gln: withCheckDigit(`40${String(randomInt(0, 10 ** 10)).padStart(10, '0')}`),
      name: 'Cell plant Salzgitter',
      activity: 'manufacturing',
      country: 'DE',
      address: { street: 'Werkstraße 1', postalCode: '38239', city: 'Salzgitter' },
      ...body,
    },
  });
  if (response.statusCode !== 201) throw new Error(`facility creation failed: ${response.body}`);
  return response.json().facility as { id: string; gln: string };
}

export async function createPassport(
  app: App,
  token: string,
  body: Record<string, unknown> = {},
): Promise<Record<string, unknown> & { id: string; productId: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/passports',
    headers: bearer(token),
    payload: {
      productId: newGtin13(),
      category: 'batteries',
      originCountry: 'DE',
      metadata: batteryMetadata(),
      ...body,
    },
  });
  if (response.statusCode !== 201) throw new Error(`passport creation failed: ${response.body}`);
  return response.json().passport;
}

export const uniqueSku = () => `SKU-${randomUUID().slice(0, 8)}`;
