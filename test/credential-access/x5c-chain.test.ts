// An issuer pinned by a certificate chain (docs/credential-access.md, the trust list's `keys`): its
// credential carries an `x5c` header chain that must verify certificate by certificate up to the
// pinned root, within each certificate's validity, every certificate after the leaf a CA. The
// certificates are made here with @peculiar/x509 (ECDSA P-256): a root, an intermediate, a leaf.
// Routes: POST /admin/v1/trusted-issuers, POST /access/v1/presentation-requests,
// POST /access/v1/presentation-responses/{id}, GET /access/v1/presentation-requests/{id}/result.
import 'reflect-metadata';
import { randomUUID, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, bearer, createWorkspace, randomIp } from '../helpers/app.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { directPost, issueCredential, type KeyPair, keyPair, present, requestOf } from './holder.ts';

const app = useTestApp();
const VCT = 'https://credentials.example/market-surveillance-authority';
const ISS = `https://issuer-${randomUUID().slice(0, 8)}.example`;
const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const DAY_MS = 24 * 3600 * 1000;
const SIGNATURE_REFUSED = {
  error: 'invalid_request',
  error_description: 'issuer signature: the credential does not verify with the trusted issuer’s keys',
};

interface Certified {
  certificate: x509.X509Certificate;
  keys: webcrypto.CryptoKeyPair;
}

/**
 * A certificate for `name`, signed by `by` (self-signed without it): a CA's when `ca`, an end
 * entity's otherwise; valid from yesterday to tomorrow unless `expired` (two days ago to yesterday).
 */
async function certify(
  name: string,
  { by, ca, expired = false }: { by?: Certified; ca: boolean; expired?: boolean },
): Promise<Certified> {
  const keys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const start = Date.now() - (expired ? 2 : 1) * DAY_MS;
  const usages = ca
    ? x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign
    : x509.KeyUsageFlags.digitalSignature;
  const certificate = await x509.X509CertificateGenerator.create({
    subject: `CN=${name}`,
    issuer: by ? by.certificate.subject : `CN=${name}`,
    notBefore: new Date(start),
    notAfter: new Date(start + DAY_MS * (expired ? 1 : 2)),
    publicKey: keys.publicKey,
    signingKey: (by ?? { keys }).keys.privateKey,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [
      new x509.BasicConstraintsExtension(ca, undefined, true),
      new x509.KeyUsagesExtension(usages, true),
    ],
  });
  return { certificate, keys };
}

/** The certificate as an `x5c` member: base64 (not base64url) DER, RFC 7515 section 4.1.6. */
const x5cOf = ({ certificate }: Certified) => Buffer.from(certificate.rawData).toString('base64');

/** A certified key as the holder helpers sign with: its JWK pair. */
async function signingKeys({ keys }: Certified): Promise<KeyPair> {
  const { kty, crv, x, y, d } = await webcrypto.subtle.exportKey('jwk', keys.privateKey);
  const kid = randomUUID();
  return {
    publicJwk: { kty, crv, x, y, kid, alg: 'ES256' } as JWK,
    privateJwk: { kty, crv, x, y, d, kid, alg: 'ES256' } as JWK,
  };
}

let root: Certified;
let intermediate: Certified;
let leaf: Certified;
let passport: { id: string };

beforeAll(async () => {
  root = await certify('OpenDPP test root CA', { ca: true });
  intermediate = await certify('OpenDPP test issuing CA', { by: root, ca: true });
  leaf = await certify('Marktaufsicht Nord credential issuer', { by: intermediate, ca: false });
  const trusted = await app.inject({
    method: 'POST',
    url: '/admin/v1/trusted-issuers',
    headers: admin,
    payload: {
      name: 'Marktaufsicht test PKI',
      issuer: ISS,
      keys: [intermediate, root].map(({ certificate }) => certificate.toString('pem')).join('\n'),
      credentialTypes: [VCT],
      accessTier: 'authority',
    },
  });
  expect(trusted.statusCode, trusted.body).toBe(201);
  const maker = await createWorkspace(app);
  const operator = await createOperator(app, maker);
  passport = await createPassport(app, maker.token, { operatorId: operator.id });
});

