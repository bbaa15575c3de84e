// The checks of one SD-JWT VC presentation, in the order docs/credential-access.md gives: the issuer's
// signature with the trust list's keys for its `iss`, the `vct` accepted from that issuer, `nbf`/`exp`,
// every disclosure's digest present in the payload, and the Key Binding JWT (the `cnf` key, `aud`,
// `nonce`, a fresh `iat`, `sd_hash`). The credential's status is checked by the service afterwards
// (it is I/O). Apart from service.ts: this file reads and writes nothing, it only judges bytes.
// The @sd-jwt packages decode and unpack; their verify() is not used, as it drops a disclosure whose
// digest the payload lacks instead of refusing it.
import { createHash, X509Certificate } from 'node:crypto';
import { digest } from '@sd-jwt/crypto-nodejs';
import { decodeSdJwt, getClaims, splitSdJwt } from '@sd-jwt/decode';
import { calculateJwkThumbprint, compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { pemBlocks } from '../../domain/crypto/pem.ts';
import type { IssuerRow } from './store.ts';

export type Refusal = { error: 'invalid_request' | 'access_denied'; error_description: string };

export class PresentationRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.error_description);
  }
}

const invalid = (description: string) =>
  new PresentationRefused({ error: 'invalid_request', error_description: description });
const denied = (description: string) =>
  new PresentationRefused({ error: 'access_denied', error_description: description });

/** How old a Key Binding JWT may be, and how far ahead of the node's clock (seconds). */
export const KB_JWT_FRESHNESS_S = 300;
const SKEW_S = 60;

export interface VerifiedPresentation {
  issuer: IssuerRow;
  keyId: string;
  vct: string;
  claims: Record<string, unknown>;
  /** The IETF Token Status List reference, when the credential has one. */
  status: { uri: string; idx: number } | null;
  kbJwtHash: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const sha256 = (text: string) => createHash('sha256').update(text, 'ascii').digest('base64url');

/**
 * The pinned chain's root, and the keys of a header's `x5c` chain when it ends in that root: each
 * certificate within its validity and signed by the next, every one after the leaf a CA.
 */
function keyFromChain(header: Json, pinnedPem: string): { key: JWK; keyId: string } | null {
  const chain = header.x5c;
  if (!Array.isArray(chain) || chain.length === 0 || !chain.every((c) => typeof c === 'string')) return null;
  const pinned = pemBlocks(pinnedPem).map((der) => new X509Certificate(der));
  const root = pinned.at(-1);
  if (!root) return null;
  const certs = (chain as string[]).map((b64) => new X509Certificate(Buffer.from(b64, 'base64')));
  const now = new Date();
  for (let i = 0; i < certs.length; i++) {
    const cert = certs[i] as X509Certificate;
    if (new Date(cert.validFrom) > now || new Date(cert.validTo) < now) return null;
    // Only a CA certifies another key: an end entity's certificate signing one makes no chain.
    if (i > 0 && !cert.ca) return null;
    const next = certs[i + 1];
    if (next && !cert.verify(next.publicKey)) return null;
  }
  const last = certs.at(-1) as X509Certificate;
  const endsInRoot = last.fingerprint256 === root.fingerprint256 || last.verify(root.publicKey);
  if (!endsInRoot) return null;
  const leaf = certs[0] as X509Certificate;
  return { key: leaf.publicKey.export({ format: 'jwk' }) as JWK, keyId: `x5c:${root.fingerprint256}` };
}

/** The trust list's key that verifies the issuer-signed JWT, and its id; null when none does. */
async function verifyIssuerSignature(jwt: string, issuer: IssuerRow): Promise<string | null> {
  let header: Json;
  try {
    header = decodeProtectedHeader(jwt) as Json;
  } catch {
    return null;
  }
  const candidates: { key: JWK; keyId: string }[] = [];
  if (issuer.x5c) {
    try {
      const fromChain = keyFromChain(header, issuer.x5c);
      if (fromChain) candidates.push(fromChain);
    } catch {
      // A malformed certificate verifies nothing.
    }
  }
  const jwks = isObject(issuer.keys) && Array.isArray(issuer.keys.keys) ? (issuer.keys.keys as JWK[]) : [];
  for (const key of jwks) {
    if (typeof header.kid === 'string' && typeof key.kid === 'string' && key.kid !== header.kid) continue;
    candidates.push({ key, keyId: await calculateJwkThumbprint(key) });
  }
  for (const { key, keyId } of candidates) {
    try {
      const alg = typeof header.alg === 'string' ? header.alg : 'ES256';
      if (alg === 'none' || alg.startsWith('HS')) return null;
      await compactVerify(jwt, await importJWK({ ...key, alg }, alg));
      return keyId;
    } catch {
      // Try the next key.
    }
  }
  return null;
}

/** Every digest the payload (and the disclosed values under it) names, counted. */
function collectDigests(value: unknown, into: Map<string, number>): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (isObject(item) && Object.keys(item).length === 1 && typeof item['...'] === 'string') {
        into.set(item['...'], (into.get(item['...']) ?? 0) + 1);
      } else collectDigests(item, into);
    }
    return;
  }
  if (!isObject(value)) return;
  for (const [name, member] of Object.entries(value)) {
    if (name === '_sd' && Array.isArray(member)) {
      for (const entry of member) if (typeof entry === 'string') into.set(entry, (into.get(entry) ?? 0) + 1);
    } else collectDigests(member, into);
  }
}

