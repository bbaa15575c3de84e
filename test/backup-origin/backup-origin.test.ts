// Two real nodes on loopback: an origin (a store of its own) pushes its sealed passport versions to a
// host (the test store) listening on 127.0.0.1, through the backup outbox and its worker. Targets,
// pushes in order, the version hash and backup state the owner reads, refusals, retries, the
// backfill of a target added late, the copy outliving the origin, custody, and the archive.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyArchiveBytes } from '../../src/backup-verify-file.ts';
import type { App } from '../../src/context.ts';
import { versionHashOf } from '../../src/domain/backup/version-hash.ts';
import { createSealCa } from '../../src/domain/seal/index.ts';
import { type BackupWorker, startBackupWorker } from '../../src/modules/backup-origin/service.ts';
import { decodeMasterKey } from '../../src/modules/seals/master-key.ts';
import { startDeliveryWorker } from '../../src/modules/webhooks/service.ts';
import { verifyFile } from '../../src/verify-file.ts';
import {
  admin,
  apiCall,
  bearer,
  createWorkspace,
  TEST_MASTER_KEY,
  type TestWorkspace,
} from '../helpers/app.ts';
import {
  type ListeningHost,
  listeningHost,
  ORIGIN_URL,
  type OriginNode,
  originNode,
} from '../helpers/backup-nodes.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { createSealedPassport } from '../helpers/seals.ts';
import { appTest } from '../helpers/use-test-app.ts';
import { type Receiver, startReceiver } from '../helpers/webhook-receiver.ts';

const dir = mkdtempSync(join(tmpdir(), 'backup-origin-'));
let hostNode: ListeningHost;
let host: App;
let hostUrl: string;
let origin: OriginNode;
let worker: BackupWorker;
let workspace: TestWorkspace;
let partnerId: string;
let partnerToken: string;
let originClosed = false;

