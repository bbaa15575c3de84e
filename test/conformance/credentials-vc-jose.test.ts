// application/vc+jwt against the W3C VC-JOSE-COSE test suite inputs (the expected pass/fail of its
// test mapping), and against real UNTP passports signed by another implementation (EdDSA, did:web)
// with the DID document that publishes their key.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type DidDocument, didDocument, didWebFor } from '../../src/domain/credentials/did-web.ts';
import { buildDppCredential } from '../../src/domain/credentials/dpp-credential.ts';
import { BASE_URL, passportDocument, TENANT_ID } from '../../src/domain/credentials/fixtures.ts';
import { signVcJwt, unwrapEnvelope, verifyVcJwt } from '../../src/domain/credentials/vc-jwt.ts';
import { keysOfDidDocument } from '../../src/domain/credentials/verification.ts';
import { type EcPrivateJwk, generateSigningKey } from '../../src/domain/crypto/keys.ts';
import { material, materialJson } from './material.ts';

type Json = Record<string, unknown>;
interface Vm {
  id: string;
  publicKeyJwk: Json;
  secretKeyJwk: Json;
}
const INPUT = ['w3c-vc-jose-cose-test-suite', 'tests', 'input'];
const vm = (name: string) => materialJson<Vm>(...INPUT, `vm-${name}.json`);
const jws = (name: string) => readFileSync(material(...INPUT, name), 'utf8').trim();
const ALL = ['ES256', 'ES384', 'ES512', 'EdDSA'];

/** The suite names keys by bare kid; its verifier is handed the one key of the mapping. */
const onlyKey = (key: Vm) => () => key.publicKeyJwk;
const verifyWith = (token: string, key: Vm) =>
  verifyVcJwt(token, onlyKey(key), { algorithms: ALL, requireIssuerKey: false });

describe('VC-JOSE-COSE suite: verification (application/vc+jwt)', () => {
  it.each([
    ['credential-jose-minimal.txt', 'p256', true],
    ['credential-issuer-match-signed.txt', 'ed25519', true],
    ['credential-jose-unknown-extensions.txt', 'ed25519', false],
    ['credential-jose-bad-signature.txt', 'ed25519', false],
    ['credential-jose-bad-media-type.txt', 'ed25519', false],
    ['credential-jose-vc-vp-claims.txt', 'ed25519', false],
  ] as const)('%s with %s verifies: %s', async (file, key, expected) => {
    expect((await verifyWith(jws(file), vm(key))).ok).toBe(expected);
  });

  it('an unsecured credential is not a vc+jwt', async () => {
    const unsecured = JSON.stringify(materialJson(...INPUT, 'credential-minimal.json'));
    expect((await verifyWith(unsecured, vm('p256'))).ok).toBe(false);
  });

  it('a presentation (vp+jwt) is not a credential', async () => {
    expect((await verifyWith(jws('presentation-jose-multiple.txt'), vm('p384'))).ok).toBe(false);
  });

  it('the ES256-only default refuses the suite EdDSA credential that verifies under EdDSA', async () => {
    const token = jws('credential-issuer-match-signed.txt');
    const result = await verifyVcJwt(token, onlyKey(vm('ed25519')), { requireIssuerKey: false });
    expect(result).toEqual({ ok: false, reason: 'algorithm EdDSA is not accepted' });
  });
});

describe('VC-JOSE-COSE suite: issuance', () => {
  it('issues credential-minimal with the P-256 key, and the result verifies against its verification method', async () => {
    const key = vm('p256');
    const credential = materialJson<Json>(...INPUT, 'credential-minimal.json');
    const kid = key.id.split('#')[1] as string;
    const token = await signVcJwt(credential, {
      kid,
      privateJwk: key.secretKeyJwk as unknown as EcPrivateJwk,
    });
    const result = await verifyVcJwt(token, (id) => (id === key.id ? key.publicKeyJwk : null));
    expect(result.ok && result.value.credential).toEqual(credential);
    expect(result.ok && result.value.header).toEqual({ alg: 'ES256', typ: 'vc+jwt', cty: 'vc', kid: key.id });
  });

  it('refuses to issue with the P-521 key (credential-unknown-extensions): ES256 only', async () => {
    const key = vm('p521');
    const credential = materialJson<Json>(...INPUT, 'credential-unknown-extensions.json');
    await expect(
      signVcJwt(credential, { kid: 'k', privateJwk: key.secretKeyJwk as unknown as EcPrivateJwk }),
    ).rejects.toThrow();
  });
});

describe('UNTP passports signed elsewhere, verified with the issuer did:web document', () => {
  const vckitDocument = materialJson<DidDocument>('did-web-uncefact-vckit', 'test-and-development-did.json');
  const resolve = keysOfDidDocument(vckitDocument);
  const FIXTURES = ['uncefact-tests-untp', 'e2e', 'cypress', 'fixtures', 'credentials-e2e'];
  const envelopes = [
    materialJson<Json>(
      'uncefact-tests-untp',
      'packages',
      'untp-playground',
      'public',
      'credentials',
      'dpp.json',
    ).verifiableCredential,
    materialJson(...FIXTURES, 'valid-v2-enveloped-dpp.json'),
    materialJson(...FIXTURES, 'invalid-schema-v2-enveloped-dpp.json'),
    materialJson(...FIXTURES, 'invalid-v2-enveloped-dpp-with-extension.json'),
  ];

  it.each([0, 1, 3])('envelope %i verifies (EdDSA accepted for the test)', async (index) => {
    const token = unwrapEnvelope(envelopes[index]) as string;
    const result = await verifyVcJwt(token, resolve, { algorithms: ['EdDSA'] });
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.credential.type).toContain('DigitalProductPassport');
  });

  it('refuses the envelope whose first context is not VC 2.0, though its signature is good', async () => {
    const token = unwrapEnvelope(envelopes[2]) as string;
    expect(await verifyVcJwt(token, resolve, { algorithms: ['EdDSA'] })).toEqual({
      ok: false,
      reason: 'the payload is not a VC 2.0 credential',
    });
  });

  it('fails after one character of the payload changes', async () => {
    const token = unwrapEnvelope(envelopes[0]) as string;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = payload.slice(0, 40) + (payload[40] === 'A' ? 'B' : 'A') + payload.slice(41);
    expect(
      (await verifyVcJwt(`${header}.${flipped}.${signature}`, resolve, { algorithms: ['EdDSA'] })).ok,
    ).toBe(false);
  });

  it('our own UNTP credential verifies from our did:web document alone', async () => {
    const did = didWebFor(BASE_URL, TENANT_ID);
    const old = generateSigningKey('2025-01');
    const current = generateSigningKey('2026-01');
    const credential = buildDppCredential({
      passport: passportDocument('textiles'),
      tier: 'public',
      issuerDid: did,
      statusEntry: { listUrl: `${BASE_URL}/tenants/${TENANT_ID}/status/revocation`, index: 1 },
      validFrom: '2026-03-02T10:00:00Z',
    });
    const token = await signVcJwt(credential, old);
    const document = didDocument({
      did,
      keys: [
        { kid: old.kid, publicJwk: old.publicJwk, active: false },
        { kid: current.kid, publicJwk: current.publicJwk, active: true },
      ],
      resolverUrl: BASE_URL,
    });
    const served = JSON.parse(JSON.stringify(document)) as DidDocument;
    expect((await verifyVcJwt(token, keysOfDidDocument(served))).ok).toBe(true);
  });
});
