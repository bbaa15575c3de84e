// Registering EORI operators with EORI_VALIDATION_URL pointing at a local stand-in of the EU service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { appTest, useTestApp } from '../helpers/use-test-app.ts';
import { type StandIn, startEoriStandIn } from './eori-stand-in.ts';

describe('EORI look-up on registration', () => {
  let standIn: StandIn;
  let workspace: TestWorkspace;
  afterAll(async () => {
    await standIn?.close();
  });
  const app = useTestApp(async () => {
    standIn = await startEoriStandIn({
      DE123456789012345: 'valid',
      FR11111111111: 'invalid',
      IT22222222222: 'fault',
      ES33333333333: 'http-error',
    });
    return { env: { EORI_VALIDATION_URL: standIn.url } };
  });
  beforeAll(async () => {
    workspace = await createWorkspace(app);
  });

  const register = (regId: string, query = '', headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/operators${query}`,
      headers: { ...bearer(workspace.token), ...headers },
      payload: { name: `Operator ${regId}`, regId, regIdScheme: 'EORI', role: 'IMPORTER' },
    });

  it('confirms a registered EORI without warnings', async () => {
    const response = await register('de123456789012345');
    expect(response.statusCode).toBe(201);
    expect(response.json().operator).toMatchObject({
      regId: 'DE123456789012345',
      registryStatus: 'confirmed',
    });
    expect(response.json().warnings).toBeUndefined();
    expect(standIn.requests.at(-1)?.eoris).toEqual(['DE123456789012345']);
  });

  it('stores an unknown EORI as not_found and warns EORI_NOT_FOUND', async () => {
    const response = await register('FR11111111111');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      operator: expect.objectContaining({ regId: 'FR11111111111', registryStatus: 'not_found' }),
      warnings: [
        {
          code: 'EORI_NOT_FOUND',
          path: '/regId',
          message: 'EORI number FR11111111111 was not found in the EU EORI register',
          friendlyMessage: 'The EORI number FR11111111111 was not found in the EU register.',
        },
      ],
    });
    const stored = await app.inject({
      method: 'GET',
      url: `/api/v1/operators/${response.json().operator.id}`,
      headers: bearer(workspace.token),
    });
    expect(stored.json().operator.registryStatus).toBe('not_found');
  });

  it('localises the warning through ?lang= and Accept-Language', async () => {
    const german = await register('AT1111111', '?lang=de');
    expect(german.json().warnings[0].friendlyMessage).toBe(
      'Die EORI-Nummer AT1111111 wurde im EU-Register nicht gefunden.',
    );
    const french = await register('BE0999999999', '', { 'accept-language': 'fr-BE,fr;q=0.9' });
    expect(french.json().warnings[0].friendlyMessage).toContain('BE0999999999');
    expect(french.json().warnings[0].friendlyMessage).not.toBe(
      'The EORI number BE0999999999 was not found in the EU register.',
    );
  });

  it('stores the operator as unchecked, without a warning, when the registry is unavailable', async () => {
    for (const eori of ['IT22222222222', 'ES33333333333']) {
      const response = await register(eori);
      expect(response.statusCode, eori).toBe(201);
      expect(response.json().operator.registryStatus).toBe('unchecked');
      expect(response.json().warnings).toBeUndefined();
    }
  });

  it('asks the registry only about EORI numbers', async () => {
    const before = standIn.requests.length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/operators',
      headers: bearer(workspace.token),
      payload: { name: 'Registered GmbH', regId: 'HRB12345', regIdScheme: 'DE-HRB', role: 'MANUFACTURER' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().operator.registryStatus).toBe('unchecked');
    expect(standIn.requests.length).toBe(before);
  });

  it('does not ask the registry about a malformed number', async () => {
    const before = standIn.requests.length;
    expect((await register('NOT-AN-EORI')).statusCode).toBe(400);
    expect(standIn.requests.length).toBe(before);
  });
});

describe('EORI look-up against an unreachable registry', () => {
  appTest('registers the operator as unchecked', async ({ newApp }) => {
    const gone = await startEoriStandIn({});
    await gone.close();
    const app = await newApp({ env: { EORI_VALIDATION_URL: gone.url } });
    const workspace = await createWorkspace(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/operators',
      headers: bearer(workspace.token),
      payload: { name: 'Offline', regId: 'DE123456789012345', regIdScheme: 'EORI', role: 'MANUFACTURER' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().operator.registryStatus).toBe('unchecked');
    expect(response.json().warnings).toBeUndefined();
  });

  appTest('uses an injected registry, and survives one that throws', async ({ newApp }) => {
    const asked: string[] = [];
    const app = await newApp({
      eoriRegistry: {
        async check(eori) {
          asked.push(eori);
          throw new Error('registry exploded');
        },
      },
    });
    const workspace = await createWorkspace(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/operators',
      headers: bearer(workspace.token),
      payload: { name: 'Injected', regId: 'DE5550001', regIdScheme: 'EORI', role: 'MANUFACTURER' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().operator.registryStatus).toBe('unchecked');
    expect(asked).toEqual(['DE5550001']);
  });
});
