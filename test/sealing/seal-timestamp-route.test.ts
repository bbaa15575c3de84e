// Sealing through the API with TSA_URL set: a real TSA (openssl ts behind a loopback server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { startTestTsa, type TestTsa } from '../helpers/tsa.ts';
import { appTest, useTestApp } from '../helpers/use-test-app.ts';

describe('seals with an RFC 3161 timestamp', () => {
  let tsa: TestTsa;
  let workspace: TestWorkspace;
  afterAll(async () => {
    await tsa?.close();
  });
  const app = useTestApp(async () => {
    tsa = await startTestTsa();
    return { env: { TSA_URL: tsa.url } };
  });
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
  });

  it('grants every seal a timestamp over its signature, and verification checks it', async () => {
    const passport = await createPassport(app, workspace.token);
    const sealed = await app.inject({
      method: 'POST',
      url: `/api/v1/passports/${passport.id}/seal`,
      headers: bearer(workspace.token),
    });
    expect(sealed.statusCode).toBe(200);
    const document = sealed.json().passport;
    expect(document.digitalSeal.timestampStatus).toBe('granted');
    expect(document.digitalSeal.timestamp.token).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const served = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passport.id}`,
      headers: bearer(workspace.token),
    });
    const verified = await app.inject({
      method: 'POST',
      url: '/api/v1/audit/verify',
      payload: { document: served.json() },
    });
    expect(verified.json()).toMatchObject({
      valid: true,
      checks: { timestamp: true, operatorBinding: true },
    });
  });

  appTest('seals nothing and answers 503 while the TSA cannot be reached', async ({ newApp }) => {
    const unreachable = await newApp({ env: { TSA_URL: 'http://127.0.0.1:9/tsa' } });
    const passport = await createPassport(unreachable, workspace.token);
    const response = await unreachable.inject({
      method: 'POST',
      url: `/api/v1/passports/${passport.id}/seal`,
      headers: bearer(workspace.token),
    });
    expect(response.statusCode).toBe(503);
    const read = await unreachable.inject({
      method: 'GET',
      url: `/api/v1/passports/${passport.id}`,
      headers: bearer(workspace.token),
    });
    expect(read.json()).toMatchObject({ digitalSeal: null });
    const history = await unreachable.inject({
      method: 'GET',
      url: `/api/v1/passports/${passport.id}/history`,
      headers: bearer(workspace.token),
    });
    expect(history.json().currentVersion).toBe(1);
  });
});
