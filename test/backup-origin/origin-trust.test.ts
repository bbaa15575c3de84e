// What an origin takes from its backup targets, two real nodes on loopback: another partner of the
// host pushing a passport's next versions ahead of time does not make the origin record a forgery as
// its copy; a target's answer names the copy only at the URL pushed to (its own origin, the path of
// the version pushed), else the push failed with the reason; and a passport edited between two seals
// is held whole, each push naming the sealed version it follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SealFixture, sealFixture } from '../../src/domain/seal/fixtures.ts';
import { type BackupWorker, startBackupWorker } from '../../src/modules/backup-origin/service.ts';
import { decodeMasterKey } from '../../src/modules/seals/master-key.ts';
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
  resealed,
  type StandInTarget,
  standInTarget,
} from '../helpers/backup-nodes.ts';
import { batteryMetadata, createOperator } from '../helpers/passports.ts';
import { createSealedPassport, type SealedDocument } from '../helpers/seals.ts';

let host: ListeningHost;
let origin: OriginNode;
let worker: BackupWorker;
let standIn: StandInTarget;
let malloryCa: SealFixture;

async function registerPartner(caPem: string, name: string, originBaseUrl = ORIGIN_URL) {
  const response = await host.app.inject({
    method: 'POST',
    url: '/admin/v1/backup-partners',
    headers: admin,
    payload: { name, originBaseUrl, sealCaPem: caPem },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().token as string;
}

async function addTarget(url: string, token: string, workspaceId: string) {
  const response = await origin.app.inject({
    method: 'POST',
    url: '/admin/v1/backup-targets',
    headers: admin,
    payload: { url, token, workspaceIds: [workspaceId] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().target.id as string;
}

async function drain(): Promise<void> {
  while ((await worker.runOnce()) > 0);
}

async function workspaceWithOperator(name: string) {
  const workspace = await createWorkspace(origin.app);
  await createOperator(origin.app, workspace, { name });
  return workspace;
}

const ownerRead = async (workspace: TestWorkspace, id: string) => {
  const response = await apiCall(origin.app, workspace.token, 'GET', `/api/v1/passports/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const seal = async (workspace: TestWorkspace, id: string) => {
  const response = await apiCall(origin.app, workspace.token, 'POST', `/api/v1/passports/${id}/seal`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().passport.digitalSeal.version as number;
};

beforeAll(async () => {
  host = await listeningHost();
  standIn = await standInTarget();
  origin = await originNode({ BACKUP_ALLOW_INSECURE_TARGETS: 'true' });
  worker = startBackupWorker({
    db: origin.db,
    masterKey: decodeMasterKey(TEST_MASTER_KEY),
    baseUrl: ORIGIN_URL,
    policy: { allowInsecure: true },
    timeoutMs: 20_000,
    pollMs: false,
    random: () => 0.5,
  });
  malloryCa = await sealFixture();
});

afterAll(async () => {
  await worker?.stop();
  await standIn?.close();
  await host?.close();
  await origin?.close();
});

describe('another partner of the host', () => {
  it('pushing a passport’s next versions ahead of time gets no forgery recorded as the origin’s copy', async () => {
    const workspace = await workspaceWithOperator('Victim Cells GmbH');
    await addTarget(host.url, await registerPartner(origin.caPem, 'Victim origin'), workspace.id);
    const sealed = await createSealedPassport(origin.app, workspace.token);
    await drain();
    expect((await ownerRead(workspace, sealed.id)).backup.status).toBe('held');

    const mallory = await registerPartner(
      malloryCa.ca.certificatePem,
      'Mallory',
      'https://mallory.example.test',
    );
    const next = (sealed.digitalSeal.version as number) + 1;
    for (const version of [next, next + 1]) {
      const forged = await resealed(sealed as SealedDocument, malloryCa, version, {
        economicOperator: { ...(sealed.economicOperator as object), name: 'Mallory Forgeries Ltd' },
      });
      const response = await host.app.inject({
        method: 'PUT',
        url: `/backup/v1/passports/${sealed.id}/versions/${version}`,
        headers: bearer(mallory),
        payload: forged,
      });
      expect(response.statusCode, response.body).toBe(409);
    }

    expect(await seal(workspace, sealed.id)).toBe(next);
    await drain();
    const read = await ownerRead(workspace, sealed.id);
    expect(read.backup).toMatchObject({ status: 'held', version: next });
    expect(read.backupUri).toBe(`${host.url}/backup/v1/passports/${sealed.id}/versions/${next}`);
    const copy = await host.app.inject({ method: 'GET', url: new URL(read.backupUri).pathname });
    expect(copy.statusCode).toBe(200);
    expect(copy.json().economicOperator.name).toBe('Victim Cells GmbH');
  });
});

describe('the copy URI a target answers', () => {
  let workspace: TestWorkspace;
  let id: string;
  let failedBefore = 0;
  let targetId: string;

  const failedPushes = async () => {
    const list = await origin.app.inject({ method: 'GET', url: '/admin/v1/backup-targets', headers: admin });
    return list.json().targets.find((t: { id: string }) => t.id === targetId).pushes.failed as number;
  };

  beforeAll(async () => {
    workspace = await workspaceWithOperator('Stand-in Cells');
    targetId = await addTarget(standIn.url, 'stand-in-token', workspace.id);
    id = (await createSealedPassport(origin.app, workspace.token)).id;
    standIn.answer = () => ({ status: 201, body: { success: true, copy: {} } });
    await drain();
  });

  it('is recorded when it is the URL pushed to', async () => {
    const version = await seal(workspace, id);
    const uri = `${standIn.url}/backup/v1/passports/${id}/versions/${version}`;
    standIn.answer = () => ({ status: 201, body: { success: true, copy: { uri } } });
    await drain();
    const read = await ownerRead(workspace, id);
    expect(read.backup).toMatchObject({ status: 'held', version });
    expect(read.backupUri).toBe(uri);
    failedBefore = await failedPushes();
  });

  it('anywhere else fails the push, with the reason, and is never recorded', async () => {
    const port = Number(new URL(standIn.url).port);
    const other = '00000000-0000-4000-8000-000000000000';
    const uris = (version: number) => [
      'https://phish.example/login?next=/backup',
      `${standIn.url.replace(`:${port}`, `:${port + 1}`)}/backup/v1/passports/${id}/versions/${version}`,
      `${standIn.url.replace('http:', 'https:')}/backup/v1/passports/${id}/versions/${version}`,
      `${standIn.url}/backup/v1/passports/${id}/versions/${version + 1}`,
      `${standIn.url}/backup/v1/passports/${other}/versions/${version}`,
      `${standIn.url}/backup/v1/passports/${id}/versions/${version}?then=https://phish.example`,
      `${standIn.url}/login#/backup/v1/passports/${id}/versions/${version}`,
      `http://user:pw@${new URL(standIn.url).host}/backup/v1/passports/${id}/versions/${version}`,
      'javascript:alert(1)',
      42,
    ];
    const count = uris(1).length;
    for (let i = 0; i < count; i++) {
      const version = await seal(workspace, id);
      const uri = uris(version)[i];
      standIn.answer = () => ({ status: 201, body: { success: true, copy: { uri } } });
      await drain();
      const read = await ownerRead(workspace, id);
      expect(read.backup, String(uri)).toMatchObject({
        status: 'failed',
        version,
        reason: expect.stringContaining('copy.uri'),
      });
      expect(read.backupUri, String(uri)).toBeUndefined();
      expect(JSON.stringify(read)).not.toContain('phish');
    }
    expect(await failedPushes()).toBe(failedBefore + count);
  });
});

describe('a passport edited between two seals', () => {
  it('is held whole: each push names the sealed version it follows, and the host takes the gap', async () => {
    const workspace = await workspaceWithOperator('Edited Cells');
    await addTarget(host.url, await registerPartner(origin.caPem, 'Edited origin'), workspace.id);
    const standInId = await addTarget(standIn.url, 'stand-in-token', workspace.id);
    standIn.answer = () => ({ status: 201, body: { success: true, copy: {} } });
    const sealed = await createSealedPassport(origin.app, workspace.token);
    const metadata = batteryMetadata();
    (metadata.generalInformation as Record<string, unknown>).batteryModel = 'Model two';
    const edited = await apiCall(origin.app, workspace.token, 'PUT', `/api/v1/passports/${sealed.id}`, {
      metadata,
    });
    expect(edited.statusCode).toBe(200);
    const resealedVersion = await seal(workspace, sealed.id);
    const first = sealed.digitalSeal.version as number;
    expect(resealedVersion).toBe(first + 2);
    await drain();

    const read = await ownerRead(workspace, sealed.id);
    expect(read.backup).toMatchObject({ status: 'held', version: resealedVersion });
    for (const version of [first, resealedVersion]) {
      const copy = await host.app.inject({
        method: 'GET',
        url: `/backup/v1/passports/${sealed.id}/versions/${version}`,
      });
      expect(copy.statusCode, `version ${version}`).toBe(200);
    }
    const toStandIn = standIn.received.filter((r) => r.url.includes(sealed.id));
    expect(toStandIn.map((r) => r.headers['opendpp-previous-version'])).toEqual([undefined, String(first)]);
    expect(standInId).toBeTruthy();
  });
});
