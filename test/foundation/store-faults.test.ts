// A store that cannot be reached: every surface answers 503 with Retry-After (never 500), and
// /health says `store: down`. The store here is a PGlite of the test's own, closed under the running
// app, so its queries fail as a lost database does: with an error and no answer.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { isResultObject } from '../../src/domain/en18222/result.ts';
import { bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { addMember, type SignedIn, session } from '../helpers/console.ts';
import { batteryMetadata, createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('a store that cannot be reached', () => {
  let database: Database;
  let workspace: TestWorkspace;
  let passportId: string;
  let member: SignedIn;
  let unusedToken: string;

  const app = useTestApp(async () => {
    database = await openDatabase({ inMemory: true });
    return { database };
  });
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    passportId = (await createPassport(app, workspace.token)).id;
    await addMember(app, workspace, 'faults@example.test');
    member = await session(app, workspace, 'faults@example.test');
    // A key never used, so no instance has its principal cached: its lookup needs the store.
    unusedToken = (await createKey(app, workspace, { name: 'unused' })).token;
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({
      status: 'ok',
      checks: { store: 'ok' },
    });
    await database.close();
  });

  const expectUnavailable = (response: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('reports store: down on /health, with 503', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable', checks: { store: 'down' } });
  });

  it('answers API reads and writes 503 UNAVAILABLE with Retry-After', async () => {
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passportId}`,
      headers: bearer(workspace.token),
    });
    expectUnavailable(read);
    expect(read.json()).toMatchObject({ success: false, code: 'UNAVAILABLE', requestId: expect.any(String) });
    const write = await app.inject({
      method: 'POST',
      url: '/api/v1/passports',
      headers: bearer(workspace.token),
      payload: { productId: newGtin13(), category: 'batteries', metadata: batteryMetadata() },
    });
    expectUnavailable(write);
    expect(write.json()).toMatchObject({ code: 'UNAVAILABLE' });
    // Public resolution and the lookup of a key alike.
    expectUnavailable(await app.inject({ method: 'GET', url: `/passport/${passportId}` }));
    expectUnavailable(
      await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(unusedToken) }),
    );
  });

  it('answers the EN 18222 surface 503 with its Result object', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/v1/dpps/${passportId}`,
      headers: bearer(workspace.token),
    });
    expectUnavailable(response);
    expect(isResultObject(response.json())).toBe(true);
  });

  it('answers console pages 503', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/console/passports',
      headers: { cookie: member.cookie },
    });
    expectUnavailable(response);
  });
});
