// History: "Every read is recorded in the passport's access audit log", and the record is written
// off the read's latency (docs/grants.md). While another connection holds the access log locked, a
// history read still answers at once; its entry is written when the lock goes, and the instance
// that served the read lists it. A second instance lists it once written. Runs on PostgreSQL only
// (`npm run test:instances`, TEST_DATABASE_URL): the lock needs a second connection.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/context.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { bearer, createWorkspace, type TestWorkspace, testConfig } from '../helpers/app.ts';
import { batteryMetadata, createOperator, createPassport } from '../helpers/passports.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/scratch-database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

let scratch: ScratchDatabase | undefined;
const databases: Database[] = [];
const apps: App[] = [];
let workspace: TestWorkspace;

beforeAll(async () => {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL (PostgreSQL) is required: npm run test:instances');
  scratch = await scratchDatabase(serverUrl, 'opendpp_accesslog');
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ databaseUrl: scratch.url });
    databases.push(database);
    const config = testConfig({ DATABASE_URL: scratch.url });
    apps.push(await buildApp({ config, db: database.db, changes: database.changes }));
  }
  workspace = await createWorkspace(apps[0] as App, 'enterprise');
  await createOperator(apps[0] as App, workspace);
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
  await scratch?.drop();
}, 60_000);

describe('history reads and the access log', () => {
  it('answers a history read while the access log is locked, and records it once the lock goes', async () => {
    const [served, other] = apps as [App, App];
    const passport = await createPassport(served, workspace.token);
    const updated = await served.inject({
      method: 'PUT',
      url: `/api/v1/passports/${passport.id}`,
      headers: bearer(workspace.token),
      payload: { metadata: batteryMetadata(), changeReason: 'revision' },
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const locker = new pg.Client({ connectionString: scratch?.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table passport_access_log in access exclusive mode');
      const read = await served.inject({
        method: 'GET',
        url: `/api/v1/passports/${passport.id}/history`,
        headers: bearer(workspace.token),
      });
      expect(read.statusCode).toBe(200);
      expect(read.json().total).toBe(1);
      await locker.query('commit');
    } finally {
      await locker.end();
    }

    const log = (app: App) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/passports/${passport.id}/access-log`,
        headers: bearer(workspace.token),
      });
    const listed = await log(served);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().entries).toEqual([
      expect.objectContaining({ action: 'history', tier: 'owner', accessor: expect.stringMatching(/^key:/) }),
    ]);
    // Written by the instance that served the read; another instance reads the same store.
    expect((await log(other)).json().entries).toHaveLength(1);
  });
});
