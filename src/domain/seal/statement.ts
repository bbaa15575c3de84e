// The signed statement of a seal: the Merkle root bound to the passport, its version, the instant and
// the key, as JCS (RFC 8785) bytes, signed as a compact JWS (ES256, payload attached). Canonical bytes
// mean any verifier rebuilds exactly what was signed from the seal's own fields.
import { type KeyObject, verify } from 'node:crypto';
import canonicalize from 'canonicalize';
import { CompactSign, decodeProtectedHeader } from 'jose';
import { SEAL_JWS_TYPE, type SealStatement, STATEMENT_TYPE } from './types.ts';

export function statementOf(fields: Omit<SealStatement, 'alg' | 'type'>): SealStatement {
  return {
    alg: 'ES256',
    keyId: fields.keyId,
    merkleRoot: fields.merkleRoot,
    passportId: fields.passportId,
    sealedAt: fields.sealedAt,
    type: STATEMENT_TYPE,
    version: fields.version,
  };
}

/** UTF-8 of the JCS text of the statement: the JWS payload. */
export function statementBytes(statement: SealStatement): Buffer {
  return Buffer.from(canonicalize(statement) as string, 'utf8');
}

export async function signStatement(statement: SealStatement, key: KeyObject): Promise<string> {
  return new CompactSign(statementBytes(statement))
    .setProtectedHeader({ alg: 'ES256', kid: statement.keyId, typ: SEAL_JWS_TYPE })
    .sign(key);
}

/** The raw signature bytes of a compact JWS (for ES256, r ‖ s, 64 bytes): what a timestamp is over. */
export function jwsSignatureBytes(jws: string): Buffer {
  const parts = jws.split('.');
  if (parts.length !== 3) throw new TypeError('not a compact JWS');
  return Buffer.from(parts[2] as string, 'base64url');
}

const NOT_VERIFIED = 'The seal signature does not verify with the key of the seal certificate.';
// 64 bytes (r ‖ s) in canonical base64url: 86 characters, the last carrying 2 bits.
const ES256_SIGNATURE = /^[A-Za-z0-9_-]{85}[AQgw]$/;

export type JwsCheck = { ok: true; payload: Uint8Array } | { ok: false; reason: string };

/** Verifies a seal JWS with `key`: header alg ES256, typ and kid as expected, signature valid. */
export function verifyStatementJws(jws: string, key: KeyObject, kid: string): JwsCheck {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jws);
  } catch {
    return { ok: false, reason: 'The seal signature is not a compact JWS.' };
  }
  if (header.alg !== 'ES256') return { ok: false, reason: 'The seal signature does not use ES256.' };
  if (header.typ !== SEAL_JWS_TYPE)
    return { ok: false, reason: `The seal signature is not typed ${SEAL_JWS_TYPE}.` };
  if (header.kid !== kid)
    return { ok: false, reason: 'The seal signature names another key id than the seal.' };
  // The signature is checked with node:crypto in this thread: jose verifies through WebCrypto, whose
  // hop to the thread pool and back costs a verification more than the ECDSA itself. The header is
  // jose's reading; a `crit` header (an extension this seal never uses) is refused, as jose refuses
  // any it does not know.
  const [protectedHeader, payloadText, signatureText] = jws.split('.') as [string, string, string];
  if (header.crit !== undefined || signatureText === undefined || !ES256_SIGNATURE.test(signatureText))
    return { ok: false, reason: NOT_VERIFIED };
  const signed = Buffer.from(`${protectedHeader}.${payloadText}`, 'ascii');
  const signature = Buffer.from(signatureText, 'base64url');
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature))
    return { ok: false, reason: NOT_VERIFIED };
  return { ok: true, payload: Buffer.from(payloadText, 'base64url') };
}