/** Refuses a disclosure whose digest the payload lacks, and a digest disclosed twice. */
function checkDisclosures(payload: Json, disclosures: string[]): void {
  const alg = payload._sd_alg ?? 'sha-256';
  if (alg !== 'sha-256') throw invalid('disclosures: only _sd_alg sha-256 is supported');
  const digests = new Map<string, number>();
  collectDigests(payload, digests);
  const seen = new Set<string>();
  for (const encoded of disclosures) {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    } catch {
      throw invalid('disclosures: a disclosure is not base64url JSON');
    }
    if (!Array.isArray(decoded) || (decoded.length !== 2 && decoded.length !== 3))
      throw invalid('disclosures: a disclosure is not an array of two or three members');
    collectDigests(decoded.at(-1), digests);
  }
  for (const encoded of disclosures) {
    const hash = sha256(encoded);
    if (!digests.has(hash)) throw invalid('disclosures: a disclosure has no digest in the credential');
    if (seen.has(hash) || (digests.get(hash) ?? 0) > 1)
      throw invalid('disclosures: a digest is disclosed twice');
    seen.add(hash);
  }
}

async function checkKeyBinding(
  presentation: string,
  payload: Json,
  kbJwt: string | undefined,
  expected: { clientId: string; nonce: string; now: Date },
): Promise<string> {
  if (!kbJwt) throw invalid('key binding: the presentation has no Key Binding JWT');
  const cnf = isObject(payload.cnf) && isObject(payload.cnf.jwk) ? (payload.cnf.jwk as JWK) : null;
  if (!cnf) throw invalid('key binding: the credential has no cnf key');
  let claims: Json;
  try {
    const header = decodeProtectedHeader(kbJwt);
    if (header.typ !== 'kb+jwt') throw new Error('typ');
    const alg = header.alg ?? 'ES256';
    if (alg === 'none' || alg.startsWith('HS')) throw new Error('alg');
    const { payload: bytes } = await compactVerify(kbJwt, await importJWK({ ...cnf, alg }, alg));
    claims = JSON.parse(new TextDecoder().decode(bytes)) as Json;
  } catch {
    throw invalid('key binding: the Key Binding JWT is not signed by the credential’s cnf key');
  }
  if (claims.aud !== expected.clientId)
    throw invalid('key binding: aud is not this verifier’s client identifier');
  if (claims.nonce !== expected.nonce) throw invalid('key binding: nonce is not the transaction’s');
  const now = Math.floor(expected.now.getTime() / 1000);
  if (typeof claims.iat !== 'number' || claims.iat < now - KB_JWT_FRESHNESS_S || claims.iat > now + SKEW_S)
    throw invalid('key binding: iat is not within five minutes');
  const signed = presentation.slice(0, presentation.lastIndexOf('~') + 1);
  if (claims.sd_hash !== sha256(signed))
    throw invalid('key binding: sd_hash does not match the presentation');
  return sha256(kbJwt);
}

function statusOf(payload: Json): { uri: string; idx: number } | null {
  if (payload.status === undefined) return null;
  const list =
    isObject(payload.status) && isObject(payload.status.status_list) ? payload.status.status_list : null;
  if (!list || typeof list.uri !== 'string' || !Number.isInteger(list.idx) || (list.idx as number) < 0)
    throw invalid('status: the credential’s status is not a Token Status List reference');
  return { uri: list.uri, idx: list.idx as number };
}

/**
 * Verifies one presentation. `trusted` finds the trust list's entry for an `iss`. Throws
 * PresentationRefused naming the failed step.
 */
export async function verifyPresentation(
  presentation: string,
  trusted: (iss: string) => Promise<IssuerRow | null>,
  expected: { clientId: string; nonce: string; now: Date },
): Promise<VerifiedPresentation> {
  let parts: ReturnType<typeof splitSdJwt>;
  let decoded: Awaited<ReturnType<typeof decodeSdJwt>>;
  try {
    parts = splitSdJwt(presentation);
    decoded = await decodeSdJwt(presentation, digest);
  } catch {
    throw invalid('presentation: the vp_token entry is not an SD-JWT');
  }
  const { header, payload } = decoded.jwt;
  if (header.typ !== 'dc+sd-jwt' && header.typ !== 'vc+sd-jwt')
    throw invalid('presentation: the credential is not a dc+sd-jwt');
  const iss = payload.iss;
  const issuer = typeof iss === 'string' ? await trusted(iss) : null;
  if (!issuer) throw denied('issuer signature: the credential’s issuer is not trusted by this node');
  const keyId = await verifyIssuerSignature(parts.jwt, issuer);
  if (!keyId)
    throw invalid('issuer signature: the credential does not verify with the trusted issuer’s keys');
  const vct = payload.vct;
  if (typeof vct !== 'string' || !issuer.credentialTypes.includes(vct))
    throw denied('vct: this credential type is not accepted from this issuer');
  const now = Math.floor(expected.now.getTime() / 1000);
  if (typeof payload.nbf === 'number' && payload.nbf > now + SKEW_S)
    throw denied('validity: the credential is not valid yet');
  if (typeof payload.exp === 'number' && payload.exp <= now)
    throw denied('validity: the credential has expired');
  checkDisclosures(payload, parts.disclosures);
  const kbJwtHash = await checkKeyBinding(presentation, payload, parts.kbJwt, expected);
  const status = statusOf(payload);
  const claims = await getClaims<Record<string, unknown>>(payload, decoded.disclosures, digest);
  return { issuer, keyId, vct, claims, status, kbJwtHash };
}
