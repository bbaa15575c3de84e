// The backup host on a real store, fed by a second real node (the origin, on a store of its own)
// that seals passports through its API: partners, pushes, the public masked copy, ending a partnership.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutBackupMarker } from '../../src/domain/backup/copy.ts';
import { createSealCa, verifySealedDocument } from '../../src/domain/seal/index.ts';
import { verifyFile } from '../../src/verify-file.ts';
import { admin, bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { ORIGIN_URL, type OriginNode, originNode, sealedOnOrigin } from '../helpers/backup-nodes.ts';
import { createOperator } from '../helpers/passports.ts';
import type { SealedDocument } from '../helpers/seals.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const dir = mkdtempSync(join(tmpdir(), 'backup-host-'));
let origin: OriginNode;
let originWorkspace: TestWorkspace;
let sealed: SealedDocument;

async function register(caPem: string, name = 'Origin node') {
  const response = await host.inject({
    method: 'POST',
    url: '/admin/v1/backup-partners',
    headers: admin,
    payload: { name, originBaseUrl: `${ORIGIN_URL}/`, sealCaPem: caPem },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { partner: { id: string }; token: string };
}

const push = (token: string, document: unknown, id = sealed.id, version = sealed.digitalSeal.version) =>
  host.inject({
    method: 'PUT',
    url: `/backup/v1/passports/${id}/versions/${version}`,
    headers: bearer(token),
    payload: document as object,
  });

const host = useTestApp();
beforeAll(async () => {
  origin = await originNode();
  originWorkspace = await createWorkspace(origin.app);
  await createOperator(origin.app, originWorkspace);
  sealed = await sealedOnOrigin(origin.app, originWorkspace.token);
});

afterAll(async () => {
  await origin?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('backup partners', () => {
  it('are registered by the platform admin only, with a dpp_backup_ token shown once', async () => {
    const payload = { name: 'x', originBaseUrl: ORIGIN_URL, sealCaPem: origin.caPem };
    const anonymous = await host.inject({ method: 'POST', url: '/admin/v1/backup-partners', payload });
    expect(anonymous.statusCode).toBe(401);
    const workspace = await createWorkspace(host);
    const withKey = await host.inject({
      method: 'POST',
      url: '/admin/v1/backup-partners',
      headers: bearer(workspace.token),
      payload,
    });
    expect(withKey.statusCode).toBe(401);
    expect((await host.inject({ method: 'GET', url: '/admin/v1/backup-partners' })).statusCode).toBe(401);

    const created = await register(origin.caPem);
    expect(created).toMatchObject({
      success: true,
      partner: { name: 'Origin node', originBaseUrl: ORIGIN_URL },
      token: expect.stringMatching(/^dpp_backup_[A-Za-z0-9_-]{43}$/),
    });
    const list = await host.inject({ method: 'GET', url: '/admin/v1/backup-partners', headers: admin });
    expect(list.statusCode).toBe(200);
    const listed = list.json().partners.find((p: { id: string }) => p.id === created.partner.id);
    expect(listed).toMatchObject({ endedAt: null, copies: 0 });
    expect(JSON.stringify(list.json())).not.toContain(created.token);
  });

  it('refuses a seal CA that is not a CA certificate, or not a certificate', async () => {
    for (const sealCaPem of [String(sealed.digitalSeal.certificate), 'not a certificate']) {
      const response = await host.inject({
        method: 'POST',
        url: '/admin/v1/backup-partners',
        headers: admin,
        payload: { name: 'x', originBaseUrl: ORIGIN_URL, sealCaPem },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    }
  });
});

describe('pushing sealed versions', () => {
  let token: string;
  let partnerId: string;
  beforeAll(async () => {
    const created = await register(origin.caPem);
    token = created.token;
    partnerId = created.partner.id;
  });

  it('keeps a version sealed by the origin: 201, then 200 for the same document again', async () => {
    const first = await push(token, sealed);
    expect(first.statusCode, first.body).toBe(201);
    const copy = first.json().copy;
    expect(copy).toMatchObject({
      passportId: sealed.id,
      version: sealed.digitalSeal.version,
      versionHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      uri: `https://dpp.example.test/backup/v1/passports/${sealed.id}/versions/${sealed.digitalSeal.version}`,
    });
    // The same document with its members in another order is the same document.
    const reordered = Object.fromEntries(Object.entries(sealed).reverse());
    const again = await push(token, reordered);
    expect(again.statusCode).toBe(200);
    expect(again.json().copy).toEqual(copy);
    // The origin's notes on the version beside the sealed document are not part of the copy.
    const annotated = { ...sealed, versionHash: copy.versionHash, backup: { status: 'pending' } };
    const withNotes = await push(token, annotated);
    expect(withNotes.statusCode, withNotes.body).toBe(200);
    expect(withNotes.json().copy).toEqual(copy);
    const list = await host.inject({ method: 'GET', url: '/admin/v1/backup-partners', headers: admin });
    expect(list.json().partners.find((p: { id: string }) => p.id === partnerId).copies).toBe(1);
  });

  it('refuses another document for a version it holds: 409 BACKUP_VERSION_CONFLICT', async () => {
    // A lifecycle field is outside the seal: the seal still verifies, the document is another one.
    const recalled = { ...sealed, status: 'RECALLED' };
    const response = await push(token, recalled);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('BACKUP_VERSION_CONFLICT');
  });

  it('refuses a tampered document, with the reason', async () => {
    const tampered = structuredClone(sealed) as SealedDocument & { originCountry?: string };
    tampered.originCountry = tampered.originCountry === 'FR' ? 'DE' : 'FR';
    const response = await push(token, tampered);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BACKUP_COPY_REFUSED',
      message: expect.stringMatching(/changed/),
    });
  });

  it("refuses a seal that does not chain to the partner's pinned CA", async () => {
    const now = Date.now();
    const foreign = await createSealCa({
      commonName: 'Another CA',
      notBefore: new Date(now - 86_400_000),
      notAfter: new Date(now + 86_400_000),
    });
    const other = await register(foreign.certificatePem, 'Pinned to another CA');
    const response = await push(other.token, sealed);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BACKUP_COPY_REFUSED',
      message: expect.stringMatching(/does not chain to the partner's seal CA/),
    });
  });

  it('refuses a path that names another passport or version, an unsealed document and a masked view', async () => {
    const version = sealed.digitalSeal.version as number;
    const otherVersion = await push(token, sealed, sealed.id, version + 1);
    expect(otherVersion.statusCode).toBe(400);
    expect(otherVersion.json().message).toMatch(/not version/);
    const otherPassport = await push(token, sealed, '00000000-0000-4000-8000-000000000000', version);
    expect(otherPassport.statusCode).toBe(400);
    expect(otherPassport.json().code).toBe('BACKUP_COPY_REFUSED');
    const unsealed = await push(token, { ...sealed, digitalSeal: null });
    expect(unsealed.json()).toMatchObject({
      code: 'BACKUP_COPY_REFUSED',
      message: expect.stringMatching(/not sealed/),
    });
    const publicView = await origin.app.inject({ method: 'GET', url: `/passport/${sealed.id}` });
    const masked = await push(token, publicView.json());
    expect(masked.statusCode).toBe(400);
    expect(masked.json().message).toMatch(/masked view/);
    // A path that names no passport version at all names nothing: 404, as everywhere.
    expect((await push(token, sealed, 'not-a-uuid', version)).statusCode).toBe(404);
  });

  it('answers 401 to a push without a partner token, before reading its body', async () => {
    for (const headers of [{}, bearer('dpp_backup_nope'), admin, bearer(originWorkspace.token)]) {
      const response = await host.inject({
        method: 'PUT',
        url: `/backup/v1/passports/${sealed.id}/versions/${sealed.digitalSeal.version}`,
        headers,
        payload: sealed as object,
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers the copy publicly in the public tier, masked so that the seal verifies offline', async () => {
    const response = await host.inject({ method: 'GET', url: `/backup/v1/passports/${sealed.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/ld\+json/);
    const copy = response.json();
    expect(copy.backupOf).toMatchObject({ originBaseUrl: ORIGIN_URL, version: sealed.digitalSeal.version });
    expect(copy.restrictedData).toMatchObject({ requestAccess: `${ORIGIN_URL}/request-access/${sealed.id}` });
    expect(Object.keys(copy.proof.redactedLeaves).length).toBeGreaterThan(0);
    // The host masks as the origin's own public resolution does.
    const originPublic = (await origin.app.inject({ method: 'GET', url: `/passport/${sealed.id}` })).json();
    const { backupOf: _marker, ...withoutMarker } = copy;
    expect(Object.keys(withoutMarker.proof.redactedLeaves)).toEqual(
      Object.keys(originPublic.proof.redactedLeaves),
    );
    expect(withoutMarker.metadata).toEqual(originPublic.metadata);

    const verified = await verifySealedDocument(withoutBackupMarker(copy).document, {
      caCertificatePem: origin.caPem,
    });
    expect(verified.reasons).toEqual([]);
    expect(verified).toMatchObject({ valid: true, checks: { certificateChain: true } });
    // As `opendpp verify` reads the file served.
    const file = join(dir, 'copy.json');
    writeFileSync(file, response.body);
    const caFile = join(dir, 'ca.pem');
    writeFileSync(caFile, origin.caPem);
    expect(await verifyFile(file, { caPath: caFile })).toMatchObject({ valid: true, backupCopy: true });

    const version = await host.inject({
      method: 'GET',
      url: `/backup/v1/passports/${sealed.id}/versions/${sealed.digitalSeal.version}`,
    });
    expect(version.json()).toEqual(copy);
  });

  it('answers the passport page and refuses forms a host would sign', async () => {
    const page = await host.inject({
      method: 'GET',
      url: `/backup/v1/passports/${sealed.id}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<html');
    for (const accept of ['application/aas+json', 'application/vc+jwt']) {
      const refused = await host.inject({
        method: 'GET',
        url: `/backup/v1/passports/${sealed.id}`,
        headers: { accept },
      });
      expect(refused.statusCode).toBe(406);
    }
  });

  it('answers the whole copy to its partner and the platform admin, the public tier to another partner', async () => {
    for (const headers of [bearer(token), admin]) {
      const whole = await host.inject({ method: 'GET', url: `/backup/v1/passports/${sealed.id}`, headers });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['cache-control']).toBe('private, no-store');
      const { backupOf, ...document } = whole.json();
      expect(backupOf.version).toBe(sealed.digitalSeal.version);
      expect(document).toEqual(sealed);
    }
    const now = Date.now();
    const stranger = await register(
      (
        await createSealCa({
          commonName: 'Stranger CA',
          notBefore: new Date(now - 1000),
          notAfter: new Date(now + 86_400_000),
        })
      ).certificatePem,
    );
    const masked = await host.inject({
      method: 'GET',
      url: `/backup/v1/passports/${sealed.id}`,
      headers: bearer(stranger.token),
    });
    expect(Object.keys(masked.json().proof.redactedLeaves).length).toBeGreaterThan(0);
    const invalid = await host.inject({
      method: 'GET',
      url: `/backup/v1/passports/${sealed.id}`,
      headers: bearer('dpp_backup_nope'),
    });
    expect(invalid.statusCode).toBe(401);
  });

  it('answers 404 for a passport or version it does not hold', async () => {
    const unknown = await host.inject({
      method: 'GET',
      url: '/backup/v1/passports/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const version = await host.inject({
      method: 'GET',
      url: `/backup/v1/passports/${sealed.id}/versions/999`,
    });
    expect(version.statusCode).toBe(404);
    const malformed = await host.inject({ method: 'GET', url: '/backup/v1/passports/nope' });
    expect(malformed.statusCode).toBe(404);
  });

  it('ends a partnership: the token stops working, the copies stay readable', async () => {
    const ended = await host.inject({
      method: 'DELETE',
      url: `/admin/v1/backup-partners/${partnerId}`,
      headers: admin,
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().partner).toMatchObject({ id: partnerId, copies: 1, endedAt: expect.any(String) });
    expect((await push(token, sealed)).statusCode).toBe(401);
    const read = await host.inject({ method: 'GET', url: `/backup/v1/passports/${sealed.id}` });
    expect(read.statusCode).toBe(200);
    const again = await host.inject({
      method: 'DELETE',
      url: `/admin/v1/backup-partners/${partnerId}`,
      headers: admin,
    });
    expect(again.json().partner.endedAt).toBe(ended.json().partner.endedAt);
    const unknown = await host.inject({
      method: 'DELETE',
      url: '/admin/v1/backup-partners/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
