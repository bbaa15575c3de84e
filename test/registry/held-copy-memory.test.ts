// How long the BACKUP_HELD check believes a backup target (docs/registry.md, "How long an answer is
// remembered"): a target that holds the version is asked once in ten minutes, so the record and the
// console's passport page answer without waiting on it the second time; the overview checks eight
// passports at a time and asks the target once per passport version, even with two overviews at
// once, and the console's overview lists the passports not ready (the oldest 50) with the check each
// fails first; a target that does not answer is asked again after a minute, not once per passport.
// The backup target is a loopback stand-in whose answers to GET wait until the test lets them go.
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validToys } from '../../src/domain/categories/rules/toys.ts';
import { type BackupWorker, startBackupWorker } from '../../src/modules/backup-origin/service.ts';
import { decodeMasterKey } from '../../src/modules/seals/master-key.ts';
import {
  admin,
  apiCall,
  BASE_URL,
  createWorkspace,
  TEST_MASTER_KEY,
  type TestWorkspace,
} from '../helpers/app.ts';
import { addMember, session } from '../helpers/console.ts';
import { testDatabase } from '../helpers/db.ts';
import { createFacility, createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';

/**
 * The app's (and the backup worker's) clock runs `shift` ms ahead of the machine's: a test moves it
 * past a remembered answer.
 */
let shift = 0;
const clock = () => new Date(Date.now() + shift);
const app = useTestApp({
  env: { BACKUP_ALLOW_INSECURE_TARGETS: 'true', WEBHOOK_TIMEOUT_MS: '5000' },
  clock,
});

/**
 * A backup host stand-in: keeps each PUT body and answers it at once; answers a GET with the copy
 * it keeps (404 without), or, while held, keeps the GET waiting until `release`.
 */
interface GatedHost {
  url: string;
  /** The path of every GET, in the order they came. */
  gets: string[];
  /** GETs not answered yet, and the most there ever were at once. */
  waiting: number;
  most: number;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

async function gatedHost(): Promise<GatedHost> {
  const copies = new Map<string, string>();
  const held: (() => void)[] = [];
  let holding = false;
  const answer = (path: string, response: ServerResponse) => {
    const body = copies.get(path);
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(body ?? '{}');
    host.waiting -= 1;
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      if (request.method === 'PUT') {
        copies.set(path, Buffer.concat(chunks).toString('utf8'));
        response.writeHead(201, { 'content-type': 'application/json' }).end('{"success":true,"copy":{}}');
        return;
      }
      host.gets.push(path);
      host.waiting += 1;
      host.most = Math.max(host.most, host.waiting);
      if (holding) held.push(() => answer(path, response));
      else answer(path, response);
    });
  });
  const host: GatedHost = {
    url: '',
    gets: [],
    waiting: 0,
    most: 0,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const go of held.splice(0)) go();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return host;
}

let host: GatedHost;
let backups: BackupWorker;
const targets: string[] = [];

const addTarget = async (url: string, workspaceIds: string[]) => {
  const added = await app.inject({
    method: 'POST',
    url: '/admin/v1/backup-targets',
    headers: admin,
    payload: { url, token: 'dpp_backup_stand-in', workspaceIds },
  });
  expect(added.statusCode, added.body).toBe(201);
  targets.push(added.json().target.id);
};

/** A workspace whose passports pass every check once sealed and pushed, and a member of it. */
async function readyWorkspace() {
  const workspace = await createWorkspace(app);
  const operator = await createOperator(app, workspace, {
    regIdScheme: 'EORI',
    regId: `DE${randomInt(100_000_000, 999_999_999)}`,
    country: 'DE',
  });
  const facility = await createFacility(app, workspace);
  const email = `staff-${randomInt(1e9)}@example.com`;
  await addMember(app, workspace, email);
  return { workspace, operatorId: operator.id, facilityId: facility.id, email };
}

