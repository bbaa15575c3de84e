// History: "Every read is recorded in the passport's access audit log." Reads of
// `GET /api/v1/passports/{id}/history` and `/history/{version}` by the owning workspace (its keys,
// operator-bound keys, its console members) enter `GET /api/v1/passports/{id}/access-log` with the
// accessor, beside grant holders' reads.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { bearer, createKey, createWorkspace, type TestWorkspace, testApp } from '../helpers/app.ts';
import { addMember, session } from '../helpers/console.ts';
import { testDatabase } from '../helpers/db.ts';
import { batteryMetadata, createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

interface Entry {
  accessor: string;
  tier: string;
  action: string;
  grantId: string | null;
  representation: string | null;
  clientAddress: string | null;
}

describe('history reads in the access log', () => {
  let workspace: TestWorkspace;
  let operator: { id: string };
  const app = useTestApp();
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    operator = await createOperator(app, workspace);
  });

  const get = (url: string, headers: Record<string, string>, remoteAddress = '198.51.100.23') =>
    app.inject({ method: 'GET', url, headers, remoteAddress });

  /** A passport of `operator` with one archived version. */
  async function passportWithHistory() {
    const passport = await createPassport(app, workspace.token, { operatorId: operator.id });
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${passport.id}`,
      headers: bearer(workspace.token),
      payload: { metadata: batteryMetadata(), changeReason: 'revision' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    return passport;
  }

  const accessLog = async (passportId: string): Promise<Entry[]> => {
    const response = await get(`/api/v1/passports/${passportId}/access-log`, bearer(workspace.token));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().entries;
  };

  it("records the owner key's reads of the version list and of one version, with the key as accessor", async () => {
    const passport = await passportWithHistory();
    const prefix = (
      await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer(workspace.token) })
    )
      .json()
      .keys.find((key: { id: string }) => key.id === workspace.keyId).prefix;
    expect((await get(`/api/v1/passports/${passport.id}/history`, bearer(workspace.token))).statusCode).toBe(
      200,
    );
    expect(
      (await get(`/api/v1/passports/${passport.id}/history/1`, bearer(workspace.token))).statusCode,
    ).toBe(200);
    const entries = await accessLog(passport.id);
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          accessor: `key:${prefix}`,
          tier: 'owner',
          action: 'history',
          grantId: null,
          representation: 'json',
          clientAddress: '198.51.100.0/24',
        }),
        expect.objectContaining({
          accessor: `key:${prefix}`,
          tier: 'owner',
          action: 'version',
          grantId: null,
        }),
      ]),
    );
  });

  it("records an operator-bound key's reads and a console member's reads under their own names", async () => {
    const passport = await passportWithHistory();
    const scoped = await createKey(app, workspace, { operatorId: operator.id });
    const member = await addMember(app, workspace, `reader-${Date.now()}@example.com`);
    const signed = await session(app, workspace, member.email);
    expect((await get(`/api/v1/passports/${passport.id}/history`, bearer(scoped.token))).statusCode).toBe(
      200,
    );
    expect((await get(`/api/v1/passports/${passport.id}/history/1`, bearer(signed.token))).statusCode).toBe(
      200,
    );
    const entries = await accessLog(passport.id);
    expect(entries.map((entry) => [entry.accessor, entry.action]).sort()).toEqual(
      [
        [`key:${scoped.key.prefix}`, 'history'],
        [`user:${member.id}`, 'version'],
      ].sort(),
    );
  });

  it('records nothing for a refused read (no passport, another operator, no such version)', async () => {
    const passport = await passportWithHistory();
    const other = await createOperator(app, workspace, { name: 'Other Operator BV' });
    const elsewhere = await createKey(app, workspace, { operatorId: other.id });
    expect((await get(`/api/v1/passports/${passport.id}/history`, bearer(elsewhere.token))).statusCode).toBe(
      403,
    );
    expect(
      (await get(`/api/v1/passports/${passport.id}/history/9`, bearer(workspace.token))).statusCode,
    ).toBe(404);
    expect(await accessLog(passport.id)).toEqual([]);
  });

  it('writes the queued entries when the app closes', async () => {
    const own = await testApp();
    const passport = await passportWithHistory();
    const read = await own.inject({
      method: 'GET',
      url: `/api/v1/passports/${passport.id}/history`,
      headers: bearer(workspace.token),
    });
    expect(read.statusCode).toBe(200);
    await own.close();
    const { db } = await testDatabase();
    const rows = await queryRows<{ action: string }>(
      db,
      sql`select action from passport_access_log where tenant_id = ${workspace.id} and passport_id = ${passport.id}`,
    );
    expect(rows).toEqual([{ action: 'history' }]);
  });
});