/** A whole flow with a credential of the pinned issuer signed by `signer`, `chain` its `x5c`. */
async function presentChain(signer: Certified, chain: Certified[]) {
  const holder = keyPair();
  const started = await app.inject({
    method: 'POST',
    url: '/access/v1/presentation-requests',
    remoteAddress: randomIp(),
    payload: { passportId: passport.id },
  });
  expect(started.statusCode, started.body).toBe(201);
  const { id, walletUrl } = started.json() as { id: string; walletUrl: string };
  const request = requestOf(walletUrl);
  const credential = await issueCredential(
    { iss: ISS, keys: await signingKeys(signer) },
    holder,
    { vct: VCT, organisation_name: 'Marktaufsicht Nord', country: 'DE' },
    { x5c: chain.map(x5cOf) },
  );
  const presentation = await present(credential, holder, { aud: request.client_id, nonce: request.nonce });
  const answered = await app.inject({
    method: 'POST',
    url: `/access/v1/presentation-responses/${id}`,
    remoteAddress: randomIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: directPost(presentation, request.state),
  });
  return { id, answered };
}

describe('an issuer pinned by a certificate chain', () => {
  it('opens its tier to a credential whose x5c chain ends in the pinned root', async () => {
    const { id, answered } = await presentChain(leaf, [leaf, intermediate]);
    expect(answered.statusCode, answered.body).toBe(200);
    const polled = await app.inject({
      method: 'GET',
      url: `/access/v1/presentation-requests/${id}/result`,
      remoteAddress: randomIp(),
    });
    expect(polled.statusCode, polled.body).toBe(200);
    const session = polled.json();
    expect(session).toMatchObject({
      success: true,
      token: expect.stringMatching(/^dpp_auth_/),
      tier: 'authority',
      issuer: { name: 'Marktaufsicht test PKI' },
    });
    const read = await app.inject({
      method: 'GET',
      url: `/passport/${passport.id}`,
      headers: { ...bearer(session.token), accept: 'application/ld+json' },
    });
    expect(read.statusCode, read.body).toBe(200);
    // Every tier is shown: none is withheld from the authority.
    expect(read.json().restrictedData.tiers).toEqual([]);
  });

  it('refuses a chain that ends in another root', async () => {
    const otherRoot = await certify('Another root CA', { ca: true });
    const otherIntermediate = await certify('Another issuing CA', { by: otherRoot, ca: true });
    const otherLeaf = await certify('Marktaufsicht Nord credential issuer', {
      by: otherIntermediate,
      ca: false,
    });
    const { answered } = await presentChain(otherLeaf, [otherLeaf, otherIntermediate]);
    expect(answered.statusCode, answered.body).toBe(400);
    expect(answered.json()).toEqual(SIGNATURE_REFUSED);
  });

  it('refuses a chain in which a certificate that is not a CA signs another', async () => {
    // The legitimate leaf, an end entity, certifies a key of its own choosing: every signature of
    // the chain verifies up to the pinned root, but the leaf may not act as an intermediate.
    const underLeaf = await certify('Issued by an end entity', { by: leaf, ca: false });
    const { answered } = await presentChain(underLeaf, [underLeaf, leaf, intermediate]);
    expect(answered.statusCode, answered.body).toBe(400);
    expect(answered.json()).toEqual(SIGNATURE_REFUSED);
  });

  it('refuses a chain whose leaf has expired', async () => {
    const expired = await certify('Marktaufsicht Nord credential issuer', {
      by: intermediate,
      ca: false,
      expired: true,
    });
    const { answered } = await presentChain(expired, [expired, intermediate]);
    expect(answered.statusCode, answered.body).toBe(400);
    expect(answered.json()).toEqual(SIGNATURE_REFUSED);
  });
});