const seal = async (workspace: TestWorkspace, id: string) => {
  const sealed = await apiCall(app, workspace.token, 'POST', `/api/v1/passports/${id}/seal`);
  expect(sealed.statusCode, sealed.body).toBe(200);
};
const drain = async () => {
  while ((await backups.runOnce()) > 0);
};
const backupHeld = async (workspace: TestWorkspace, id: string) => {
  const answer = await apiCall(app, workspace.token, 'GET', `/api/v1/passports/${id}/registry-record`);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().checks as { code: string; ok: boolean; message: string }[]).find(
    (check) => check.code === 'BACKUP_HELD',
  );
};
/** The BACKUP_HELD row of a console page: its result and its message. */
const panelRow = (html: string) =>
  /<tr data-check="BACKUP_HELD">.*?<\/tr>/s.exec(html)?.[0] ?? 'no BACKUP_HELD row';

beforeAll(async () => {
  host = await gatedHost();
  backups = startBackupWorker({
    db: (await testDatabase()).db,
    masterKey: decodeMasterKey(TEST_MASTER_KEY),
    baseUrl: BASE_URL,
    policy: { allowInsecure: true },
    timeoutMs: 10_000,
    pollMs: false,
    random: () => 0.5,
    clock,
  });
});

afterAll(async () => {
  host?.release();
  for (const id of targets)
    await app.inject({ method: 'DELETE', url: `/admin/v1/backup-targets/${id}`, headers: admin });
  await backups?.stop();
  await host?.close();
});

