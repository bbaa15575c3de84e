// An origin's export archive imported on a host, and a host in custody of an origin that is gone:
// the copies answered at the origin's own paths. The origin is a second real node on its own store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackupArchive } from '../../src/domain/backup/archive.ts';
import { withoutBackupMarker } from '../../src/domain/backup/copy.ts';
import { readTar, writeTar } from '../../src/domain/backup/ustar.ts';
import { verifySealedDocument } from '../../src/domain/seal/index.ts';
import { admin, bearer, createWorkspace } from '../helpers/app.ts';
import { ORIGIN_URL, type OriginNode, originNode, sealedOnOrigin } from '../helpers/backup-nodes.ts';
import { batteryMetadata, createOperator, createPassport } from '../helpers/passports.ts';
import type { SealedDocument } from '../helpers/seals.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

let origin: OriginNode;
let workspaceId: string;
/** Passport A, sealed twice: versions 2 and 4. Passport B, sealed once. */
let a2: SealedDocument;
let a4: SealedDocument;
let b: SealedDocument;

const TAR = { 'content-type': 'application/x-tar' };
const versionOf = (document: SealedDocument) => document.digitalSeal.version as number;

function archiveOf(
  passports: { document: SealedDocument[]; units?: unknown[] }[],
  originBaseUrl = ORIGIN_URL,
) {
  return writeBackupArchive({
    originBaseUrl,
    workspaceId,
    createdAt: new Date(),
    caPem: origin.caPem,
    passports: passports.map(({ document, units }) => ({
      id: (document[0] as SealedDocument).id,
      productId: String((document[0] as SealedDocument).productId),
      versions: document,
      ...(units ? { units } : {}),
    })),
  });
}

async function newPartner(app = host) {
  const response = await app.inject({
    method: 'POST',
    url: '/admin/v1/backup-partners',
    headers: admin,
    payload: { name: 'Gone origin', originBaseUrl: ORIGIN_URL, sealCaPem: origin.caPem },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().partner.id as string;
}

const importInto = (partnerId: string, archive: Buffer, headers: Record<string, string> = admin) =>
  host.inject({
    method: 'POST',
    url: `/admin/v1/backup-partners/${partnerId}/import`,
    headers: { ...headers, ...TAR },
    payload: archive,
  });

const host = useTestApp();
beforeAll(async () => {
  origin = await originNode();
  const workspace = await createWorkspace(origin.app);
  workspaceId = workspace.id;
  await createOperator(origin.app, workspace);
  a2 = await sealedOnOrigin(origin.app, workspace.token);
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    origin.app.inject({ method, url, headers: bearer(workspace.token), ...(payload ? { payload } : {}) });
  const metadata = batteryMetadata();
  (metadata.generalInformation as Record<string, unknown>).batteryModel = 'Model two';
  expect((await call('PUT', `/api/v1/passports/${a2.id}`, { metadata })).statusCode).toBe(200);
  expect((await call('POST', `/api/v1/passports/${a2.id}/seal`)).statusCode).toBe(200);
  a4 = (await call('GET', `/api/v1/passports/${a2.id}`)).json();
  const archived = (await call('GET', `/api/v1/passports/${a2.id}/history/${versionOf(a2)}`)).json();
  expect(archived).toEqual(a2);
  b = await sealedOnOrigin(origin.app, workspace.token);
  expect([versionOf(a2), versionOf(a4)]).toEqual([2, 4]);
});

afterAll(async () => {
  await origin?.close();
});

/** The partner the archive of passports A and B is imported for: it holds their ids. */
let partnerId: string;

describe('importing an export archive', () => {
  beforeAll(async () => {
    partnerId = await newPartner();
  });

  it('keeps every version of every passport and the units, and answers the newest copy', async () => {
    const archive = archiveOf([{ document: [a4, a2], units: [{ id: 'unit-1' }] }, { document: [b] }]);
    const imported = await importInto(partnerId, archive);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      success: true,
      imported: { passports: 2, versions: 3, alreadyHeld: 0, units: 1 },
    });
    const newest = await host.inject({ method: 'GET', url: `/backup/v1/passports/${a2.id}` });
    expect(newest.json().backupOf.version).toBe(4);
    const older = await host.inject({
      method: 'GET',
      url: `/backup/v1/passports/${a2.id}/versions/2`,
      headers: admin,
    });
    const { backupOf: _marker, ...document } = older.json();
    expect(document).toEqual(a2);

    const again = await importInto(partnerId, archive);
    expect(again.json().imported).toEqual({ passports: 2, versions: 0, alreadyHeld: 3, units: 0 });
  });

  it('is for the platform admin only, in the archive media type', async () => {
    const archive = archiveOf([{ document: [b] }]);
    expect((await importInto(partnerId, archive, {})).statusCode).toBe(401);
    const json = await host.inject({
      method: 'POST',
      url: `/admin/v1/backup-partners/${partnerId}/import`,
      headers: admin,
      payload: { archive: 'no' },
    });
    expect(json.statusCode).toBe(415);
    const unknown = await importInto('00000000-0000-4000-8000-000000000000', archive);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an archive that is not one, or is of another origin', async () => {
    const garbage = await importInto(partnerId, Buffer.from('not an archive'.repeat(100)));
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().code).toBe('BACKUP_ARCHIVE_INVALID');
    const other = await importInto(
      partnerId,
      archiveOf([{ document: [b] }], 'https://elsewhere.example.test'),
    );
    expect(other.json()).toMatchObject({
      code: 'BACKUP_ARCHIVE_INVALID',
      message: expect.stringMatching(/elsewhere/),
    });
    // A member changed after the manifest was written.
    const entries = readTar(archiveOf([{ document: [b] }]));
    const changed = writeTar(
      entries.map((e) =>
        e.name.endsWith('.json') && e.name !== 'manifest.json' ? { ...e, data: Buffer.from('{}') } : e,
      ),
    );
    expect((await importInto(partnerId, changed)).json().code).toBe('BACKUP_ARCHIVE_INVALID');
  });

  it('takes an archive whole or not at all: a tampered or conflicting version stores nothing', async () => {
    const fresh = await newPartner();
    const tampered = { ...b, originCountry: b.originCountry === 'FR' ? 'DE' : 'FR' } as SealedDocument;
    const refused = await importInto(fresh, archiveOf([{ document: [a2] }, { document: [tampered] }]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'BACKUP_COPY_REFUSED',
      message: expect.stringContaining(`passports/${b.id}/versions/${versionOf(b)}.json`),
    });
    const conflicting = { ...a4, status: 'RECALLED' } as SealedDocument;
    const conflict = await importInto(partnerId, archiveOf([{ document: [b] }, { document: [conflicting] }]));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('BACKUP_VERSION_CONFLICT');
    const list = await host.inject({ method: 'GET', url: '/admin/v1/backup-partners', headers: admin });
    expect(list.json().partners.find((p: { id: string }) => p.id === fresh).copies).toBe(0);
  });

  it('refuses passports another partner holds: 409 BACKUP_ID_HELD, and stores nothing', async () => {
    const other = await newPartner();
    const response = await importInto(other, archiveOf([{ document: [b] }]));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'BACKUP_ID_HELD',
      message: expect.stringContaining(b.id),
    });
    const list = await host.inject({ method: 'GET', url: '/admin/v1/backup-partners', headers: admin });
    expect(list.json().partners.find((p: { id: string }) => p.id === other).copies).toBe(0);
  });

  it('refuses an import for an ended partnership', async () => {
    const ended = await newPartner();
    await host.inject({ method: 'DELETE', url: `/admin/v1/backup-partners/${ended}`, headers: admin });
    const response = await importInto(ended, archiveOf([{ document: [b] }]));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('BACKUP_PARTNER_ENDED');
  });
});

