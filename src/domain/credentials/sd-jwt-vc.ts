// SD-JWT VC (application/dc+sd-jwt) of a UNTP passport credential: the credential subject's members
// become the SD-JWT VC's claims, and every member a lower tier does not show becomes a selective
// disclosure, so a holder can pass on only what a verifier needs.
import { createHash } from 'node:crypto';
import { digest, ES256, generateSalt } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance, type SdJwtVcPayload } from '@sd-jwt/sd-jwt-vc';
import { decodeProtectedHeader, type JWK } from 'jose';
import { verificationMethodId } from './did-web.ts';
import { escapeSegment, fieldPointers, pointerSegments } from './json-pointer.ts';
import { DPP_CREDENTIAL_CONTEXT } from './untp.ts';
import type { CredentialSigningKey } from './vc-jwt.ts';
import { didOf, fail, issuerIdOf, isUri, type KeyResolver, type Verification } from './verification.ts';

export const SD_JWT_VC_TYP = 'dc+sd-jwt';
export const SD_JWT_VC_MEDIA_TYPE = 'application/dc+sd-jwt';
/** The `vct`: the IRI UNTP's context gives the DigitalProductPassport type. */
export const DPP_VCT = 'https://test.uncefact.org/vocabulary/untp/dpp/0/DigitalProductPassport';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const seconds = (iso: unknown) => {
  const ms = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(ms)) throw new TypeError('the credential has no valid validFrom');
  return Math.floor(ms / 1000);
};

/**
 * The SD-JWT VC claims of a credential: `iss` the issuer DID, `vct`, `iat`/`nbf` from `validFrom`,
 * `jti` the credential id, `sub` the subject id, `@context` the credential's, the subject's other
 * members at the top level, and the Bitstring Status List entry as `credentialStatus` (the IETF
 * `status` claim is for Token Status Lists, which we do not publish).
 */
export function sdJwtVcClaims(credential: Json): SdJwtVcPayload {
  const issuer = issuerIdOf(credential);
  if (!isUri(issuer)) throw new TypeError('the credential issuer must be a DID or URL');
  const subject = isObject(credential.credentialSubject) ? credential.credentialSubject : {};
  const { id: sub, type: _type, ...claims } = subject;
  const time = seconds(credential.validFrom);
  return {
    '@context': Array.isArray(credential['@context']) ? credential['@context'] : [...DPP_CREDENTIAL_CONTEXT],
    iss: issuer,
    vct: DPP_VCT,
    iat: time,
    nbf: time,
    ...(typeof credential.id === 'string' && { jti: credential.id }),
    ...(typeof sub === 'string' && { sub }),
    ...claims,
    ...(credential.credentialStatus !== undefined && { credentialStatus: credential.credentialStatus }),
  };
}

/** Claims the SD-JWT VC keeps in the clear whatever the tier: they say what the token is. */
const FIXED_CLAIMS = new Set(['@context', 'iss', 'vct', 'iat', 'nbf', 'jti', 'sub', 'credentialStatus']);

type Frame = { _sd?: (string | number)[]; [member: string]: unknown };

/**
 * The disclosure frame: an object member stays in clear when its pointer or a descendant's is
 * public, any other value only when it and everything in it is public (an array the public tier
 * shows shorter is a disclosure); an object under a disclosable member has disclosable members
 * too, so a holder can reveal one field of it. Arrays are disclosed whole.
 */
function frameOf(
  value: Json,
  prefix: string,
  isPublic: (pointer: string) => boolean,
  hasPublicBelow: (pointer: string) => boolean,
  top: boolean,
): Frame {
  const frame: Frame = {};
  const sd: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    if (top && FIXED_CLAIMS.has(key)) continue;
    const pointer = `${prefix}/${escapeSegment(key)}`;
    const clear = isObject(child)
      ? isPublic(pointer) || hasPublicBelow(pointer)
      : isPublic(pointer) && fieldPointers(child, pointer).every(isPublic);
    if (!clear) sd.push(key);
    if (isObject(child)) {
      const nested = frameOf(child, pointer, isPublic, hasPublicBelow, false);
      if (Object.keys(nested).length > 0) frame[key] = nested;
    }
  }
  if (sd.length > 0) frame._sd = sd;
  return frame;
}

