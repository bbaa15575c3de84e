// VC-JOSE-COSE "enveloped" credentials (application/vc+jwt): the credential itself is the JWS
// payload, signed ES256 with the workspace key named `<issuer DID>#<kid>`.
import { CompactSign, compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import type { EcPrivateJwk } from '../crypto/keys.ts';
import { verificationMethodId } from './did-web.ts';
import { VC_V2_CONTEXT } from './untp.ts';
import { didOf, fail, issuerIdOf, isUri, type KeyResolver, type Verification } from './verification.ts';

export const VC_JWT_TYP = 'vc+jwt';
export const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';

export interface CredentialSigningKey {
  kid: string;
  privateJwk: EcPrivateJwk;
}

const encoder = new TextEncoder();

/** The compact JWS of `credential`; its issuer id (our workspace DID) prefixes the `kid`. */
export async function signVcJwt(credential: object, key: CredentialSigningKey): Promise<string> {
  const issuer = issuerIdOf(credential);
  if (!isUri(issuer)) throw new TypeError('the credential issuer must be a DID or URL');
  const { d, x, y, crv, kty } = key.privateJwk;
  const privateKey = await importJWK({ d, x, y, crv, kty }, 'ES256');
  return new CompactSign(encoder.encode(JSON.stringify(credential)))
    .setProtectedHeader({
      alg: 'ES256',
      typ: VC_JWT_TYP,
      cty: 'vc',
      kid: verificationMethodId(issuer, key.kid),
    })
    .sign(privateKey);
}

export interface VcJwtOptions {
  /** Accepted JWS algorithms; our credentials use ES256 only. */
  algorithms?: string[];
  /** Require the key to be the issuer's (`kid` = `<issuer>#…`); default true. */
  requireIssuerKey?: boolean;
}

export interface VerifiedVcJwt {
  credential: Record<string, unknown>;
  header: Record<string, unknown>;
}

/**
 * Verifies a vc+jwt: header `typ` vc+jwt (and `cty` vc when present), a key the resolver knows,
 * the signature, and a payload that is a VC 2.0 credential (no JWT `vc`/`vp` wrapper claims)
 * issued by the DID that owns the key. Validity dates are the caller's business.
 */
export async function verifyVcJwt(
  jwt: string,
  resolveKey: KeyResolver,
  options: VcJwtOptions = {},
): Promise<Verification<VerifiedVcJwt>> {
  let header: Record<string, unknown>;
  try {
    header = decodeProtectedHeader(jwt) as Record<string, unknown>;
  } catch {
    return fail('not a compact JWS');
  }
  if (header.typ !== VC_JWT_TYP) return fail(`typ is ${String(header.typ)}, not ${VC_JWT_TYP}`);
  if (header.cty !== undefined && header.cty !== 'vc') return fail(`cty is ${String(header.cty)}, not vc`);
  if (typeof header.kid !== 'string') return fail('the header names no kid');
  const jwk: JWK | null = resolveKey(header.kid);
  if (!jwk) return fail(`no assertion key ${header.kid}`);
  const algorithms = options.algorithms ?? ['ES256'];
  let payload: Uint8Array;
  try {
    const alg = String(header.alg);
    if (!algorithms.includes(alg)) return fail(`algorithm ${alg} is not accepted`);
    const key = await importJWK({ ...jwk, alg }, alg);
    ({ payload } = await compactVerify(jwt, key, { algorithms }));
  } catch {
    return fail('the signature does not verify');
  }
  let credential: unknown;
  try {
    credential = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload));
  } catch {
    return fail('the payload is not JSON');
  }
  if (typeof credential !== 'object' || credential === null || Array.isArray(credential)) {
    return fail('the payload is not an object');
  }
  const body = credential as Record<string, unknown>;
  if ('vc' in body || 'vp' in body) return fail('the payload carries JWT vc/vp claims');
  const context = body['@context'];
  if (!Array.isArray(context) || context[0] !== VC_V2_CONTEXT)
    return fail('the payload is not a VC 2.0 credential');
  if (!Array.isArray(body.type) || !body.type.includes('VerifiableCredential')) {
    return fail('the payload is not a VerifiableCredential');
  }
  if (options.requireIssuerKey !== false && issuerIdOf(body) !== didOf(header.kid))
    return fail('the key does not belong to the issuer');
  return { ok: true, value: { credential: body, header } };
}

/**
 * The JSON form of an enveloped credential (VC 2.0 §4.13): an `EnvelopedVerifiableCredential`
 * whose `id` is a `data:` URL of the vc+jwt, for places that need JSON rather than the bare JWS.
 */
export const envelopeVcJwt = (jwt: string) => ({
  '@context': [VC_V2_CONTEXT],
  type: 'EnvelopedVerifiableCredential',
  id: `data:${VC_JWT_MEDIA_TYPE},${jwt}`,
});

/** The vc+jwt inside an `EnvelopedVerifiableCredential`, or null when it holds none. */
export function unwrapEnvelope(envelope: unknown): string | null {
  const id = (envelope as { id?: unknown } | null)?.id;
  const prefix = `data:${VC_JWT_MEDIA_TYPE},`;
  return typeof id === 'string' && id.startsWith(prefix) ? id.slice(prefix.length) : null;
}
