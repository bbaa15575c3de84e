// First boot on PostgreSQL, as a user runs it: with DATABASE_URL and no PLATFORM_ADMIN_TOKEN, the
// first boot of an empty database prints an admin token and a demo key once; two instances booting
// together on it make exactly one token; a later boot says where the token was printed and never
// prints it again. Runs on PostgreSQL only (`npm run test:instances`, with TEST_DATABASE_URL), on a
// database of its own that it drops at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MASTER_KEY } from '../helpers/app.ts';
import { processTimeout, type RunningServer, startServer } from '../helpers/process.ts';
import { type ScratchDatabase, scratchDatabase } from '../helpers/scratch-database.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const ADMIN_TOKEN_LINE = /Platform admin token\s*: (\S*dpp_admin_\S+)/;
const DEMO_KEY_LINE = /Demo API key\s*: (\S+)/;

let scratch: ScratchDatabase | undefined;
let databaseUrl = '';
const running: RunningServer[] = [];

async function boot(): Promise<RunningServer> {
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    MASTER_KEY: TEST_MASTER_KEY,
    // Whatever the environment of the test run holds: this boot has no admin token configured.
    PLATFORM_ADMIN_TOKEN: '',
    REDIS_URL: '',
    PUBLIC_BASE_URL: 'https://dpp.example.test',
  });
  running.push(server);
  return server;
}

async function stop(server: RunningServer): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exit;
}

async function adminList(server: RunningServer, token: string) {
  const response = await fetch(`${server.url}/admin/v1/workspaces`, {
    headers: { authorization: `Bearer ${token}`, host: 'dpp.example.test' },
  });
  return {
    status: response.status,
    body: (await response.json()) as { workspaces?: { subdomain: string }[] },
  };
}

/** Both the output streams of a process: the secrets go to stdout, log lines too. */
const outputOf = (server: RunningServer) => `${server.stdout()}\n${server.stderr()}`;

beforeAll(async () => {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL (PostgreSQL) is required: npm run test:instances');
  scratch = await scratchDatabase(serverUrl, 'opendpp_first_boot');
  databaseUrl = scratch.url;
}, 60_000);

afterAll(async () => {
  for (const server of running) await stop(server);
  await scratch?.drop();
}, 60_000);

describe('first boot on PostgreSQL without PLATFORM_ADMIN_TOKEN', () => {
  let adminToken = '';

  it(
    'makes exactly one admin token and demo workspace when two instances boot together',
    async () => {
      const pair = await Promise.all([boot(), boot()]);
      try {
        // Each has listened; the one that made the token printed it, the other says it was printed.
        await expect
          .poll(
            () => pair.filter((server) => /printed once|Platform admin token/.test(outputOf(server))).length,
            { timeout: WAIT_BUDGET_MS },
          )
          .toBe(2);
        const printed = pair.filter((server) => ADMIN_TOKEN_LINE.test(server.stdout()));
        expect(printed).toHaveLength(1);
        const [first] = printed as [RunningServer];
        const other = pair.find((server) => server !== first) as RunningServer;
        adminToken = ADMIN_TOKEN_LINE.exec(first.stdout())?.[1] ?? '';
        expect(first.stdout()).toMatch(DEMO_KEY_LINE);
        expect(outputOf(other)).not.toContain(adminToken);
        expect(outputOf(other)).toMatch(/printed once on the console of the first boot, on \d{4}-\d\d-\d\dT/);

        // The token opens the admin API on both instances, and there is one demo workspace.
        for (const server of pair) {
          const listed = await adminList(server, adminToken);
          expect(listed.status).toBe(200);
          expect(listed.body.workspaces?.filter((workspace) => workspace.subdomain === 'demo')).toHaveLength(
            1,
          );
        }
      } finally {
        for (const server of pair) await stop(server);
      }
    },
    processTimeout(2),
  );

  it(
    'says at a later boot where the token was printed, never printing it again',
    async () => {
      const later = await boot();
      try {
        await expect
          .poll(() => outputOf(later), { timeout: WAIT_BUDGET_MS })
          .toMatch(/printed once on the console/);
        expect(outputOf(later)).toMatch(/Set PLATFORM_ADMIN_TOKEN to replace it/);
        expect(outputOf(later)).not.toContain(adminToken);
        expect(later.stdout()).not.toMatch(ADMIN_TOKEN_LINE);
        expect(later.stdout()).not.toMatch(DEMO_KEY_LINE);
        expect((await adminList(later, adminToken)).status).toBe(200);
        expect((await adminList(later, `${adminToken}x`)).status).toBe(401);
      } finally {
        await stop(later);
      }
    },
    processTimeout(1),
  );
});