/** Pointers into the credential (`/credentialSubject/…`) as pointers into the SD-JWT VC claims. */
function claimPointer(pointer: string): string | null {
  const prefix = '/credentialSubject';
  if (pointer === prefix) return '';
  return pointer.startsWith(`${prefix}/`) ? pointer.slice(prefix.length) : null;
}

export interface SdJwtVcIssueOptions {
  /**
   * JSON pointers into the credential of the fields the public tier shows (for instance
   * `fieldPointers(publicCredential)`); every other subject member becomes a disclosure.
   */
  publicFields: Iterable<string>;
}

type LibraryJwk = Parameters<typeof ES256.getSigner>[0];

async function instance(config: {
  signer?: CredentialSigningKey;
  verifierJwk?: JWK;
}): Promise<SDJwtVcInstance> {
  return new SDJwtVcInstance({
    hasher: digest,
    hashAlg: 'sha-256',
    saltGenerator: generateSalt,
    signAlg: ES256.alg,
    ...(config.signer && { signer: await ES256.getSigner(config.signer.privateJwk as LibraryJwk) }),
    ...(config.verifierJwk && { verifier: await ES256.getVerifier(config.verifierJwk as LibraryJwk) }),
  });
}

/** The issued SD-JWT VC (`<issuer-signed JWT>~<disclosure>~…~`), header typ dc+sd-jwt. */
export async function issueSdJwtVc(
  credential: object,
  key: CredentialSigningKey,
  options: SdJwtVcIssueOptions,
): Promise<string> {
  const claims = sdJwtVcClaims(credential as Json);
  const publicClaims = new Set<string>();
  for (const pointer of options.publicFields) {
    const mapped = claimPointer(pointer);
    if (mapped !== null) publicClaims.add(mapped);
  }
  const below = new Set<string>();
  for (const pointer of publicClaims) {
    const segments = pointerSegments(pointer);
    for (let length = 1; length < segments.length; length++) {
      below.add(`/${segments.slice(0, length).map(escapeSegment).join('/')}`);
    }
  }
  const frame = frameOf(
    claims,
    '',
    (p) => publicClaims.has(p),
    (p) => below.has(p),
    true,
  );
  return (await instance({ signer: key })).issue(claims, frame as never, {
    header: { typ: SD_JWT_VC_TYP, kid: verificationMethodId(claims.iss as string, key.kid) },
  });
}

/** The presentation frame showing `value` whole: every member, and every member below it. */
function wholeFrame(value: unknown): Json | true {
  if (!isObject(value)) return true;
  const frame: Json = {};
  for (const [key, child] of Object.entries(value)) frame[key] = wholeFrame(child);
  return Object.keys(frame).length > 0 ? frame : true;
}

/**
 * A presentation that keeps only the disclosures needed to show the fields at `disclose` (JSON
 * pointers into the SD-JWT VC claims, e.g. `/metadata/batteryCondition/stateOfHealth`): the field
 * whole, with the members leading to it. Unknown pointers disclose nothing. No key binding:
 * passports are not bound to a holder key.
 */
export async function presentSdJwtVc(token: string, disclose: Iterable<string>): Promise<string> {
  const sdJwt = await instance({});
  const claims = (await sdJwt.getClaims(token)) as Json;
  const frame: Json = {};
  for (const pointer of disclose) {
    const segments = pointerSegments(pointer);
    let node = frame;
    let value: unknown = claims;
    segments.forEach((segment, index) => {
      value = isObject(value) && Object.hasOwn(value, segment) ? value[segment] : undefined;
      if (value === undefined) return;
      if (index === segments.length - 1) node[segment] = wholeFrame(value);
      else {
        if (!isObject(node[segment])) node[segment] = {};
        node = node[segment] as Json;
      }
    });
  }
  return sdJwt.present(token, frame as never);
}