describe('custody (CUSTODY_OF)', () => {
  // The partner that imported passports A and B above, and so holds them.
  const custodian = useTestApp(() => ({ env: { CUSTODY_OF: partnerId } }));

  it("answers the origin's paths from the newest copy, masked, with a seal that verifies offline", async () => {
    for (const url of [`/passport/${a2.id}`, `/01/${a2.productId}`]) {
      const response = await custodian.inject({ method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      const copy = response.json();
      expect(copy.backupOf).toMatchObject({ originBaseUrl: ORIGIN_URL, version: 4 });
      expect(Object.keys(copy.proof.redactedLeaves).length).toBeGreaterThan(0);
      const verified = await verifySealedDocument(withoutBackupMarker(copy).document, {
        caCertificatePem: origin.caPem,
      });
      expect(verified.reasons).toEqual([]);
      expect(verified.valid).toBe(true);
    }
    const page = await custodian.inject({
      method: 'GET',
      url: `/01/${a2.productId}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html');
  });

  it('answers a copy only in the forms a copy allows, and 404 for what it does not hold', async () => {
    const aas = await custodian.inject({
      method: 'GET',
      url: `/passport/${a2.id}`,
      headers: { accept: 'application/aas+json' },
    });
    expect(aas.statusCode).toBe(406);
    expect(aas.json().offered).toEqual(['application/ld+json', 'application/json', 'text/html']);
    const unknown = await custodian.inject({
      method: 'GET',
      url: '/passport/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    // Custody is of one partner: a host without it answers none of the copies there.
    expect((await host.inject({ method: 'GET', url: `/passport/${a2.id}` })).statusCode).toBe(404);
  });

  it("keeps the custodian's own passports first", async () => {
    const workspace = await createWorkspace(custodian);
    await createOperator(custodian, workspace);
    const own = await createPassport(custodian, workspace.token);
    const response = await custodian.inject({ method: 'GET', url: `/passport/${own.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().backupOf).toBeUndefined();
  });
});
