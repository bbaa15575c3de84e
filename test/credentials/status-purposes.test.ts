// The two status lists as W3C Bitstring Status List v1.0 reads them: what sets and clears each bit,
// read back by fetching the lists a credential names and decoding them with the reference library.
import { createHash } from 'node:crypto';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { issuedCredentials } from '../../src/db/schema.ts';
import {
  type BitstringStatusListEntry,
  type DidDocument,
  keysOfDidDocument,
  verifyDataIntegrity,
  verifySdJwtVc,
  verifyVcJwt,
} from '../../src/domain/credentials/index.ts';
import { BASE_URL, bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { appendEvent, createUnit } from '../helpers/units.ts';
import { appTest, useTestApp } from '../helpers/use-test-app.ts';

const host = new URL(BASE_URL).host;
const VC_JWT = 'application/vc+jwt';
const VC_LD = 'application/vc+ld+json';
const SD_JWT = 'application/dc+sd-jwt';
type Purpose = 'revocation' | 'suspension';

describe('status lists: revocation for good, suspension while recalled', () => {
  let workspace: TestWorkspace;
  const app = useTestApp();
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host, ...headers }, remoteAddress: randomIp() });
  const owner = () => bearer(workspace.token);
  const listUrl = (purpose: Purpose) => `${BASE_URL}/tenants/${workspace.id}/status/${purpose}`;

  async function moveTo(passportId: string, status: string) {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${passportId}/status`,
      headers: owner(),
      payload: { status, reason: 'tested' },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function moveUnitTo(unitId: string, status: string) {
    const response = await appendEvent(app, workspace.token, unitId, { eventType: 'STATUS_CHANGE', status });
    expect(response.statusCode, response.body).toBeLessThan(300);
  }

  async function didKeys() {
    return keysOfDidDocument((await get(`/tenants/${workspace.id}/did.json`)).json() as DidDocument);
  }

  /** The list an entry names, fetched at its URL, checked, and decoded by the reference library. */
  async function bitOf(entry: BitstringStatusListEntry): Promise<boolean> {
    const response = await get(entry.statusListCredential.slice(BASE_URL.length));
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(verifyDataIntegrity(list, await didKeys()).ok).toBe(true);
    expect(list.id).toBe(entry.statusListCredential);
    expect(list.credentialSubject.statusPurpose).toBe(entry.statusPurpose);
    const decoded = await decodeList({ encodedList: list.credentialSubject.encodedList });
    return decoded.getStatus(Number(entry.statusListIndex));
  }

  /** The credential's two entries, checked for shape: one per list, the same index in both. */
  function entriesOf(credential: { credentialStatus: unknown }) {
    const entries = credential.credentialStatus as BitstringStatusListEntry[];
    expect(entries).toHaveLength(2);
    const [revocation, suspension] = entries as [BitstringStatusListEntry, BitstringStatusListEntry];
    for (const [entry, purpose] of [
      [revocation, 'revocation'],
      [suspension, 'suspension'],
    ] as const) {
      expect(entry).toEqual({
        id: `${listUrl(purpose)}#${revocation.statusListIndex}`,
        type: 'BitstringStatusListEntry',
        statusPurpose: purpose,
        statusListIndex: revocation.statusListIndex,
        statusListCredential: listUrl(purpose),
      });
    }
    return { revocation, suspension };
  }

  const credentialOf = async (url: string) => {
    const response = await get(url, { accept: VC_LD });
    expect(response.statusCode, response.body).toBeLessThan(500);
    return entriesOf(response.json());
  };

  async function bits(entries: {
    revocation: BitstringStatusListEntry;
    suspension: BitstringStatusListEntry;
  }) {
    return { revoked: await bitOf(entries.revocation), suspended: await bitOf(entries.suspension) };
  }

  it('every credential form, of passports and units, in every tier, carries both entries', async () => {
    const passport = await createPassport(app, workspace.token);
    const unit = await createUnit(app, workspace.token, passport.id);
    // The first credential makes the workspace's signing key.
    expect((await get(`/passport/${passport.id}`, { accept: VC_JWT })).statusCode).toBe(200);
    const keys = await didKeys();
    const indexes = new Map<string, Set<string>>([
      ['passport', new Set()],
      ['unit', new Set()],
    ]);
    for (const headers of [{}, owner()]) {
      for (const [kind, url] of [
        ['passport', `/passport/${passport.id}`],
        ['unit', `/unit/${unit.id}`],
      ] as const) {
        const jwt = await verifyVcJwt((await get(url, { accept: VC_JWT, ...headers })).body, keys);
        if (!jwt.ok) throw new Error(jwt.reason);
        const ld = (await get(url, { accept: VC_LD, ...headers })).json();
        expect(verifyDataIntegrity(ld, keys).ok).toBe(true);
        for (const credential of [jwt.value.credential, ld])
          indexes
            .get(kind)
            ?.add(entriesOf(credential as { credentialStatus: unknown }).revocation.statusListIndex);
      }
      const sd = await verifySdJwtVc(
        (await get(`/passport/${passport.id}`, { accept: SD_JWT, ...headers })).body,
        keys,
      );
      if (!sd.ok) throw new Error(sd.reason);
      indexes
        .get('passport')
        ?.add(entriesOf(sd.value.claims as { credentialStatus: unknown }).revocation.statusListIndex);
    }
    // One index per subject, whatever the form or tier; the unit's is its own.
    expect(indexes.get('passport')?.size).toBe(1);
    expect(indexes.get('unit')?.size).toBe(1);
    expect([...(indexes.get('unit') ?? [])]).not.toEqual([...(indexes.get('passport') ?? [])]);
  });

  it('a recall sets the suspension bit only, and reactivation clears it', async () => {
    const passport = await createPassport(app, workspace.token);
    const entries = await credentialOf(`/passport/${passport.id}`);
    expect(await bits(entries)).toEqual({ revoked: false, suspended: false });
    await moveTo(passport.id, 'RECALLED');
    expect(await bits(entries)).toEqual({ revoked: false, suspended: true });
    await moveTo(passport.id, 'ACTIVE');
    expect(await bits(entries)).toEqual({ revoked: false, suspended: false });
    // Reactivated, the passport keeps its index: nothing was revoked.
    expect(await credentialOf(`/passport/${passport.id}`)).toEqual(entries);
  });

  it("a model's recall suspends its units' credentials, and its reactivation lifts it", async () => {
    const passport = await createPassport(app, workspace.token);
    const unit = await createUnit(app, workspace.token, passport.id);
    const entries = await credentialOf(`/unit/${unit.id}`);
    await moveTo(passport.id, 'RECALLED');
    expect(await bits(entries)).toEqual({ revoked: false, suspended: true });
    await moveTo(passport.id, 'ACTIVE');
    expect(await bits(entries)).toEqual({ revoked: false, suspended: false });
  });

  it('a decommission revokes for good; the reactivated passport issues under a new, clear index', async () => {
    const passport = await createPassport(app, workspace.token);
    const unit = await createUnit(app, workspace.token, passport.id);
    const entries = await credentialOf(`/passport/${passport.id}`);
    const unitEntries = await credentialOf(`/unit/${unit.id}`);
    await moveTo(passport.id, 'DECOMMISSIONED');
    expect(await bits(entries)).toEqual({ revoked: true, suspended: false });
    expect(await bits(unitEntries)).toEqual({ revoked: true, suspended: false });
    await moveTo(passport.id, 'ACTIVE');
    expect(await bits(entries)).toEqual({ revoked: true, suspended: false });
    expect(await bits(unitEntries)).toEqual({ revoked: true, suspended: false });
    // A recall now does not undo it either.
    await moveTo(passport.id, 'RECALLED');
    await moveTo(passport.id, 'ACTIVE');
    expect(await bits(entries)).toEqual({ revoked: true, suspended: false });
    const fresh = await credentialOf(`/passport/${passport.id}`);
    expect(fresh.revocation.statusListIndex).not.toBe(entries.revocation.statusListIndex);
    expect(await bits(fresh)).toEqual({ revoked: false, suspended: false });
    const freshUnit = await credentialOf(`/unit/${unit.id}`);
    expect(freshUnit.revocation.statusListIndex).not.toBe(unitEntries.revocation.statusListIndex);
    expect(await bits(freshUnit)).toEqual({ revoked: false, suspended: false });
  });

  it('a decommission undone before anyone read the lists still revokes', async () => {
    const passport = await createPassport(app, workspace.token);
    const entries = await credentialOf(`/passport/${passport.id}`);
    await moveTo(passport.id, 'DECOMMISSIONED');
    await moveTo(passport.id, 'ACTIVE');
    expect(await bits(entries)).toEqual({ revoked: true, suspended: false });
  });

  it("a recycled unit's index is revoked, and its 410 names it", async () => {
    const passport = await createPassport(app, workspace.token);
    const unit = await createUnit(app, workspace.token, passport.id);
    const entries = await credentialOf(`/unit/${unit.id}`);
    await moveUnitTo(unit.id, 'RECYCLED');
    const gone = await get(`/unit/${unit.id}`, { accept: VC_LD });
    expect(gone.statusCode).toBe(410);
    expect(entriesOf(gone.json())).toEqual(entries);
    expect(await bits(entries)).toEqual({ revoked: true, suspended: false });
    // The model's own credential is untouched.
    expect(await bits(await credentialOf(`/passport/${passport.id}`))).toEqual({
      revoked: false,
      suspended: false,
    });
  });

  it("a unit's recall suspends it; a decommissioned unit back in service stays revoked and takes a new index", async () => {
    const passport = await createPassport(app, workspace.token);
    const unit = await createUnit(app, workspace.token, passport.id);
    const entries = await credentialOf(`/unit/${unit.id}`);
    await moveUnitTo(unit.id, 'RECALLED');
    expect(await bits(entries)).toEqual({ revoked: false, suspended: true });
    await moveUnitTo(unit.id, 'IN_SERVICE');
    expect(await bits(entries)).toEqual({ revoked: false, suspended: false });
    await moveUnitTo(unit.id, 'DECOMMISSIONED');
    await moveUnitTo(unit.id, 'IN_SERVICE');
    expect(await bits(entries)).toEqual({ revoked: true, suspended: false });
    const fresh = await credentialOf(`/unit/${unit.id}`);
    expect(fresh.revocation.statusListIndex).not.toBe(entries.revocation.statusListIndex);
    expect(await bits(fresh)).toEqual({ revoked: false, suspended: false });
  });

  appTest('a credential kept from before, with the old single entry, is issued anew', async ({ newApp }) => {
    const passport = await createPassport(app, workspace.token);
    const first = (await get(`/passport/${passport.id}`, { accept: VC_LD })).json();
    const { proof: _proof, ...unsigned } = first;
    // What the node kept before: the same credential with one revocation entry, fingerprinted so.
    const old = { ...unsigned, credentialStatus: entriesOf(first).revocation };
    const { db } = await testDatabase();
    const kept = await db
      .update(issuedCredentials)
      .set({
        body: JSON.stringify(old),
        fingerprint: createHash('sha256').update(JSON.stringify(old)).digest('base64url'),
      })
      .where(
        and(
          eq(issuedCredentials.tenantId, workspace.id),
          like(issuedCredentials.cacheKey, `["${passport.id}",%`),
        ),
      )
      .returning({ cacheKey: issuedCredentials.cacheKey });
    expect(kept).toHaveLength(1);
    // Another app on the same store has nothing in memory: it reads the kept row.
    const other = await newApp();
    const served = await other.inject({
      method: 'GET',
      url: `/passport/${passport.id}`,
      headers: { host, accept: VC_LD },
      remoteAddress: randomIp(),
    });
    expect(served.statusCode).toBe(200);
    expect(entriesOf(served.json()).suspension.statusListCredential).toBe(listUrl('suspension'));
    expect(verifyDataIntegrity(served.json(), await didKeys()).ok).toBe(true);
    const [row] = await db
      .select({ body: issuedCredentials.body })
      .from(issuedCredentials)
      .where(
        and(
          eq(issuedCredentials.tenantId, workspace.id),
          eq(issuedCredentials.cacheKey, kept[0]?.cacheKey ?? ''),
        ),
      );
    expect(row?.body).toBe(served.body);
  });

  it('serves each list in both forms, signed, with its purpose; a list is re-signed only when a bit moves', async () => {
    const keys = await didKeys();
    for (const purpose of ['revocation', 'suspension'] as const) {
      const url = `/tenants/${workspace.id}/status/${purpose}`;
      const jwt = await get(url, { accept: VC_JWT });
      expect(jwt.statusCode).toBe(200);
      expect(jwt.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
      expect(jwt.headers['cache-tag']).toBe(`workspace:${workspace.id}`);
      // A verifier holding the list revalidates it for nothing.
      const again = await get(url, { accept: VC_JWT, 'if-none-match': String(jwt.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const verified = await verifyVcJwt(jwt.body, keys);
      if (!verified.ok) throw new Error(verified.reason);
      expect(verified.value.credential).toMatchObject({
        id: listUrl(purpose),
        type: ['VerifiableCredential', 'BitstringStatusListCredential'],
        credentialSubject: { type: 'BitstringStatusList', statusPurpose: purpose },
      });
      expect((await get(url, { accept: VC_JWT })).body).toBe(jwt.body);
      expect((await get(url, { accept: 'text/html' })).statusCode).toBe(406);
      expect((await get(`/tenants/00000000-0000-4000-8000-000000000000/status/${purpose}`)).statusCode).toBe(
        404,
      );
    }
    expect((await get(`/tenants/${workspace.id}/status/other`)).statusCode).toBe(404);
  });
});