/** Every digest the payload and the disclosures reference (`_sd` members, `...` array elements). */
function referencedDigests(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 64 || typeof value !== 'object' || value === null) return out;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (isObject(item) && Object.keys(item).length === 1 && typeof item['...'] === 'string')
        out.push(item['...']);
      else referencedDigests(item, out, depth + 1);
    }
    return out;
  }
  for (const [key, child] of Object.entries(value)) {
    if (key === '_sd' && Array.isArray(child))
      out.push(...child.filter((d): d is string => typeof d === 'string'));
    else referencedDigests(child, out, depth + 1);
  }
  return out;
}

/**
 * RFC 9901 §7.1: every disclosure must be referenced by a digest in the signed payload or in another
 * disclosure, and no digest may appear twice. (The library skips unreferenced disclosures.)
 */
function unreferencedDisclosure(token: string): string | null {
  const [jwt, ...rest] = token.split('~');
  const disclosures = rest.filter(
    (part, index) => part !== '' && !(index === rest.length - 1 && part.includes('.')),
  );
  try {
    const payload = JSON.parse(Buffer.from((jwt ?? '').split('.')[1] ?? '', 'base64url').toString('utf8'));
    const referenced = referencedDigests(payload);
    for (const disclosure of disclosures) {
      referencedDigests(JSON.parse(Buffer.from(disclosure, 'base64url').toString('utf8')), referenced);
    }
    if (new Set(referenced).size !== referenced.length) return 'a digest appears more than once';
    const known = new Set(referenced);
    const digests = disclosures.map((d) => createHash('sha256').update(d).digest('base64url'));
    if (new Set(digests).size !== digests.length) return 'a disclosure appears more than once';
    return digests.every((digest) => known.has(digest))
      ? null
      : 'a disclosure is not referenced by any digest';
  } catch {
    return 'a disclosure is not base64url JSON';
  }
}

export interface VerifiedSdJwtVc {
  /** The processed claims: disclosed values in place, digests and `_sd_alg` removed. */
  claims: Json;
  header: Json;
}

/**
 * Verifies an SD-JWT VC (issued or presented): header typ dc+sd-jwt, the issuer key named by `kid`
 * (with `requireIssuerKey`, the default, it must belong to `iss`), the signature, and every
 * disclosure against its digest. Key binding JWTs are not checked: our credentials bind no holder.
 */
export async function verifySdJwtVc(
  token: string,
  resolveKey: KeyResolver,
  { requireIssuerKey = true }: { requireIssuerKey?: boolean } = {},
): Promise<Verification<VerifiedSdJwtVc>> {
  const jwt = token.split('~')[0] ?? '';
  let header: Json;
  try {
    header = decodeProtectedHeader(jwt) as Json;
  } catch {
    return fail('not an SD-JWT');
  }
  if (header.typ !== SD_JWT_VC_TYP) return fail(`typ is ${String(header.typ)}, not ${SD_JWT_VC_TYP}`);
  if (header.alg !== 'ES256') return fail(`algorithm ${String(header.alg)} is not accepted`);
  if (requireIssuerKey && typeof header.kid !== 'string') return fail('the header names no kid');
  const kid = typeof header.kid === 'string' ? header.kid : '';
  const jwk = resolveKey(kid);
  if (!jwk) return fail(`no assertion key ${kid}`);
  try {
    const result = await (await instance({ verifierJwk: jwk })).verify(token);
    const unreferenced = unreferencedDisclosure(token);
    if (unreferenced) return fail(unreferenced);
    const claims = result.payload as Json;
    if (requireIssuerKey && claims.iss !== didOf(kid)) return fail('the key does not belong to the issuer');
    return { ok: true, value: { claims, header } };
  } catch (error) {
    return fail(error instanceof Error ? error.message : 'the SD-JWT does not verify');
  }
}
