import { beforeAll, describe, expect, it } from 'vitest';
import {
  type DidDocument,
  type DppCredential,
  didWebFor,
  keysOfDidDocument,
  presentSdJwtVc,
  readStatusBit,
  verifyDataIntegrity,
  verifySdJwtVc,
  verifyVcJwt,
} from '../../src/domain/credentials/index.ts';
import { BASE_URL, bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { appendEvent, createUnit } from '../helpers/units.ts';
import { appTest, useTestApp } from '../helpers/use-test-app.ts';

const host = new URL(BASE_URL).host;
const VC_JWT = 'application/vc+jwt';
const VC_LD = 'application/vc+ld+json';
const SD_JWT = 'application/dc+sd-jwt';

describe('credentials on public resolution', () => {
  let workspace: TestWorkspace;
  let passport: { id: string; productId: string };
  let unit: { id: string; serialNumber: string };
  const app = useTestApp();
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    passport = await createPassport(app, workspace.token);
    unit = await createUnit(app, workspace.token, passport.id);
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host, ...headers }, remoteAddress: randomIp() });
  const owner = () => bearer(workspace.token);
  async function didKeys() {
    const response = await get(`/tenants/${workspace.id}/did.json`);
    expect(response.statusCode).toBe(200);
    return keysOfDidDocument(response.json() as DidDocument);
  }

  async function revocationBit(index: string | number): Promise<boolean> {
    const response = await get(`/tenants/${workspace.id}/status/revocation`);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    const verified = verifyDataIntegrity(list, await didKeys());
    expect(verified.ok).toBe(true);
    return readStatusBit(list.credentialSubject.encodedList, Number(index));
  }

  it('serves a vc+jwt of the public tier that verifies from the did:web document alone', async () => {
    const response = await get(`/passport/${passport.id}`, { accept: VC_JWT });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    const verified = await verifyVcJwt(response.body, await didKeys());
    expect(verified.ok, verified.ok ? '' : verified.reason).toBe(true);
    if (!verified.ok) return;
    const credential = verified.value.credential as unknown as DppCredential;
    expect(credential.issuer.id).toBe(didWebFor(BASE_URL, workspace.id));
    expect(verified.value.header.kid).toMatch(new RegExp(`^${didWebFor(BASE_URL, workspace.id)}#`));
    expect(credential.id).toMatch(/#vc-v1-public$/);
    expect(credential.credentialSubject.id).toBe(`${BASE_URL}/passport/${passport.id}`);
    expect(credential.credentialStatus).toMatchObject([
      {
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListCredential: `${BASE_URL}/tenants/${workspace.id}/status/revocation`,
      },
      {
        type: 'BitstringStatusListEntry',
        statusPurpose: 'suspension',
        statusListCredential: `${BASE_URL}/tenants/${workspace.id}/status/suspension`,
      },
    ]);
    // Nothing above the public tier: the public JSON-LD view has no state of health, nor has this.
    expect(JSON.stringify(credential)).not.toContain('"batteryCondition"');
  });

  it('serves the owner tier with more than the public one, privately', async () => {
    const response = await get(`/passport/${passport.id}`, { accept: VC_JWT, ...owner() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const verified = await verifyVcJwt(response.body, await didKeys());
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.value.credential.id).toMatch(/#vc-v1-owner$/);
    const publicOne = await verifyVcJwt(
      (await get(`/passport/${passport.id}`, { accept: VC_JWT })).body,
      await didKeys(),
    );
    if (!publicOne.ok) throw new Error(publicOne.reason);
    expect(JSON.stringify(verified.value.credential).length).toBeGreaterThan(
      JSON.stringify(publicOne.value.credential).length,
    );
  });

  it('serves a Data Integrity credential (ecdsa-jcs-2019) that verifies, and fails once tampered', async () => {
    for (const headers of [{}, owner()]) {
      const response = await get(`/passport/${passport.id}`, { accept: VC_LD, ...headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/vc\+ld\+json/);
      const secured = response.json();
      expect(secured.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'ecdsa-jcs-2019' });
      const keys = await didKeys();
      expect(verifyDataIntegrity(secured, keys).ok).toBe(true);
      const tampered = structuredClone(secured);
      tampered.credentialSubject.product.name = 'Something else';
      expect(verifyDataIntegrity(tampered, keys).ok).toBe(false);
    }
  });

  it('refuses a tampered vc+jwt', async () => {
    const jwt = (await get(`/passport/${passport.id}`, { accept: VC_JWT })).body;
    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    claims.credentialSubject.product.name = 'Something else';
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await verifyVcJwt(forged, await didKeys())).ok).toBe(false);
  });

  it('serves an SD-JWT VC whose fields above the public tier are disclosures a holder can withhold', async () => {
    const publicToken = (await get(`/passport/${passport.id}`, { accept: SD_JWT })).body;
    const ownerResponse = await get(`/passport/${passport.id}`, { accept: SD_JWT, ...owner() });
    expect(ownerResponse.statusCode).toBe(200);
    expect(ownerResponse.headers['content-type']).toMatch(/^application\/dc\+sd-jwt/);
    const keys = await didKeys();
    const full = await verifySdJwtVc(ownerResponse.body, keys);
    expect(full.ok, full.ok ? '' : full.reason).toBe(true);
    const publicVerified = await verifySdJwtVc(publicToken, keys);
    expect(publicVerified.ok).toBe(true);
    if (!full.ok || !publicVerified.ok) return;
    expect(full.value.claims.iss).toBe(didWebFor(BASE_URL, workspace.id));
    // The owner token discloses more; presenting nothing leaves only the public fields.
    expect(ownerResponse.body.split('~').length).toBeGreaterThan(publicToken.split('~').length);
    const bare = await presentSdJwtVc(ownerResponse.body, []);
    const presented = await verifySdJwtVc(bare, keys);
    expect(presented.ok).toBe(true);
    if (!presented.ok) return;
    const publicProduct = (publicVerified.value.claims.product as Record<string, unknown>).id;
    expect((presented.value.claims.product as Record<string, unknown>).id).toBe(publicProduct);
    expect(JSON.stringify(presented.value.claims).length).toBeLessThan(
      JSON.stringify(full.value.claims).length,
    );
    // A forged disclosure is refused.
    const [jwt] = ownerResponse.body.split('~');
    const forged = `${jwt}~${Buffer.from(JSON.stringify(['salt', 'metadata', {}])).toString('base64url')}~`;
    expect((await verifySdJwtVc(forged, keys)).ok).toBe(false);
  });

  it('serves the item-level vc+jwt and Data Integrity credentials of a unit, with its two status entries', async () => {
    const keys = await didKeys();
    for (const headers of [{}, owner()]) {
      const jwt = await get(`/unit/${unit.id}`, { accept: VC_JWT, ...headers });
      expect(jwt.statusCode).toBe(200);
      const verified = await verifyVcJwt(jwt.body, keys);
      expect(verified.ok).toBe(true);
      if (!verified.ok) return;
      const credential = verified.value.credential as unknown as DppCredential;
      expect(credential.credentialSubject.id).toBe(`${BASE_URL}/unit/${unit.id}`);
      expect(credential.credentialSubject.granularityLevel).toBe('item');
      expect(credential.credentialSubject.product.serialNumber).toBe(unit.serialNumber);
      expect(credential.credentialStatus).toHaveLength(2);
      const ld = await get(`/unit/${unit.id}`, { accept: VC_LD, ...headers });
      expect(ld.statusCode).toBe(200);
      expect(verifyDataIntegrity(ld.json(), keys).ok).toBe(true);
    }
    const refused = await get(`/unit/${unit.id}`, { accept: SD_JWT });
    expect(refused.statusCode).toBe(406);
  });

  appTest(
    'issues once per version, tier and key: the same bytes again, a new credential for a new version',
    async ({ newApp }) => {
      const subject = await createPassport(app, workspace.token);
      const first = await get(`/passport/${subject.id}`, { accept: VC_LD, ...owner() });
      const second = await get(`/passport/${subject.id}`, { accept: VC_LD, ...owner() });
      expect(second.body).toBe(first.body);
      const sdFirst = await get(`/passport/${subject.id}`, { accept: SD_JWT, ...owner() });
      const sdSecond = await get(`/passport/${subject.id}`, { accept: SD_JWT, ...owner() });
      expect(sdSecond.body).toBe(sdFirst.body);
      // A second app on the same store serves the stored credential, not a new one.
      const other = await newApp();
      const elsewhere = await other.inject({
        method: 'GET',
        url: `/passport/${subject.id}`,
        headers: { host, accept: VC_LD, ...owner() },
        remoteAddress: randomIp(),
      });
      expect(elsewhere.body).toBe(first.body);
      const updated = await app.inject({
        method: 'PUT',
        url: `/api/v1/passports/${subject.id}`,
        headers: owner(),
        payload: { originCountry: 'FR' },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      const next = await get(`/passport/${subject.id}`, { accept: VC_LD, ...owner() });
      expect(next.body).not.toBe(first.body);
      expect(next.json().id).toMatch(/#vc-v2-owner$/);
      expect(next.json().credentialSubject.product.countryOfProduction).toBe('FR');
    },
  );

  it("sets a unit's own bit when it is recycled, and its 410 still names the revoked credential", async () => {
    const recycled = await createUnit(app, workspace.token, passport.id);
    const credential = (await get(`/unit/${recycled.id}`, { accept: VC_LD })).json();
    const ownIndex = credential.credentialStatus[0].statusListIndex;
    expect(await revocationBit(ownIndex)).toBe(false);
    const changed = await appendEvent(app, workspace.token, recycled.id, {
      eventType: 'STATUS_CHANGE',
      status: 'RECYCLED',
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect(await revocationBit(ownIndex)).toBe(true);
    const gone = await get(`/unit/${recycled.id}`, { accept: VC_LD });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().credentialStatus[0].statusListIndex).toBe(ownIndex);
  });

  it('serves the status list as a vc+jwt too, re-signed only when a bit moves', async () => {
    const first = await get(`/tenants/${workspace.id}/status/revocation`, { accept: VC_JWT });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    const verified = await verifyVcJwt(first.body, await didKeys());
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.value.credential.type).toContain('BitstringStatusListCredential');
    const again = await get(`/tenants/${workspace.id}/status/revocation`, { accept: VC_JWT });
    expect(again.body).toBe(first.body);
    expect(
      (await get(`/tenants/${workspace.id}/status/revocation`, { accept: 'text/html' })).statusCode,
    ).toBe(406);
    expect((await get('/tenants/00000000-0000-4000-8000-000000000000/status/revocation')).statusCode).toBe(
      404,
    );
    expect((await get('/tenants/not-a-workspace/status/revocation')).statusCode).toBe(404);
  });

  it('serves the credential metadata context the credentials name', async () => {
    const response = await get('/contexts/dpp/credential/v1');
    expect(response.statusCode).toBe(200);
    expect(response.json()['@context'].metadata).toMatchObject({ '@type': '@json' });
    const credential = (await get(`/passport/${passport.id}`, { accept: VC_LD })).json();
    expect(credential['@context']).toContain(`${BASE_URL}/contexts/dpp/credential/v1`);
  });
  it('signs with the new key after a rotation while credentials of the retired key still verify', async () => {
    const own = await createWorkspace(app);
    await createOperator(app, own);
    const subject = await createPassport(app, own.token);
    const didOf = async () =>
      keysOfDidDocument((await get(`/tenants/${own.id}/did.json`)).json() as DidDocument);
    const before = await get(`/passport/${subject.id}`, { accept: VC_JWT });
    const listBefore = await get(`/tenants/${own.id}/status/revocation`);
    const rotated = await app.inject({
      method: 'POST',
      url: '/api/v1/tenants/rotate-keys',
      headers: bearer(own.token),
    });
    expect(rotated.statusCode).toBe(200);
    const after = await get(`/passport/${subject.id}`, { accept: VC_JWT, ...bearer(own.token) });
    const keys = await didOf();
    const old = await verifyVcJwt(before.body, keys);
    const fresh = await verifyVcJwt(after.body, keys);
    expect(old.ok && fresh.ok).toBe(true);
    if (!old.ok || !fresh.ok) return;
    expect(fresh.value.header.kid).not.toBe(old.value.header.kid);
    expect(String(fresh.value.header.kid)).toContain(rotated.json().activeKey.kid);
    // The list is re-signed with the active key.
    const listAfter = await get(`/tenants/${own.id}/status/revocation`);
    expect(listAfter.json().proof.verificationMethod).not.toBe(listBefore.json().proof.verificationMethod);
    expect(verifyDataIntegrity(listAfter.json(), keys).ok).toBe(true);
  });
  it('gives concurrent first resolutions one status index and one credential', async () => {
    const subject = await createPassport(app, workspace.token);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        get(`/passport/${subject.id}`, { accept: i % 2 === 0 ? VC_LD : VC_JWT, ...owner() }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const ld = answers.filter((_, i) => i % 2 === 0).map((answer) => answer.body);
    expect(new Set(ld).size).toBe(1);
    const jwt = await verifyVcJwt(answers[1]?.body as string, await didKeys());
    if (!jwt.ok) throw new Error(jwt.reason);
    const index = (JSON.parse(ld[0] as string) as DppCredential).credentialStatus;
    expect(jwt.value.credential.credentialStatus).toEqual(index);
  });
});