describe('a backup target that holds the version', () => {
  it('is asked once: the second record and passport page answer while the target is held up', async () => {
    const { workspace, operatorId, facilityId, email } = await readyWorkspace();
    await addTarget(host.url, [workspace.id]);
    const passport = await createPassport(app, workspace.token, {
      commodityCode: '85076000',
      operatorId,
      facilityId,
    });
    await seal(workspace, passport.id);
    await drain();
    const path = `/backup/v1/passports/${passport.id}/versions/2`;
    const asked = () => host.gets.filter((item) => item === path).length;

    // The first record waits for the target's answer.
    host.hold();
    const first = backupHeld(workspace, passport.id);
    await expect.poll(asked, { timeout: WAIT_BUDGET_MS }).toBe(1);
    host.release();
    expect(await first).toMatchObject({ ok: true });

    // Held up from now on: a check that asked it would wait out the timeout and fail.
    host.hold();
    const again = await backupHeld(workspace, passport.id);
    expect(again).toMatchObject({ ok: true });
    expect(again?.message).toMatch(/holds version 2 with the same hash \(its answer at \d{4}-/);
    const { cookie } = await session(app, workspace, email);
    const page = await app.inject({
      method: 'GET',
      url: `/console/passports/${passport.id}`,
      headers: { cookie },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(panelRow(page.body)).toContain('<strong>Passed</strong>');
    expect(asked()).toBe(1);

    // Ten minutes on, the target is asked again.
    host.release();
    shift += 10 * 60_000 + 1_000;
    const later = await backupHeld(workspace, passport.id);
    expect(later).toMatchObject({ ok: true });
    expect(later?.message).not.toContain('its answer at');
    expect(asked()).toBe(2);
  });
});

describe('the overview', () => {
  it('checks eight passports at a time, asks the target once per version, and lists those not ready', async () => {
    const { workspace, operatorId, facilityId, email } = await readyWorkspace();
    await addTarget(host.url, [workspace.id]);
    // Eleven ready passports and one without a commodity code, sealed and pushed.
    const body = (commodityCode: string | null) => ({
      productId: newGtin13(),
      category: 'toys',
      operatorId,
      facilityId,
      commodityCode,
      metadata: structuredClone(validToys),
    });
    const bulk = await apiCall(app, workspace.token, 'POST', '/api/v1/passports/bulk', {
      passports: [...Array.from({ length: 11 }, () => body('95030099')), body(null)],
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    const ids = (bulk.json().passports as { id: string }[]).map((passport) => passport.id);
    for (const id of ids) await seal(workspace, id);
    await drain();
    const paths = ids.map((id) => `/backup/v1/passports/${id}/versions/2`);
    const askedOf = () => paths.map((path) => host.gets.filter((item) => item === path).length);

    // Two overviews at once, the API's and the console's, while the target keeps every GET waiting.
    host.hold();
    host.most = 0;
    const { cookie } = await session(app, workspace, email);
    const counted = apiCall(app, workspace.token, 'GET', '/api/v1/registry/overview');
    const shown = app.inject({ method: 'GET', url: '/console/registry', headers: { cookie } });
    await expect.poll(() => host.waiting, { timeout: WAIT_BUDGET_MS }).toBe(8);
    host.release();
    const [api, page] = await Promise.all([counted, shown]);
    expect(api.statusCode, api.body).toBe(200);
    expect(api.json().counts).toEqual({ ready: 11, notReady: 1, registered: 0, updateDue: 0 });
    expect(host.most).toBe(8);
    expect(askedOf()).toEqual(paths.map(() => 1));

    // The console lists the passport that is not ready, with the check it fails in its words.
    expect(page.statusCode, page.body).toBe(200);
    const notReady = ids[11] as string;
    const row = new RegExp(`<tr data-passport="${notReady}">.*?</tr>`, 's').exec(page.body)?.[0] ?? '';
    expect(row).toContain(`href="/console/passports/${notReady}#registry"`);
    expect(row).toContain('<strong data-check="COMMODITY_CODE">Commodity code</strong>');
    expect(row).toContain('No commodity code');
    expect(page.body).toContain('id="count-notReady">1<');
    expect(page.body).toContain('No registered passport has changed since its registration.');

    // Asked again within the ten minutes: the remembered answers, no GET.
    host.hold();
    const third = await apiCall(app, workspace.token, 'GET', '/api/v1/registry/overview');
    expect(third.json().counts).toEqual({ ready: 11, notReady: 1, registered: 0, updateDue: 0 });
    expect(askedOf()).toEqual(paths.map(() => 1));
    host.release();
  });

  it('lists the oldest 50 passports not ready in the console, and says how many there are', async () => {
    const { workspace, operatorId, email } = await readyWorkspace();
    const bulk = await apiCall(app, workspace.token, 'POST', '/api/v1/passports/bulk', {
      passports: Array.from({ length: 52 }, () => ({
        productId: newGtin13(),
        category: 'toys',
        operatorId,
        metadata: structuredClone(validToys),
      })),
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    const ids = (bulk.json().passports as { id: string }[]).map((passport) => passport.id);
    const { cookie } = await session(app, workspace, email);
    const page = await app.inject({ method: 'GET', url: '/console/registry', headers: { cookie } });
    expect(page.statusCode, page.body).toBe(200);
    const listed = [...page.body.matchAll(/<tr data-passport="([^"]+)">/g)].map((match) => match[1]);
    expect(listed).toEqual(ids.slice(0, 50));
    expect(page.body).toContain('Listed: the oldest 50 of 52.');
    expect(page.body).toContain('id="count-notReady">52<');
  });

  it("refuses the console's overview to a plan without API access, as the API does", async () => {
    const workspace = await createWorkspace(app, 'starter');
    await addMember(app, workspace, 'starter@example.com');
    const { cookie } = await session(app, workspace, 'starter@example.com');
    const page = await app.inject({ method: 'GET', url: '/console/registry', headers: { cookie } });
    expect(page.statusCode).toBe(402);
  });
});

describe('a backup target that does not answer', () => {
  it('costs its timeout once a minute, not once per passport', async () => {
    const silent = await gatedHost();
    try {
      const { workspace, operatorId, facilityId } = await readyWorkspace();
      await addTarget(silent.url, [workspace.id]);
      const made = [];
      for (let n = 0; n < 2; n += 1) {
        const passport = await createPassport(app, workspace.token, {
          commodityCode: '85076000',
          operatorId,
          facilityId,
        });
        await seal(workspace, passport.id);
        made.push(passport.id);
      }
      await drain();
      const [one, two] = made as [string, string];
      silent.hold();
      const first = await backupHeld(workspace, one);
      expect(first).toMatchObject({ ok: false });
      expect(first?.message).toContain('did not answer the copy');
      expect(silent.gets).toHaveLength(1);
      // Another passport's record does not wait: the target did not answer a moment ago.
      const second = await backupHeld(workspace, two);
      expect(second).toMatchObject({ ok: false });
      expect(second?.message).toMatch(/did not answer the copy .*\(its answer at /);
      expect(silent.gets).toHaveLength(1);
      // A minute on, it is asked again, and now answers.
      silent.release();
      shift += 61_000;
      expect(await backupHeld(workspace, two)).toMatchObject({ ok: true });
      expect(silent.gets).toHaveLength(2);
    } finally {
      silent.release();
      await silent.close();
    }
  });
});
