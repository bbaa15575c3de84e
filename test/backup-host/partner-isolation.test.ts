// Backup partners cannot touch each other's copies: the first partner to hold a passport id keeps it
// (a claim the store enforces, also when partners push at once), a partner adds only the next version
// of its own passports, public reads and custody answer the holder's copies only, and the platform
// admin lists a partner's copies and removes a partner with them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { type SealFixture, sealFixture } from '../../src/domain/seal/fixtures.ts';
import { admin, bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import {
  ORIGIN_URL,
  type OriginNode,
  originNode,
  resealed,
  sealedOnOrigin,
} from '../helpers/backup-nodes.ts';
import { testDatabase } from '../helpers/db.ts';
import { batteryMetadata, createOperator } from '../helpers/passports.ts';
import type { SealedDocument } from '../helpers/seals.ts';
import { appTest, useTestApp } from '../helpers/use-test-app.ts';

const MALLORY_URL = 'https://mallory.example.test';
const FORGED_NAME = 'Mallory Forgeries Ltd';

let origin: OriginNode;
let workspace: TestWorkspace;
/** The victim's passport, sealed on the origin as version 2, and its partner on the host. */
let victim: SealedDocument;
let victimPartner: { id: string; token: string };
/** Another partner, whose own CA seals whatever it likes. */
let mallory: { id: string; token: string };
let malloryCa: SealFixture;

async function register(caPem: string, name: string, originBaseUrl = ORIGIN_URL) {
  const response = await host.inject({
    method: 'POST',
    url: '/admin/v1/backup-partners',
    headers: admin,
    payload: { name, originBaseUrl, sealCaPem: caPem },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { id: body.partner.id as string, token: body.token as string };
}

const versionOf = (document: SealedDocument) => document.digitalSeal.version as number;

const push = (
  token: string,
  document: SealedDocument,
  version = versionOf(document),
  headers: Record<string, string> = {},
) =>
  host.inject({
    method: 'PUT',
    url: `/backup/v1/passports/${document.id}/versions/${version}`,
    headers: { ...bearer(token), ...headers },
    payload: document as object,
  });

const forgery = (document: SealedDocument, version: number) =>
  resealed(document, malloryCa, version, {
    economicOperator: { ...(document.economicOperator as object), name: FORGED_NAME },
  });

const ownerCall = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  origin.app.inject({ method, url, headers: bearer(workspace.token), ...(payload ? { payload } : {}) });

const host = useTestApp();
beforeAll(async () => {
  origin = await originNode();
  workspace = await createWorkspace(origin.app);
  await createOperator(origin.app, workspace, { name: 'Victim Cells GmbH' });
  victim = await sealedOnOrigin(origin.app, workspace.token);
  victimPartner = await register(origin.caPem, 'Victim origin');
  malloryCa = await sealFixture();
  mallory = await register(malloryCa.ca.certificatePem, 'Mallory node', MALLORY_URL);
  const first = await push(victimPartner.token, victim);
  expect(first.statusCode, first.body).toBe(201);
});

afterAll(async () => {
  await origin?.close();
});

describe('a passport id held by one partner', () => {
  it('is refused to another partner: 409 BACKUP_ID_HELD, naming the id and nothing of the holder', async () => {
    for (const version of [versionOf(victim) + 1, 999]) {
      const forged = await forgery(victim, version);
      const response = await push(mallory.token, forged);
      expect(response.statusCode, response.body).toBe(409);
      const body = response.json();
      expect(body.code).toBe('BACKUP_ID_HELD');
      expect(body.message).toContain(victim.id);
      for (const secret of ['Victim origin', victimPartner.id, ORIGIN_URL, 'Victim Cells'])
        expect(body.message).not.toContain(secret);
    }
  });

  it('is answered publicly from its holder only, as JSON-LD and as the page', async () => {
    const document = await host.inject({ method: 'GET', url: `/backup/v1/passports/${victim.id}` });
    expect(document.statusCode).toBe(200);
    expect(document.json().economicOperator.name).toBe('Victim Cells GmbH');
    expect(document.json().backupOf).toMatchObject({ originBaseUrl: ORIGIN_URL, version: versionOf(victim) });
    const page = await host.inject({
      method: 'GET',
      url: `/backup/v1/passports/${victim.id}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Victim Cells GmbH');
    expect(page.body).not.toContain(FORGED_NAME);
    for (const version of [versionOf(victim) + 1, 999]) {
      const ahead = await host.inject({
        method: 'GET',
        url: `/backup/v1/passports/${victim.id}/versions/${version}`,
      });
      expect(ahead.statusCode).toBe(404);
    }
  });

  appTest('is in the custody of its holder only (CUSTODY_OF)', async ({ newApp }) => {
    const custodian = await newApp({ env: { CUSTODY_OF: mallory.id, PUBLIC_BASE_URL: ORIGIN_URL } });
    const refused = await custodian.inject({ method: 'GET', url: `/passport/${victim.id}` });
    expect(refused.statusCode, refused.body).toBe(404);
    const holder = await newApp({ env: { CUSTODY_OF: victimPartner.id, PUBLIC_BASE_URL: ORIGIN_URL } });
    const response = await holder.inject({ method: 'GET', url: `/passport/${victim.id}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().economicOperator.name).toBe('Victim Cells GmbH');
  });
});

describe('the first partner to hold a passport id', () => {
  it('is one partner when several push a new id at the same moment', async () => {
    const signers = await Promise.all([0, 1, 2, 3].map(() => sealFixture()));
    const partners = await Promise.all(
      signers.map((signer, i) =>
        register(signer.ca.certificatePem, `Racer ${i}`, `https://racer${i}.example.test`),
      ),
    );
    for (let round = 0; round < 3; round++) {
      const fresh = await sealedOnOrigin(origin.app, workspace.token);
      const documents = await Promise.all(
        signers.map((signer, i) =>
          resealed(fresh, signer, 1, {
            economicOperator: { ...(fresh.economicOperator as object), name: `Racer ${i}` },
          }),
        ),
      );
      const answers = await Promise.all(
        documents.map((document, i) => push((partners[i] as { token: string }).token, document)),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(
        statuses.filter((status) => status === 201),
        statuses.join(),
      ).toHaveLength(1);
      expect(
        statuses.filter((status) => status === 409),
        statuses.join(),
      ).toHaveLength(3);
      for (const answer of answers.filter((a) => a.statusCode === 409))
        expect(answer.json().code).toBe('BACKUP_ID_HELD');
      const winner = statuses.indexOf(201);
      const read = await host.inject({ method: 'GET', url: `/backup/v1/passports/${fresh.id}` });
      expect(read.json().economicOperator.name).toBe(`Racer ${winner}`);
    }
  });
});

describe('versions of a held passport', () => {
  it('are added one after the other: a version ahead of the newest held is 409 BACKUP_VERSION_GAP', async () => {
    // Two seals more: versions 3 and 4 of the victim's passport.
    for (let i = 0; i < 2; i++)
      expect((await ownerCall('POST', `/api/v1/passports/${victim.id}/seal`)).statusCode).toBe(200);
    const v3 = (await ownerCall('GET', `/api/v1/passports/${victim.id}/history/3`)).json() as SealedDocument;
    const v4 = (await ownerCall('GET', `/api/v1/passports/${victim.id}`)).json() as SealedDocument;
    expect([versionOf(v3), versionOf(v4)]).toEqual([3, 4]);

    const ahead = await push(victimPartner.token, v4);
    expect(ahead.statusCode, ahead.body).toBe(409);
    expect(ahead.json().code).toBe('BACKUP_VERSION_GAP');
    // Saying it follows a version the host does not hold as the newest changes nothing.
    const wrongPrevious = await push(victimPartner.token, v4, 4, { 'opendpp-previous-version': '3' });
    expect(wrongPrevious.json().code).toBe('BACKUP_VERSION_GAP');
    expect((await push(victimPartner.token, v3)).statusCode).toBe(201);
    expect((await push(victimPartner.token, v4)).statusCode).toBe(201);
    // An earlier version held already is answered as before.
    expect((await push(victimPartner.token, victim)).statusCode).toBe(200);
  });

  it('skip the versions the origin never sealed when the push names the sealed version it follows', async () => {
    const metadata = batteryMetadata();
    (metadata.generalInformation as Record<string, unknown>).batteryModel = 'Model two';
    expect((await ownerCall('PUT', `/api/v1/passports/${victim.id}`, { metadata })).statusCode).toBe(200);
    expect((await ownerCall('POST', `/api/v1/passports/${victim.id}/seal`)).statusCode).toBe(200);
    const v6 = (await ownerCall('GET', `/api/v1/passports/${victim.id}`)).json() as SealedDocument;
    expect(versionOf(v6)).toBe(6);
    expect((await push(victimPartner.token, v6)).json().code).toBe('BACKUP_VERSION_GAP');
    const follows = await push(victimPartner.token, v6, 6, { 'opendpp-previous-version': '4' });
    expect(follows.statusCode, follows.body).toBe(201);
    const newest = await host.inject({ method: 'GET', url: `/backup/v1/passports/${victim.id}` });
    expect(newest.json().backupOf.version).toBe(6);
  });

  it('start anywhere on a first push, and a partner’s own id is held by it', async () => {
    const fresh = await sealedOnOrigin(origin.app, workspace.token);
    const own = await resealed(fresh, malloryCa, 500);
    expect((await push(mallory.token, own)).statusCode).toBe(201);
    const later = await resealed(fresh, malloryCa, 502);
    expect((await push(mallory.token, later)).json().code).toBe('BACKUP_VERSION_GAP');
    expect((await push(victimPartner.token, fresh)).json().code).toBe('BACKUP_ID_HELD');
  });
});

describe('a partner’s copies in the admin API', () => {
  const copiesUrl = (id: string, query = '') => `/admin/v1/backup-partners/${id}/copies${query}`;

  it('are listed, paged, to the platform admin only', async () => {
    const workspaceKey = await createWorkspace(host);
    for (const headers of [
      {},
      bearer('not-the-admin-token'),
      bearer(workspaceKey.token),
      bearer(victimPartner.token),
    ]) {
      const refused = await host.inject({ method: 'GET', url: copiesUrl(victimPartner.id), headers });
      expect(refused.statusCode).toBe(401);
    }
    const unknown = await host.inject({
      method: 'GET',
      url: copiesUrl('00000000-0000-4000-8000-000000000000'),
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);

    const all = await host.inject({ method: 'GET', url: copiesUrl(victimPartner.id), headers: admin });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ success: true, page: 1, limit: 100, total: 4, totalPages: 1 });
    expect(all.json().copies.map((c: { version: number }) => c.version)).toEqual([2, 3, 4, 6]);
    expect(all.json().copies[0]).toEqual({
      passportId: victim.id,
      version: 2,
      versionHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      receivedAt: expect.any(String),
      uri: `https://dpp.example.test/backup/v1/passports/${victim.id}/versions/2`,
      held: true,
    });
    const second = await host.inject({
      method: 'GET',
      url: copiesUrl(victimPartner.id, '?limit=3&page=2'),
      headers: admin,
    });
    expect(second.json()).toMatchObject({ page: 2, limit: 3, total: 4, totalPages: 2 });
    expect(second.json().copies.map((c: { version: number }) => c.version)).toEqual([6]);
  });

  it('are removed with their partner (?copies=true), which the audit records; the id can then be held again', async () => {
    const removeUrl = `/admin/v1/backup-partners/${victimPartner.id}?copies=true`;
    for (const headers of [{}, bearer('not-the-admin-token'), bearer(victimPartner.token)]) {
      const refused = await host.inject({ method: 'DELETE', url: removeUrl, headers });
      expect(refused.statusCode).toBe(401);
    }
    const unknown = await host.inject({
      method: 'DELETE',
      url: '/admin/v1/backup-partners/00000000-0000-4000-8000-000000000000?copies=true',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);

    const removed = await host.inject({ method: 'DELETE', url: removeUrl, headers: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      success: true,
      partner: { id: victimPartner.id, name: 'Victim origin', copies: 0 },
      removed: { copies: 4, units: 0 },
    });
    const list = await host.inject({ method: 'GET', url: '/admin/v1/backup-partners', headers: admin });
    expect(list.json().partners.map((p: { id: string }) => p.id)).not.toContain(victimPartner.id);
    expect((await host.inject({ method: 'GET', url: `/backup/v1/passports/${victim.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await host.inject({ method: 'GET', url: copiesUrl(victimPartner.id), headers: admin })).statusCode,
    ).toBe(404);
    expect((await push(victimPartner.token, victim)).statusCode).toBe(401);
    const again = await host.inject({ method: 'DELETE', url: removeUrl, headers: admin });
    expect(again.statusCode).toBe(404);

    const { db } = await testDatabase();
    const audit = await queryRows<{ action: string; actor: string; details: Record<string, unknown> }>(
      db,
      sql`select action, actor, details from backup_host_audit where partner_id = ${victimPartner.id}`,
    );
    expect(audit).toEqual([
      {
        action: 'backup_partner.removed',
        actor: 'platform-admin',
        details: { name: 'Victim origin', originBaseUrl: ORIGIN_URL, copies: 4, units: 0 },
      },
    ]);

    // The origin registered again holds its passport afresh.
    const renewed = await register(origin.caPem, 'Victim origin, again');
    expect((await push(renewed.token, victim)).statusCode).toBe(201);
  });
});
