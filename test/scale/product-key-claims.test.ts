// One owner per GS1 key across instances (docs/gs1.md): two node processes on one PostgreSQL, two
// workspaces creating a passport for one GTIN at the same moment, each through another process:
// exactly one 201, the other 409 PRODUCT_KEY_CLAIMED, and one passport stored. Then a key two
// workspaces already share (written as an earlier version left it) is named at the next boot and
// listed by `opendpp gs1 conflicts`. Runs on PostgreSQL only (`npm run test:instances`, with
// TEST_DATABASE_URL), on a database of its own that it drops at the end.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, TEST_MASTER_KEY } from '../helpers/app.ts';
import { batteryMetadata, newGtin13 } from '../helpers/passports.ts';
import {
  processTimeout,
  type RunningServer,
  run,
  startServer,
  stopProcesses,
  stopServer,
} from '../helpers/process.ts';
import { runStatement, type ScratchDatabase, scratchDatabase } from '../helpers/scratch-database.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = 8;

let scratch: ScratchDatabase | undefined;
let databaseUrl = '';

const boot = () =>
  startServer({
    DATABASE_URL: databaseUrl,
    MASTER_KEY: TEST_MASTER_KEY,
    PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN,
    REDIS_URL: '',
    PUBLIC_BASE_URL: 'https://dpp.example.test',
  });

async function call(server: RunningServer, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text), text };
}

async function workspaceWithOperator(server: RunningServer) {
  const subdomain = `keys-${randomUUID().slice(0, 8)}`;
  const made = await call(server, 'POST', '/admin/v1/workspaces', ADMIN_TOKEN, {
    name: `Workspace ${subdomain}`,
    subdomain,
    tier: 'enterprise',
  });
  if (made.status !== 201) throw new Error(`workspace: ${made.text}`);
  const { tenant, apiKey } = made.json();
  const operator = await call(server, 'POST', '/api/v1/operators', apiKey.token, {
    name: 'VoltCell Europe GmbH',
    regIdScheme: 'DE-HRB',
    regId: `HRB${randomUUID().slice(0, 6)}`,
    role: 'MANUFACTURER',
  });
  if (operator.status !== 201) throw new Error(`operator: ${operator.text}`);
  return { id: tenant.id as string, token: apiKey.token as string, operatorId: operator.json().operator.id };
}

beforeAll(async () => {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL (PostgreSQL) is required: npm run test:instances');
  scratch = await scratchDatabase(serverUrl, 'opendpp_key_claims');
  databaseUrl = scratch.url;
}, 60_000);

afterEach(stopProcesses);
afterAll(async () => {
  await stopProcesses();
  await scratch?.drop();
}, 60_000);

describe('one owner per GS1 key on two node processes', () => {
  it('lets exactly one of two concurrent creates of one GTIN succeed', {
    timeout: processTimeout(2),
  }, async () => {
    const nodes = await Promise.all([boot(), boot()]);
    const [one, two] = nodes as [RunningServer, RunningServer];
    const a = await workspaceWithOperator(one);
    const b = await workspaceWithOperator(two);
    for (let round = 0; round < ROUNDS; round++) {
      const productId = newGtin13();
      const body = { productId, category: 'batteries', metadata: batteryMetadata() };
      const answers = await Promise.all([
        call(one, 'POST', '/api/v1/passports', a.token, body),
        call(two, 'POST', '/api/v1/passports', b.token, body),
      ]);
      expect(answers.map((answer) => answer.status).sort(), answers.map((x) => x.text).join('\n')).toEqual([
        201, 409,
      ]);
      const refused = answers.find((answer) => answer.status === 409);
      expect(refused?.json().code).toBe('PRODUCT_KEY_CLAIMED');
      const stored = await runStatement<{ n: number }>(
        databaseUrl,
        'select count(*)::int as n from passports where product_id = $1',
        [`0${productId}`],
      );
      expect(stored[0]?.n).toBe(1);
    }
    for (const node of nodes) await stopServer(node);
  });

  it('names a key two workspaces already share at boot, and lists it', {
    timeout: processTimeout(3),
  }, async () => {
    const node = await boot();
    const a = await workspaceWithOperator(node);
    const b = await workspaceWithOperator(node);
    const productId = `0${newGtin13()}`;
    const held = await call(node, 'POST', '/api/v1/passports', a.token, {
      productId,
      category: 'batteries',
      metadata: batteryMetadata(),
    });
    expect(held.status, held.text).toBe(201);
    await stopServer(node);
    // As an earlier version could leave it: the same GTIN in another workspace, without a claim.
    const [later] = await runStatement<{ id: string }>(
      databaseUrl,
      `insert into passports (tenant_id, product_id, product_id_scheme, category, operator_id, status, metadata)
       values ($1, $2, 'GTIN', 'batteries', $3, 'ACTIVE', $4) returning id`,
      [b.id, productId, b.operatorId, JSON.stringify(batteryMetadata())],
    );
    const heldId = held.json().passport.id as string;

    const again = await boot();
    await expect.poll(() => again.stdout(), { timeout: WAIT_BUDGET_MS }).toContain(`GS1 key 01/${productId}`);
    const line = again
      .stdout()
      .split('\n')
      .find((entry) => entry.includes(`GS1 key 01/${productId}`));
    expect(line).toContain(heldId);
    expect(line).toContain(later?.id);

    const listed = await run(['bin/opendpp.js', 'gs1', 'conflicts'], {
      OPENDPP_URL: again.url,
      PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN,
    });
    expect(listed.code, listed.stderr).toBe(0);
    const report = JSON.parse(listed.stdout) as {
      keys: { productKey: string; passports: { id: string; holdsKey: boolean }[] }[];
    };
    expect(report.keys).toEqual([
      {
        productKey: `01/${productId}`,
        passports: [
          expect.objectContaining({ id: heldId, holdsKey: true, resolvesOnMainHost: true }),
          expect.objectContaining({ id: later?.id, holdsKey: false, resolvesOnMainHost: false }),
        ],
      },
    ]);
    await stopServer(again);
  });
});
