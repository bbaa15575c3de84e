// GS1 Company Prefixes (docs/gs1.md): the platform admin gives workspaces prefixes; once one holds a
// prefix, only it may create passports for keys under it (the longest held prefix decides), a prefix
// has one holder (409 GS1_PREFIX_HELD), passports made before stay and are listed as conflicts, and
// the CLI sets and shows them. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { randomInt } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../src/domain/gs1/check-digit.ts';
import { ADMIN_TOKEN, admin, bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { serveForBrowser } from '../helpers/browser.ts';
import { batteryMetadata, createOperator, createPassport } from '../helpers/passports.ts';
import { processTimeout, run, stopProcesses } from '../helpers/process.ts';
import { expectClaimed } from '../helpers/product-keys.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

/** A 9-digit prefix no other test's GTINs fall under (they begin with 40 or 61). */
const newPrefix = () => `7${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
/** A fresh GTIN-13 under `prefix`. */
const gtinUnder = (prefix: string) =>
  withCheckDigit(`${prefix}${String(randomInt(0, 10 ** 12)).padStart(12, '0')}`.slice(0, 12));

interface TenantAnswer {
  id: string;
  gs1CompanyPrefixes: string[];
}

describe('GS1 Company Prefixes', () => {
  const app = useTestApp();
  let holder: TestWorkspace;
  let other: TestWorkspace;
  beforeAll(async () => {
    holder = await createWorkspace(app);
    other = await createWorkspace(app);
    await createOperator(app, holder);
    await createOperator(app, other);
  });

  const assign = (workspace: TestWorkspace, gs1CompanyPrefixes: unknown) =>
    app.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${workspace.id}`,
      headers: admin,
      payload: { gs1CompanyPrefixes },
    });
  const listed = async (workspace: TestWorkspace) => {
    const list = await app.inject({ method: 'GET', url: '/admin/v1/workspaces?limit=200', headers: admin });
    expect(list.statusCode).toBe(200);
    const found = (list.json().workspaces as TenantAnswer[]).find((tenant) => tenant.id === workspace.id);
    return found?.gs1CompanyPrefixes;
  };
  const create = (workspace: TestWorkspace, productId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/passports',
      headers: bearer(workspace.token),
      payload: { productId, category: 'batteries', metadata: batteryMetadata() },
    });

  it('keeps every key under a held prefix for its holder, whatever the packaging indicator', async () => {
    const prefix = newPrefix();
    const assigned = await assign(holder, [prefix]);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().tenant.gs1CompanyPrefixes).toEqual([prefix]);
    expect(await listed(holder)).toEqual([prefix]);
    expect(await listed(other)).toEqual([]);

    const gtin = gtinUnder(prefix);
    const message = expectClaimed(await create(other, gtin), `01/0${gtin}`);
    expect(message).not.toContain(holder.id);
    const case14 = withCheckDigit(`1${gtin.slice(0, 12)}`);
    expectClaimed(await create(other, case14), `01/${case14}`);
    expect((await create(holder, gtin)).statusCode).toBe(201);
    expect((await create(holder, case14)).statusCode).toBe(201);
  });

  it('lets the longest held prefix decide', async () => {
    const short = newPrefix();
    const long = `${short}5`;
    expect((await assign(holder, [short])).statusCode).toBe(200);
    // Nested prefixes may belong to different workspaces; an equal one may not.
    const nested = await assign(other, [long]);
    expect(nested.statusCode, nested.body).toBe(200);
    expect((await create(other, gtinUnder(long))).statusCode).toBe(201);
    const underLong = gtinUnder(long);
    expectClaimed(await create(holder, underLong), `01/0${underLong}`);
    const underShortOnly = gtinUnder(`${short}6`);
    expect((await create(holder, underShortOnly)).statusCode).toBe(201);
    expectClaimed(await create(other, gtinUnder(`${short}6`)), '01/');
  });

  it('refuses a prefix another workspace holds (409 GS1_PREFIX_HELD), changing nothing', async () => {
    const mine = newPrefix();
    const theirs = newPrefix();
    expect((await assign(holder, [theirs])).statusCode).toBe(200);
    expect((await assign(other, [mine])).statusCode).toBe(200);
    const refused = await assign(other, [mine, theirs]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, error: 'Conflict', code: 'GS1_PREFIX_HELD' });
    expect(refused.json().message).toContain(theirs);
    expect(await listed(other)).toEqual([mine]);
    expect(await listed(holder)).toEqual([theirs]);
  });

  it('takes 4 to 12 digits only, and a list that replaces the set ([] clears it)', async () => {
    for (const bad of [['123'], ['12a45'], ['1234567890123'], '4012345', [4012345]]) {
      const response = await assign(holder, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    }
    const prefix = newPrefix();
    const answer = await assign(holder, [prefix, prefix, '1234']);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().tenant.gs1CompanyPrefixes).toEqual(['1234', prefix]);
    expectClaimed(await create(other, gtinUnder(prefix)), '01/');
    expect((await assign(holder, [])).json().tenant.gs1CompanyPrefixes).toEqual([]);
    expect((await create(other, gtinUnder(prefix))).statusCode).toBe(201);
    // Other fields change without touching the set.
    expect((await assign(holder, [prefix])).statusCode).toBe(200);
    const limit = await app.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${holder.id}`,
      headers: admin,
      payload: { mfaRequired: false },
    });
    expect(limit.json().tenant.gs1CompanyPrefixes).toEqual([prefix]);
  });

  it('leaves passports made before a prefix was assigned with their makers, and lists them', async () => {
    const prefix = newPrefix();
    const earlier = await createPassport(app, other.token, { productId: gtinUnder(prefix) });
    expect((await assign(holder, [prefix])).statusCode).toBe(200);
    // The passport stays its maker's, readable and writable; a new key under the prefix is not.
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${earlier.id}`,
      headers: bearer(other.token),
      payload: { changeReason: 'still mine' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expectClaimed(await create(other, gtinUnder(prefix)), '01/');
    const conflicts = await app.inject({ method: 'GET', url: '/admin/v1/gs1/conflicts', headers: admin });
    expect(conflicts.statusCode).toBe(200);
    expect(conflicts.json().prefixes).toContainEqual({
      prefix,
      workspaceId: holder.id,
      passport: {
        id: earlier.id,
        workspaceId: other.id,
        productKey: `01/${earlier.productId}`,
        createdAt: expect.any(String),
      },
    });
  });

  it('is platform admin work: a workspace key is 401', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${holder.id}`,
      headers: bearer(holder.token),
      payload: { gs1CompanyPrefixes: [newPrefix()] },
    });
    expect(response.statusCode).toBe(401);
  });

  describe('opendpp workspaces update --gs1-prefixes, workspaces list, gs1 conflicts', () => {
    let url: string;
    beforeAll(async () => {
      url = await serveForBrowser(app);
    });
    afterEach(stopProcesses);

    const cli = (...args: string[]) =>
      run(['bin/opendpp.js', ...args], { OPENDPP_URL: url, PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN });

    it('sets and shows the prefixes, and refuses a held one', { timeout: processTimeout(4) }, async () => {
      const [first, second] = [newPrefix(), newPrefix()];
      const set = await cli(
        'workspaces',
        'update',
        '--workspace',
        other.id,
        '--gs1-prefixes',
        `${second},${first}`,
      );
      expect(set.code, set.stderr).toBe(0);
      expect(JSON.parse(set.stdout).tenant.gs1CompanyPrefixes).toEqual([first, second].sort());

      const list = await cli('workspaces', 'list');
      expect(list.code, list.stderr).toBe(0);
      const shown = (JSON.parse(list.stdout).workspaces as TenantAnswer[]).find((w) => w.id === other.id);
      expect(shown?.gs1CompanyPrefixes).toEqual([first, second].sort());

      const held = await cli('workspaces', 'update', '--workspace', holder.id, '--gs1-prefixes', first);
      expect(held.code).toBe(1);
      expect(held.stderr).toContain('answered 409');
      expect(held.stderr).toContain('GS1_PREFIX_HELD');

      const conflicts = await cli('gs1', 'conflicts');
      expect(conflicts.code, conflicts.stderr).toBe(0);
      expect(JSON.parse(conflicts.stdout)).toMatchObject({
        success: true,
        keys: expect.any(Array),
        prefixes: expect.any(Array),
      });
    });
  });
});
