// The signed statement of a seal: the Merkle root bound to the passport, its version, the instant and
// the key, as JCS (RFC 8785) bytes, signed as a compact JWS (ES256, payload attached). Canonical bytes
// mean any verifier rebuilds exactly what was signed from the seal's own fields.
import type { KeyObject } from 'node:crypto';
import canonicalize from 'canonicalize';
import { CompactSign, compactVerify, decodeProtectedHeader } from 'jose';
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

export type JwsCheck = { ok: true; payload: Uint8Array } | { ok: false; reason: string };

/** Verifies a seal JWS with `key`: header alg ES256, typ and kid as expected, signature valid. */
export async function verifyStatementJws(jws: string, key: KeyObject, kid: string): Promise<JwsCheck> {
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
  try {
    const { payload } = await compactVerify(jws, key, { algorithms: ['ES256'] });
    return { ok: true, payload };
  } catch {
    return { ok: false, reason: 'The seal signature does not verify with the key of the seal certificate.' };
  }
}
