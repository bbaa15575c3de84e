// Keys that already conflict (docs/gs1.md, "Conflicts"): passports of two workspaces carrying one
// GS1 key, from before keys had one owner. They are listed by the admin API, named in a warning at
// boot (the report, and a real boot of the service on such data), resolve on the main host to the
// earliest-created published passport, and the key passes to the other passport when the holder's
// draft is deleted. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { productKeyClaims } from '../../src/db/schema.ts';
import { warnOfSharedKeys } from '../../src/modules/gs1/boot-report.ts';
import {
  admin,
  bearer,
  createWorkspace,
  TEST_MASTER_KEY,
  type TestWorkspace,
  testConfig,
} from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { batteryMetadata, createOperator, createPassport } from '../helpers/passports.ts';
import { processTimeout, startServer, stopProcesses, stopServer } from '../helpers/process.ts';
import { expectClaimed, insertUnclaimedPassport } from '../helpers/product-keys.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';

interface ListedKey {
  productKey: string;
  passports: { id: string; workspaceId: string; holdsKey: boolean; resolvesOnMainHost: boolean }[];
}

describe('GS1 keys that already conflict', () => {
  const app = useTestApp();
  let first: TestWorkspace;
  let second: TestWorkspace;
  let secondOperator: string;
  beforeAll(async () => {
    first = await createWorkspace(app);
    second = await createWorkspace(app);
    await createOperator(app, first);
    secondOperator = (await createOperator(app, second)).id;
  });

  /** A passport of the first workspace (through the API), and one of the second made before claims. */
  const sharedKey = async (status: 'ACTIVE' | 'DRAFT' = 'ACTIVE') => {
    const held = await createPassport(app, first.token, { status });
    const { db } = await testDatabase();
    const later = await insertUnclaimedPassport(db, {
      tenantId: second.id,
      operatorId: secondOperator,
      gtin14: held.productId,
      createdAt: new Date(Date.now() + 1_000),
    });
    return { held, later, productKey: `01/${held.productId}` };
  };
  const listedKey = async (productKey: string) => {
    const response = await app.inject({ method: 'GET', url: '/admin/v1/gs1/conflicts', headers: admin });
    expect(response.statusCode).toBe(200);
    return (response.json().keys as ListedKey[]).find((entry) => entry.productKey === productKey);
  };

  it('lists both passports, the earliest holding the key and resolving on the main host', async () => {
    const { held, later, productKey } = await sharedKey();
    expect(await listedKey(productKey)).toEqual({
      productKey,
      passports: [
        expect.objectContaining({
          id: held.id,
          workspaceId: first.id,
          holdsKey: true,
          resolvesOnMainHost: true,
        }),
        expect.objectContaining({
          id: later,
          workspaceId: second.id,
          holdsKey: false,
          resolvesOnMainHost: false,
        }),
      ],
    });
    const resolved = await app.inject({
      method: 'GET',
      url: `/01/${held.productId}`,
      headers: { accept: 'application/json' },
    });
    expect(resolved.json().id).toBe(held.id);
  });

  it('names both passport ids in a warning at boot', async () => {
    const { held, later, productKey } = await sharedKey();
    const warnings: { fields: Record<string, unknown>; message: string }[] = [];
    const { db } = await testDatabase();
    await warnOfSharedKeys(db, { warn: (fields, message) => warnings.push({ fields, message }) });
    const warning = warnings.find((entry) => entry.fields.productKey === productKey);
    expect(warning?.message).toContain(held.id);
    expect(warning?.message).toContain(later);
    expect(warning?.message).toContain(`resolves it to ${held.id}`);
    expect(warning?.fields.passportIds).toEqual([held.id, later]);
  });

  it("passes the key to the other passport when the holder's draft is deleted", async () => {
    const { held, later, productKey } = await sharedKey('DRAFT');
    // A draft is not published: the main host resolves the later, published passport.
    const listed = await listedKey(productKey);
    expect(listed?.passports.map((p) => [p.holdsKey, p.resolvesOnMainHost])).toEqual([
      [true, false],
      [false, true],
    ]);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/passports/${held.id}`,
      headers: bearer(first.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await listedKey(productKey)).toBeUndefined();
    // Held now by the second workspace's passport: a third workspace, or the first again, is refused.
    const third = await createWorkspace(app);
    await createOperator(app, third);
    for (const workspace of [third, first]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/passports',
        headers: bearer(workspace.token),
        payload: { productId: held.productId, category: 'batteries', metadata: batteryMetadata() },
      });
      expectClaimed(response, productKey);
    }
    const { db } = await testDatabase();
    const [claim] = await db
      .select()
      .from(productKeyClaims)
      .where(eq(productKeyClaims.productKey, productKey));
    expect(claim).toMatchObject({ tenantId: second.id, passportId: later });
  });

  it('is platform admin work: a workspace key is 401', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/admin/v1/gs1/conflicts',
      headers: bearer(first.token),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the boot of the service on an embedded store with a shared key', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'opendpp-keys-'));
  afterEach(stopProcesses);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('warns naming both passport ids', { timeout: processTimeout(1) }, async () => {
    // The store as an earlier version left it: two workspaces' passports carrying one GTIN.
    const database = await openDatabase({ dataDir });
    const seeding = await buildApp({ config: testConfig(), db: database.db });
    const [one, two] = [await createWorkspace(seeding), await createWorkspace(seeding)];
    await createOperator(seeding, one);
    const twoOperator = (await createOperator(seeding, two)).id;
    const held = await createPassport(seeding, one.token);
    const later = await insertUnclaimedPassport(database.db, {
      tenantId: two.id,
      operatorId: twoOperator,
      gtin14: held.productId,
    });
    await seeding.close();
    await database.close();

    const server = await startServer({ DATA_DIR: dataDir, MASTER_KEY: TEST_MASTER_KEY });
    await expect
      .poll(() => server.stdout(), { timeout: WAIT_BUDGET_MS })
      .toContain(`GS1 key 01/${held.productId}`);
    const line = server
      .stdout()
      .split('\n')
      .find((entry) => entry.includes(`GS1 key 01/${held.productId}`));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 40 });
    expect(line).toContain(held.id);
    expect(line).toContain(later);
    await stopServer(server);
  });
});
