// The files to upload to the EU registry (docs/registry.md): 250 ready passports give three files of
// 100, 100 and 50 registrations that validate against the project's JSON Schema and XSD; passports
// not ready, and those already registered, are left out. The backup target is a loopback stand-in
// that keeps what it is pushed and answers it back.
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
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
import { testDatabase } from '../helpers/db.ts';
import { createFacility, createOperator, newGtin13 } from '../helpers/passports.ts';
import { filesOfZip, jsonFileErrors } from '../helpers/registry-files.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const app = useTestApp({ env: { BACKUP_ALLOW_INSECURE_TARGETS: 'true' } });

const READY = 250;
let workspace: TestWorkspace;
let other: TestWorkspace;
let targetId: string;
let backups: BackupWorker;
let close: () => Promise<void>;
const ids: string[] = [];

/** A backup host stand-in: keeps each PUT body and answers GETs with it. */
async function keepingHost() {
  const copies = new Map<string, string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      if (request.method === 'PUT') copies.set(path, Buffer.concat(chunks).toString('utf8'));
      const body = request.method === 'PUT' ? JSON.stringify({ success: true, copy: {} }) : copies.get(path);
      response
        .writeHead(request.method === 'PUT' ? 201 : body === undefined ? 404 : 200, {
          'content-type': 'application/json',
        })
        .end(body ?? '{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const submissions = async (query: string, token = workspace.token) => {
  const response = await apiCall(app, token, 'GET', `/api/v1/registry/submissions?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  return filesOfZip(response.rawPayload);
};

beforeAll(async () => {
  workspace = await createWorkspace(app);
  other = await createWorkspace(app);
  const operator = await createOperator(app, workspace, {
    regIdScheme: 'EORI',
    regId: `DE${randomInt(100_000_000, 999_999_999)}`,
    country: 'DE',
  });
  const facility = await createFacility(app, workspace);
  const host = await keepingHost();
  close = host.close;
  const added = await app.inject({
    method: 'POST',
    url: '/admin/v1/backup-targets',
    headers: admin,
    payload: { url: host.url, token: 'dpp_backup_stand-in', workspaceIds: [workspace.id] },
  });
  expect(added.statusCode, added.body).toBe(201);
  targetId = added.json().target.id;
  // 250 ready passports and one without a commodity code, by the bulk route.
  const body = (commodityCode: string | null) => ({
    productId: newGtin13(),
    // Toys: a small document, so that 250 seals and pushes take little time.
    category: 'toys',
    operatorId: operator.id,
    facilityId: facility.id,
    commodityCode,
    metadata: structuredClone(validToys),
  });
  const wanted = [...Array.from({ length: READY }, () => body('95030099')), body(null)];
  for (let start = 0; start < wanted.length; start += 200) {
    const bulk = await apiCall(app, workspace.token, 'POST', '/api/v1/passports/bulk', {
      passports: wanted.slice(start, start + 200),
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    ids.push(...bulk.json().passports.map((passport: { id: string }) => passport.id));
  }
  for (const id of ids) {
    const sealed = await apiCall(app, workspace.token, 'POST', `/api/v1/passports/${id}/seal`);
    expect(sealed.statusCode, sealed.body).toBe(200);
  }
  backups = startBackupWorker({
    db: (await testDatabase()).db,
    masterKey: decodeMasterKey(TEST_MASTER_KEY),
    baseUrl: BASE_URL,
    policy: { allowInsecure: true },
    timeoutMs: 10_000,
    pollMs: false,
    random: () => 0.5,
  });
  while ((await backups.runOnce()) > 0);
}, 240_000);

afterAll(async () => {
  await app.inject({ method: 'DELETE', url: `/admin/v1/backup-targets/${targetId}`, headers: admin });
  await backups?.stop();
  await close?.();
});

describe('GET /api/v1/registry/submissions', () => {
  it('gives 250 ready passports as three JSON files of 100, 100 and 50 that validate', async () => {
    const files = await submissions('status=ready&format=json');
    expect([...files.keys()]).toEqual([
      'registrations-001.json',
      'registrations-002.json',
      'registrations-003.json',
    ]);
    const counts = [...files.values()].map((text) => JSON.parse(text).registrations.length);
    expect(counts).toEqual([100, 100, 50]);
    for (const text of files.values()) expect(jsonFileErrors(text)).toEqual([]);
    const entries = [...files.values()].flatMap((text) => JSON.parse(text).registrations);
    expect(new Set(entries.map((entry) => entry.uniqueProductIdentifier)).size).toBe(READY);
    expect(entries[0]).toMatchObject({
      granularity: 'model',
      commodityCode: '95030099',
      passportVersion: 2,
      passportHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      backupCopyLink: expect.stringContaining('/backup/v1/passports/'),
    });
  }, 180_000);

  it('leaves a registered passport out of `ready`, and lists none under `updateDue`', async () => {
    const first = ids[0] as string;
    const registered = await apiCall(
      app,
      workspace.token,
      'POST',
      `/api/v1/passports/${first}/registrations`,
      {
        registrationId: 'EU-1',
        registeredAt: new Date().toISOString(),
        version: 2,
      },
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const files = await submissions('status=ready&format=json');
    const counts = [...files.values()].map((text) => JSON.parse(text).registrations.length);
    expect(counts).toEqual([100, 100, 49]);
    expect((await submissions('status=updateDue&format=json')).size).toBe(0);
  }, 180_000);

  it('answers another workspace with none of these passports, and refuses an unknown status', async () => {
    expect((await submissions('status=ready', other.token)).size).toBe(0);
    const refused = await apiCall(
      app,
      workspace.token,
      'GET',
      '/api/v1/registry/submissions?status=everything',
    );
    expect(refused.statusCode).toBe(400);
  });
});
