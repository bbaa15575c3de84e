// ecdsa-jcs-2019 against the W3C VC DI ECDSA test vectors: our pipeline reproduces their canonical
// forms and hashes, signs their document with their key into the same proof (the signature bytes
// differ: the vectors use deterministic RFC 6979 nonces, node:crypto randomised ones, so ours is
// checked by verification), and verifies their signed documents. Our proofs are also checked by a
// verifier written here from the spec text, independent of our verifier.
import { createHash, createPrivateKey, createPublicKey, ECDH, type KeyObject, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import canonicalize from 'canonicalize';
import { base58btc } from 'multiformats/bases/base58';
import { describe, expect, it } from 'vitest';
import {
  hashData,
  signDataIntegrity,
  verifyDataIntegrity,
} from '../../src/domain/credentials/data-integrity.ts';
import { didWebFor } from '../../src/domain/credentials/did-web.ts';
import { buildDppCredential } from '../../src/domain/credentials/dpp-credential.ts';
import {
  ALL_CATEGORIES,
  BASE_URL,
  passportDocument,
  TENANT_ID,
} from '../../src/domain/credentials/fixtures.ts';
import { type EcPrivateJwk, generateSigningKey, publicKeyObject } from '../../src/domain/crypto/keys.ts';
import { material, materialJson } from './material.ts';

type Json = Record<string, unknown>;
const VECTORS = ['w3c-vc-di-ecdsa', 'TestVectors'];
const text = (...path: string[]) => readFileSync(material(...VECTORS, ...path), 'utf8');

/** Multikey (multibase base58btc, multicodec p256-pub 0x1200 / p384-pub 0x1201 / p256-priv 0x1306) → JWK. */
function multikeyJwk(publicMultibase: string, secretMultibase?: string) {
  const pub = base58btc.decode(publicMultibase);
  const curve =
    pub[0] === 0x80 && pub[1] === 0x24 ? 'P-256' : pub[0] === 0x81 && pub[1] === 0x24 ? 'P-384' : null;
  if (!curve) throw new Error('unexpected multicodec');
  const size = curve === 'P-256' ? 32 : 48;
  const point = ECDH.convertKey(
    pub.slice(2),
    curve === 'P-256' ? 'prime256v1' : 'secp384r1',
    undefined,
    undefined,
    'uncompressed',
  ) as Buffer;
  const jwk: Json = {
    kty: 'EC',
    crv: curve,
    x: point.subarray(1, 1 + size).toString('base64url'),
    y: point.subarray(1 + size).toString('base64url'),
  };
  if (secretMultibase) jwk.d = Buffer.from(base58btc.decode(secretMultibase).slice(2)).toString('base64url');
  return jwk;
}

/** The spec's verification algorithm (VC DI ECDSA §3.3.x for ecdsa-jcs-2019), written independently. */
function specVerify(secured: Json, publicKey: KeyObject, hash: 'sha256' | 'sha384'): boolean {
  const { proof, ...document } = secured;
  const { proofValue, ...proofConfig } = proof as Json;
  const digest = (value: unknown) =>
    createHash(hash)
      .update(canonicalize(value) as string)
      .digest();
  const data = Buffer.concat([digest(proofConfig), digest(document)]);
  return verify(
    hash,
    data,
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    base58btc.decode(proofValue as string),
  );
}

const p256 = materialJson<{ publicKeyMultibase: string; secretKeyMultibase: string }>(
  ...VECTORS,
  'p256KeyPair.json',
);
const p384 = materialJson<{ publicKeyMultibase: string; secretKeyMultibase: string }>(
  ...VECTORS,
  'p384KeyPair.json',
);
const unsigned = materialJson<Json>(...VECTORS, 'unsigned.json');

describe.each([
  { curve: 'P-256' as const, dir: 'ecdsa-jcs-2019-p256', tag: 'P256', keys: p256, hash: 'sha256' as const },
  { curve: 'P-384' as const, dir: 'ecdsa-jcs-2019-p384', tag: 'P384', keys: p384, hash: 'sha384' as const },
])('ecdsa-jcs-2019 $curve vectors', ({ curve, dir, tag, keys, hash }) => {
  const signed = materialJson<Json>(...VECTORS, dir, `signedJCSECDSA${tag}.json`);
  const proofConfig = materialJson<Json>(...VECTORS, dir, `proofConfigJCSECDSA${tag}.json`);
  const publicJwk = multikeyJwk(keys.publicKeyMultibase);
  const resolve = (vm: string) => (vm === proofConfig.verificationMethod ? publicJwk : null);

  it('reproduces the canonical document, the hashes and the combined hash', () => {
    expect(canonicalize(unsigned)).toBe(text(dir, `canonDocJCSECDSA${tag}.txt`));
    expect(canonicalize(proofConfig)).toBe(text(dir, `proofCanonJCSECDSA${tag}.txt`));
    const combined = hashData(unsigned, proofConfig, curve).toString('hex');
    expect(combined).toBe(text(dir, `combinedHashJCSECDSA${tag}.txt`));
    expect(combined).toBe(text(dir, `proofHashJCSECDSA${tag}.txt`) + text(dir, `docHashJCSECDSA${tag}.txt`));
  });

  it('verifies the signed vector, and its proofValue is the vector signature', () => {
    expect(verifyDataIntegrity(signed, resolve, { requireIssuerKey: false })).toEqual({
      ok: true,
      value: unsigned,
    });
    const proofValue = (signed.proof as Json).proofValue as string;
    expect(proofValue).toBe(text(dir, `sigBTC58JCSECDSA${tag}.txt`));
    expect(Buffer.from(base58btc.decode(proofValue)).toString('hex')).toBe(
      text(dir, `sigHexJCSECDSA${tag}.txt`),
    );
  });

  it('refuses the vector after any one character of it changes', () => {
    const tampered = structuredClone(signed);
    (tampered.credentialSubject as Json).alumniOf = 'The School of Exampleс';
    expect(verifyDataIntegrity(tampered, resolve, { requireIssuerKey: false }).ok).toBe(false);
    const badSig = structuredClone(signed);
    const value = (badSig.proof as Json).proofValue as string;
    (badSig.proof as Json).proofValue =
      value.slice(0, 10) + (value[10] === 'a' ? 'b' : 'a') + value.slice(11);
    expect(verifyDataIntegrity(badSig, resolve, { requireIssuerKey: false }).ok).toBe(false);
    const created = structuredClone(signed);
    (created.proof as Json).created = '2023-02-24T23:36:39Z';
    expect(verifyDataIntegrity(created, resolve, { requireIssuerKey: false }).ok).toBe(false);
  });

  if (curve === 'P-256') {
    it('signs the vector document with the vector key into the vector proof (up to the nonce)', () => {
      const privateJwk = {
        ...multikeyJwk(keys.publicKeyMultibase, keys.secretKeyMultibase),
        kid: 'k',
        alg: 'ES256',
        use: 'sig',
      };
      const ours = signDataIntegrity(
        unsigned,
        { kid: 'k', privateJwk: privateJwk as unknown as EcPrivateJwk },
        {
          created: proofConfig.created as string,
          verificationMethod: proofConfig.verificationMethod as string,
        },
      );
      const { proofValue, ...oursConfig } = ours.proof;
      const { proofValue: _theirs, ...vectorConfig } = signed.proof as Json;
      expect(canonicalize(oursConfig)).toBe(canonicalize(vectorConfig));
      expect(proofValue).toMatch(/^z[1-9A-HJ-NP-Za-km-z]+$/);
      const key = createPublicKey({ key: publicJwk as never, format: 'jwk' });
      expect(specVerify(ours as unknown as Json, key, hash)).toBe(true);
      expect(specVerify(signed, key, hash)).toBe(true);
      // The private key really is the vector's: it derives the vector's public key.
      expect(
        createPublicKey(createPrivateKey({ key: privateJwk as never, format: 'jwk' })).export({
          format: 'jwk',
        }),
      ).toMatchObject({ x: publicJwk.x, y: publicJwk.y });
    });
  }
});

describe('our passport credentials under the spec verifier', () => {
  const key = generateSigningKey('2026-03');
  const did = didWebFor(BASE_URL, TENANT_ID);

  it.each([...ALL_CATEGORIES])('a %s credential verifies, and fails once one byte changes', (category) => {
    const credential = buildDppCredential({
      passport: passportDocument(category),
      tier: 'owner',
      issuerDid: did,
      statusEntry: { listUrl: `${BASE_URL}/tenants/${TENANT_ID}/status/revocation`, index: 7 },
      validFrom: '2026-03-02T10:00:00Z',
    });
    const secured = signDataIntegrity(credential, key) as unknown as Json;
    const publicKey = publicKeyObject(key.publicJwk);
    expect((secured.proof as Json).verificationMethod).toBe(`${did}#2026-03`);
    expect(specVerify(secured, publicKey, 'sha256')).toBe(true);
    const tampered = JSON.parse(JSON.stringify(secured).replace('"model"', '"batch"')) as Json;
    expect(specVerify(tampered, publicKey, 'sha256')).toBe(false);
  });
});
