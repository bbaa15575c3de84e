// Embedded Data Integrity proofs, cryptosuite ecdsa-jcs-2019 (W3C VC DI ECDSA): JCS of the proof
// options and of the document, each hashed, the two hashes concatenated and signed with ECDSA
// (P-256/SHA-256, P-384/SHA-384), the raw r‖s signature written as multibase base58btc.
import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { JWK } from 'jose';
import { base58btc } from 'multiformats/bases/base58';
import { privateKeyObject } from '../crypto/keys.ts';
import { verificationMethodId } from './did-web.ts';
import type { CredentialSigningKey } from './vc-jwt.ts';
import { didOf, fail, issuerIdOf, isUri, type KeyResolver, type Verification } from './verification.ts';

export const CRYPTOSUITE = 'ecdsa-jcs-2019';
export const VC_LD_MEDIA_TYPE = 'application/vc+ld+json';

export interface DataIntegrityProof {
  type: 'DataIntegrityProof';
  cryptosuite: typeof CRYPTOSUITE;
  created: string;
  verificationMethod: string;
  proofPurpose: 'assertionMethod';
  '@context'?: unknown;
  proofValue: string;
}

type Json = Record<string, unknown>;

const hashOf = (curve: string) => (curve === 'P-384' ? 'sha384' : 'sha256');

function jcs(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('the value has no JSON canonical form');
  return text;
}

/** The bytes ecdsa-jcs-2019 signs: hash(JCS(proof options)) ‖ hash(JCS(document without proof)). */
export function hashData(document: Json, proofOptions: Json, curve: 'P-256' | 'P-384' = 'P-256'): Buffer {
  const algorithm = hashOf(curve);
  const proofHash = createHash(algorithm).update(jcs(proofOptions)).digest();
  const documentHash = createHash(algorithm).update(jcs(document)).digest();
  return Buffer.concat([proofHash, documentHash]);
}

export interface DataIntegrityOptions {
  /** The proof's `created`, ISO 8601 (XML Schema dateTimeStamp); default now, to the second. */
  created?: string;
  /** The proof's verification method; default `<issuer>#<kid>`. */
  verificationMethod?: string;
}

/** The document with an embedded proof from `key`, named `<issuer DID>#<kid>`. */
export function signDataIntegrity<T extends object>(
  document: T,
  key: CredentialSigningKey,
  options: DataIntegrityOptions = {},
): T & { proof: DataIntegrityProof } {
  // Any credential object is JSON to canonicalise; T only says which one.
  const unsecured = document as unknown as Json;
  if ('proof' in unsecured) throw new TypeError('the document already carries a proof');
  const issuer = issuerIdOf(unsecured);
  if (!isUri(issuer)) throw new TypeError('the credential issuer must be a DID or URL');
  const proofOptions: Json = {
    type: 'DataIntegrityProof',
    cryptosuite: CRYPTOSUITE,
    created: options.created ?? `${new Date().toISOString().slice(0, 19)}Z`,
    verificationMethod: options.verificationMethod ?? verificationMethodId(issuer, key.kid),
    proofPurpose: 'assertionMethod',
    ...(unsecured['@context'] !== undefined && { '@context': unsecured['@context'] }),
  };
  const signature = sign('sha256', hashData(unsecured, proofOptions), {
    key: privateKeyObject(key.privateJwk),
    dsaEncoding: 'ieee-p1363',
  });
  // The options were built as JSON for canonicalisation; with the proof value they are the proof.
  const proof = { ...proofOptions, proofValue: base58btc.encode(signature) } as unknown as DataIntegrityProof;
  return { ...document, proof };
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function publicKey(jwk: JWK): { key: KeyObject; curve: 'P-256' | 'P-384' } | null {
  if (jwk.kty !== 'EC' || (jwk.crv !== 'P-256' && jwk.crv !== 'P-384')) return null;
  try {
    const key = createPublicKey({ key: { kty: 'EC', crv: jwk.crv, x: jwk.x, y: jwk.y }, format: 'jwk' });
    return { key, curve: jwk.crv };
  } catch {
    return null;
  }
}

/** True when `context` begins with every entry of `prefix`, in order. */
function startsWith(context: unknown, prefix: unknown): boolean {
  const full = Array.isArray(context) ? context : [context];
  const head = Array.isArray(prefix) ? prefix : [prefix];
  return head.every((entry, index) => jcs(entry) === jcs(full[index] ?? null));
}

/**
 * Verifies a document's embedded ecdsa-jcs-2019 proof (proof purpose assertionMethod) with the key
 * the resolver gives for its verification method. With `requireIssuerKey` (the default) the key
 * must belong to the credential's issuer DID. Answers the document without its proof.
 */
export function verifyDataIntegrity(
  secured: unknown,
  resolveKey: KeyResolver,
  { requireIssuerKey = true }: { requireIssuerKey?: boolean } = {},
): Verification<Json> {
  if (!isObject(secured) || !isObject(secured.proof)) return fail('the document has no proof object');
  const { proof: rawProof, ...unsecured } = secured;
  const proof = rawProof as Json;
  if (proof.type !== 'DataIntegrityProof' || proof.cryptosuite !== CRYPTOSUITE) {
    return fail(`not a ${CRYPTOSUITE} DataIntegrityProof`);
  }
  if (proof.proofPurpose !== 'assertionMethod') return fail('the proof purpose is not assertionMethod');
  if (typeof proof.verificationMethod !== 'string') return fail('the proof names no verification method');
  if (typeof proof.proofValue !== 'string' || !proof.proofValue.startsWith('z')) {
    return fail('the proof value is not multibase base58btc');
  }
  if (typeof proof.created !== 'string' || Number.isNaN(Date.parse(proof.created))) {
    return fail('the proof has no valid created time');
  }
  const { proofValue, ...proofOptions } = proof;
  if ('@context' in proofOptions && !startsWith(unsecured['@context'], proofOptions['@context'])) {
    return fail('the proof @context does not match the document');
  }
  if (requireIssuerKey && issuerIdOf(unsecured) !== didOf(proof.verificationMethod)) {
    return fail('the key does not belong to the issuer');
  }
  const jwk = resolveKey(proof.verificationMethod);
  const key = jwk ? publicKey(jwk) : null;
  if (!key) return fail(`no usable assertion key ${proof.verificationMethod}`);
  let signature: Uint8Array;
  try {
    signature = base58btc.decode(proofValue as string);
  } catch {
    return fail('the proof value is not base58btc');
  }
  const data = hashData(unsecured, proofOptions, key.curve);
  const ok = verify(hashOf(key.curve), data, { key: key.key, dsaEncoding: 'ieee-p1363' }, signature);
  return ok ? { ok: true, value: unsecured } : fail('the signature does not verify');
}