async function registerPartner(caPem: string) {
  const response = await host.inject({
    method: 'POST',
    url: '/admin/v1/backup-partners',
    headers: admin,
    payload: { name: 'Origin', originBaseUrl: ORIGIN_URL, sealCaPem: caPem },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { partner: { id: string }; token: string };
}

async function addTarget(payload: Record<string, unknown>) {
  const response = await origin.app.inject({
    method: 'POST',
    url: '/admin/v1/backup-targets',
    headers: admin,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().target as { id: string; pushes: { pending: number } };
}

/** Runs the worker until nothing is due now (each pass pushes one version per passport and target). */
async function drain(): Promise<number> {
  let total = 0;
  for (let attempted = await worker.runOnce(); attempted > 0; attempted = await worker.runOnce()) {
    total += attempted;
  }
  return total;
}

const ownerRead = async (id: string) => {
  const response = await apiCall(origin.app, workspace.token, 'GET', `/api/v1/passports/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const ownerRead0 = async (token: string, id: string) =>
  (await apiCall(origin.app, token, 'GET', `/api/v1/passports/${id}`)).json();

const hostCopy = (id: string, version: number, token = partnerToken) =>
  host.inject({
    method: 'GET',
    url: `/backup/v1/passports/${id}/versions/${version}`,
    headers: bearer(token),
  });

beforeAll(async () => {
  // The host's base URL is where the origin reaches it, so the copy URIs it answers are accepted.
  hostNode = await listeningHost();
  host = hostNode.app;
  hostUrl = hostNode.url;
  origin = await originNode({
    BACKUP_ALLOW_INSECURE_TARGETS: 'true',
    WEBHOOK_ALLOW_INSECURE_TARGETS: 'true',
  });
  worker = startBackupWorker({
    db: origin.db,
    masterKey: decodeMasterKey(TEST_MASTER_KEY),
    baseUrl: ORIGIN_URL,
    policy: { allowInsecure: true },
    timeoutMs: 20_000,
    pollMs: false,
    random: () => 0.5,
  });
  workspace = await createWorkspace(origin.app);
  await createOperator(origin.app, workspace);
  ({
    partner: { id: partnerId },
    token: partnerToken,
  } = await registerPartner(origin.caPem));
});

afterAll(async () => {
  await worker?.stop();
  await hostNode?.close();
  if (!originClosed) await origin?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('backup targets', () => {
  it('are the platform admin’s, keep the token to themselves, and refuse what the guard refuses', async () => {
    const payload = { url: hostUrl, token: 'not-a-real-token' };
    const anonymous = await origin.app.inject({ method: 'POST', url: '/admin/v1/backup-targets', payload });
    expect(anonymous.statusCode).toBe(401);
    const withKey = await apiCall(origin.app, workspace.token, 'POST', '/admin/v1/backup-targets', payload);
    expect(withKey.statusCode).toBe(401);
    for (const url of ['ftp://127.0.0.1/', 'http://user:pw@127.0.0.1/', 'not a url', `${hostUrl}/?q=1`]) {
      const refused = await origin.app.inject({
        method: 'POST',
        url: '/admin/v1/backup-targets',
        headers: admin,
        payload: { url, token: 't' },
      });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().code).toBe('BAD_REQUEST');
    }
    const unknownWorkspace = await origin.app.inject({
      method: 'POST',
      url: '/admin/v1/backup-targets',
      headers: admin,
      payload: { ...payload, workspaceIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknownWorkspace.statusCode).toBe(400);

    const created = await addTarget({ ...payload, workspaceIds: [workspace.id] });
    const list = await origin.app.inject({ method: 'GET', url: '/admin/v1/backup-targets', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().targets).toContainEqual(expect.objectContaining({ id: created.id, url: hostUrl }));
    expect(JSON.stringify(list.json())).not.toContain('not-a-real-token');
    const removed = await origin.app.inject({
      method: 'DELETE',
      url: `/admin/v1/backup-targets/${created.id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    const again = await origin.app.inject({
      method: 'DELETE',
      url: `/admin/v1/backup-targets/${created.id}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
    // Nothing is left queued for a deleted target.
    expect(await worker.runOnce()).toBe(0);
  });
});

describe('pushing sealed versions to a host', () => {
  let targetId: string;
  let id: string;

  beforeAll(async () => {
    targetId = (await addTarget({ url: hostUrl, token: partnerToken, workspaceIds: [workspace.id] })).id;
  });

  it('queues a version in the sealing transaction and the host holds it after the first attempt', async () => {
    const sealed = await createSealedPassport(origin.app, workspace.token);
    id = sealed.id;
    const version = sealed.digitalSeal.version as number;
    const before = await ownerRead(id);
    expect(before.versionHash).toBe(versionHashOf(sealed));
    expect(before.backup).toMatchObject({ status: 'pending', target: hostUrl, version });
    expect(before.backupUri).toBeUndefined();

    expect(await worker.runOnce()).toBe(1);
    const copy = await hostCopy(id, version);
    expect(copy.statusCode, copy.body).toBe(200);
    const { backupOf, ...held } = copy.json();
    expect(backupOf).toMatchObject({ originBaseUrl: ORIGIN_URL, version });
    expect(versionHashOf(held)).toBe(before.versionHash);

    const after = await ownerRead(id);
    expect(after.backup).toMatchObject({ status: 'held', target: hostUrl, version });
    expect(after.backupUri).toMatch(new RegExp(`/backup/v1/passports/${id}/versions/${version}$`));
    // The owner's read, annotations and all, still verifies: they sit outside the seal.
    const file = join(dir, 'owner.json');
    writeFileSync(file, JSON.stringify(after));
    const caFile = join(dir, 'ca.pem');
    writeFileSync(caFile, origin.caPem);
    expect((await verifyFile(file, { caPath: caFile })).valid).toBe(true);
  });

  it('sends a re-sealed passport as new versions, in order, and history shows their hash and copy', async () => {
    // Two seals before the worker runs: the later version waits for the earlier one.
    for (let i = 0; i < 2; i++) {
      const resealed = await apiCall(origin.app, workspace.token, 'POST', `/api/v1/passports/${id}/seal`);
      expect(resealed.statusCode, resealed.body).toBe(200);
    }
    const live = await ownerRead(id);
    const newest = live.digitalSeal.version as number;
    expect(await worker.runOnce()).toBe(1);
    expect((await hostCopy(id, newest)).statusCode).toBe(404);
    expect((await hostCopy(id, newest - 1)).statusCode).toBe(200);
    await drain();
    expect((await hostCopy(id, newest)).statusCode).toBe(200);
    expect((await hostCopy(id, newest - 2)).statusCode).toBe(200);

    const history = await apiCall(origin.app, workspace.token, 'GET', `/api/v1/passports/${id}/history`);
    expect(history.statusCode).toBe(200);
    const archived = history.json().versions.find((v: { version: number }) => v.version === newest - 1);
    expect(archived).toMatchObject({
      versionHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      backupUri: expect.stringContaining(`/backup/v1/passports/${id}/versions/${newest - 1}`),
    });
    const list = await origin.app.inject({ method: 'GET', url: '/admin/v1/backup-targets', headers: admin });
    const target = list.json().targets.find((t: { id: string }) => t.id === targetId);
    expect(target.pushes).toMatchObject({ pending: 0, failed: 0, held: 3 });
  });

  it('backfills every version sealed before a target was added', async () => {
    const other = await createWorkspace(origin.app);
    await createOperator(origin.app, other);
    const early = await createSealedPassport(origin.app, other.token);
    const second = await registerPartner(origin.caPem);
    const target = await addTarget({ url: hostUrl, token: second.token, workspaceIds: [other.id] });
    expect(target.pushes.pending).toBe(1);
    await drain();
    const copy = await hostCopy(early.id, early.digitalSeal.version as number, second.token);
    expect(copy.statusCode, copy.body).toBe(200);
  });
});

describe('how long a copy takes', () => {
  it('is measured against one webhook delivery to the same host (reported, not asserted)', async () => {
    const lone = await createWorkspace(origin.app);
    await createOperator(origin.app, lone);
    await addTarget({ url: hostUrl, token: partnerToken, workspaceIds: [lone.id] });
    const hooks = startDeliveryWorker({
      db: origin.db,
      masterKey: decodeMasterKey(TEST_MASTER_KEY),
      policy: { allowInsecure: true },
      timeoutMs: 20_000,
      pollMs: false,
    });
    const subscribed = await apiCall(origin.app, lone.token, 'POST', '/api/v1/webhooks/subscriptions', {
      url: `${hostUrl}/hooks`,
      events: ['passport.sealed'],
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const copies: number[] = [];
    const deliveries: number[] = [];
    try {
      for (let round = 0; round < 5; round++) {
        const { id } = await createPassport(origin.app, lone.token);
        // Seal to held copy: the push the seal queued, from the committed seal to the host's answer.
        const sealed = await apiCall(origin.app, lone.token, 'POST', `/api/v1/passports/${id}/seal`);
        expect(sealed.statusCode).toBe(200);
        let started = performance.now();
        expect(await worker.runOnce()).toBe(1);
        copies.push(performance.now() - started);
        expect((await ownerRead0(lone.token, id)).backup.status).toBe('held');
        // The same seal's webhook event to the same host, from the outbox to the host's answer.
        started = performance.now();
        expect(await hooks.runOnce()).toBe(1);
        deliveries.push(performance.now() - started);
      }
    } finally {
      await hooks.stop();
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    console.info(
      `seal to held copy: median ${median(copies).toFixed(1)} ms; one webhook delivery to the same host: median ${median(deliveries).toFixed(1)} ms; ratio ${(median(copies) / median(deliveries)).toFixed(2)}`,
    );
  });
});

describe('refusals and retries', () => {
  it('marks a push the host refuses (a foreign CA) failed after one attempt, without retrying', async () => {
    const foreign = await createSealCa({
      commonName: 'Someone else',
      notBefore: new Date(Date.now() - 86_400_000),
      notAfter: new Date(Date.now() + 86_400_000),
    });
    const partner = await registerPartner(foreign.certificatePem);
    const lone = await createWorkspace(origin.app);
    await createOperator(origin.app, lone);
    await addTarget({ url: hostUrl, token: partner.token, workspaceIds: [lone.id] });
    const sealed = await createSealedPassport(origin.app, lone.token);
    await drain();
    const read = await apiCall(origin.app, lone.token, 'GET', `/api/v1/passports/${sealed.id}`);
    expect(read.json().backup).toMatchObject({ status: 'failed', target: hostUrl });
    expect(read.json().backupUri).toBeUndefined();
    expect(await worker.runOnce()).toBe(0);
    expect((await hostCopy(sealed.id, sealed.digitalSeal.version as number, partner.token)).statusCode).toBe(
      404,
    );
  });

  it('refuses a tampered document pushed straight to the host', async () => {
    const sealed = await createSealedPassport(origin.app, workspace.token);
    const tampered = { ...sealed, originCountry: 'FR' };
    const response = await host.inject({
      method: 'PUT',
      url: `/backup/v1/passports/${sealed.id}/versions/${sealed.digitalSeal.version}`,
      headers: bearer(partnerToken),
      payload: tampered,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BACKUP_COPY_REFUSED');
    await drain();
  });

  let receiver: Receiver | undefined;
  afterAll(async () => {
    await receiver?.close();
  });

  it('retries a host that answers 503, on the webhook schedule', async () => {
    receiver = await startReceiver();
    receiver.fallback = 503;
    const lone = await createWorkspace(origin.app);
    await createOperator(origin.app, lone);
    await addTarget({ url: receiver.url.replace(/\/hooks$/, ''), token: 'x', workspaceIds: [lone.id] });
    const sealed = await createSealedPassport(origin.app, lone.token);
    expect(await worker.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers.authorization).toBe('Bearer x');
    const read = await apiCall(origin.app, lone.token, 'GET', `/api/v1/passports/${sealed.id}`);
    expect(read.json().backup).toMatchObject({ status: 'pending' });
    // The next attempt is ten seconds away: nothing is due now.
    expect(await worker.runOnce()).toBe(0);
  });
});

describe('the archive', () => {
  it('holds every sealed version of a workspace and verifies offline; a changed byte fails it', async () => {
    const response = await origin.app.inject({
      method: 'GET',
      url: `/admin/v1/workspaces/${workspace.id}/backup-archive`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-tar');
    const bytes = response.rawPayload;
    const result = await verifyArchiveBytes(bytes);
    expect(result.problems).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.versions).toBeGreaterThanOrEqual(4);
    console.info(
      `backup archive: ${bytes.length} bytes for ${result.passports} passports, ${Math.round(bytes.length / result.passports)} bytes per passport (${result.versions} sealed versions)`,
    );

    const text = bytes.toString('latin1');
    const at = text.indexOf('"originCountry":"DE"');
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(bytes);
    tampered.write('FR', at + '"originCountry":"'.length, 'latin1');
    const broken = await verifyArchiveBytes(tampered);
    expect(broken.valid).toBe(false);

    const unknown = await origin.app.inject({
      method: 'GET',
      url: '/admin/v1/workspaces/00000000-0000-4000-8000-000000000000/backup-archive',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
    const withKey = await apiCall(
      origin.app,
      workspace.token,
      'GET',
      `/admin/v1/workspaces/${workspace.id}/backup-archive`,
    );
    expect(withKey.statusCode).toBe(401);
  });
});

describe('when the origin is gone', () => {
  appTest(
    'the host still answers the copy, which verifies offline, and a custody host answers /01/{gtin}',
    async ({ newApp }) => {
      const { id, productId } = await createPassport(origin.app, workspace.token);
      const seal = await apiCall(origin.app, workspace.token, 'POST', `/api/v1/passports/${id}/seal`);
      const version = seal.json().passport.digitalSeal.version as number;
      await drain();
      await worker.stop();
      await origin.close();
      originClosed = true;

      const copy = await host.inject({
        method: 'GET',
        url: `/backup/v1/passports/${id}/versions/${version}`,
      });
      expect(copy.statusCode).toBe(200);
      const file = join(dir, 'copy.json');
      writeFileSync(file, copy.body);
      const caFile = join(dir, 'origin-ca.pem');
      writeFileSync(caFile, origin.caPem);
      const verified = await verifyFile(file, { caPath: caFile });
      expect(verified.valid, verified.reasons.join(' ')).toBe(true);
      expect(verified.checks.certificateChain).toBe(true);

      const custodian = await newApp({ env: { CUSTODY_OF: partnerId, PUBLIC_BASE_URL: ORIGIN_URL } });
      const resolved = await custodian.inject({ method: 'GET', url: `/01/${productId}` });
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect(resolved.json()).toMatchObject({ id, backupOf: { originBaseUrl: ORIGIN_URL, version } });
    },
  );
});
