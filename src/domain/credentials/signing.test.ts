// The three signed forms of one passport credential, verified from the workspace's DID document
// alone; each refuses a token changed in any single byte.
import fc from 'fast-check';
import { CompactSign } from 'jose';
import { describe, expect, it } from 'vitest';
import { type AccessTier, SCHEMA_CATEGORIES, type SchemaCategory } from '../categories/types.ts';
import { generateSigningKey, privateKeyObject } from '../crypto/keys.ts';
import { tierView } from '../passports/tier-view.ts';
import { signDataIntegrity, verifyDataIntegrity } from './data-integrity.ts';
import { didDocument, didWebFor } from './did-web.ts';
import { buildDppCredential } from './dpp-credential.ts';
import { BASE_URL, passportDocument, TENANT_ID } from './fixtures.ts';
import { fieldPointers } from './json-pointer.ts';
import { credentialContextUrl } from './metadata-context.ts';
import { DPP_VCT, issueSdJwtVc, presentSdJwtVc, sdJwtVcClaims, verifySdJwtVc } from './sd-jwt-vc.ts';
import { envelopeVcJwt, signVcJwt, unwrapEnvelope, verifyVcJwt } from './vc-jwt.ts';
import { keysOfDidDocument } from './verification.ts';

const did = didWebFor(BASE_URL, TENANT_ID);
const retired = generateSigningKey('2025-01');
const key = generateSigningKey('2026-01');
const stranger = generateSigningKey('2026-01');
const resolve = keysOfDidDocument(
  didDocument({
    did,
    keys: [
      { kid: retired.kid, publicJwk: retired.publicJwk, active: false },
      { kid: key.kid, publicJwk: key.publicJwk, active: true },
    ],
    resolverUrl: BASE_URL,
  }),
);
const credential = buildDppCredential({
  passport: passportDocument('batteries'),
  tier: 'legitimate-interest',
  issuerDid: did,
  metadataContextUrl: credentialContextUrl(BASE_URL),
  statusEntry: { listUrl: `${BASE_URL}/tenants/${TENANT_ID}/status/revocation`, index: 3 },
  validFrom: '2026-03-02T10:00:00Z',
});

/** The token with the character at `index` replaced by another base64url character. */
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/**
 * The token with the base64url character at `index` changed in its top bit: the last character of
 * a segment may carry unused low bits, so a low-bit change could decode to the same bytes.
 */
const flip = (token: string, index: number) =>
  token.slice(0, index) + B64URL[B64URL.indexOf(token[index] as string) ^ 32] + token.slice(index + 1);

describe('vc+jwt', () => {
  it('signs ES256 with typ vc+jwt, cty vc and a kid in the DID document, and verifies', async () => {
    const jwt = await signVcJwt(credential, key);
    const result = await verifyVcJwt(jwt, resolve);
    expect(result.ok && result.value.header).toEqual({
      alg: 'ES256',
      typ: 'vc+jwt',
      cty: 'vc',
      kid: `${did}#2026-01`,
    });
    expect(result.ok && result.value.credential).toEqual(credential);
    expect(unwrapEnvelope(envelopeVcJwt(jwt))).toBe(jwt);
  });

  it('still verifies under a rotated key that stays listed', async () => {
    expect((await verifyVcJwt(await signVcJwt(credential, retired), resolve)).ok).toBe(true);
  });

  it('refuses a key the DID document does not list, and a token changed in any one character', async () => {
    expect((await verifyVcJwt(await signVcJwt(credential, stranger), resolve)).ok).toBe(false);
    const jwt = await signVcJwt(credential, key);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: jwt.length - 1 }), async (index) => {
        fc.pre(jwt[index] !== '.');
        expect((await verifyVcJwt(flip(jwt, index), resolve)).ok).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a credential whose issuer is not the owner of the key that signed it', async () => {
    const other = { ...credential, issuer: { ...credential.issuer, id: 'did:web:other.example' } };
    const forged = await new CompactSign(new TextEncoder().encode(JSON.stringify(other)))
      .setProtectedHeader({ alg: 'ES256', typ: 'vc+jwt', cty: 'vc', kid: `${did}#2026-01` })
      .sign(privateKeyObject(key.privateJwk));
    expect(await verifyVcJwt(forged, resolve)).toEqual({
      ok: false,
      reason: 'the key does not belong to the issuer',
    });
    // Signed the ordinary way, its kid names the other DID, whose keys this document does not hold.
    expect((await verifyVcJwt(await signVcJwt(other, key), resolve)).ok).toBe(false);
  });
});

describe('Data Integrity ecdsa-jcs-2019', () => {
  const secured = signDataIntegrity(credential, key, { created: '2026-03-02T10:00:00Z' });

  it('embeds an assertionMethod proof named by the workspace key, and verifies', () => {
    expect(secured.proof).toMatchObject({
      type: 'DataIntegrityProof',
      cryptosuite: 'ecdsa-jcs-2019',
      created: '2026-03-02T10:00:00Z',
      verificationMethod: `${did}#2026-01`,
      proofPurpose: 'assertionMethod',
    });
    expect(secured.proof.proofValue).toMatch(/^z[1-9A-HJ-NP-Za-km-z]{80,90}$/);
    expect(verifyDataIntegrity(secured, resolve)).toEqual({ ok: true, value: credential });
  });

  it('is insensitive to member order (JCS) but refuses any changed value', () => {
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(secured).reverse())));
    expect(verifyDataIntegrity(reordered, resolve).ok).toBe(true);
    const text = JSON.stringify(secured);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: text.length - 1 }), (index) => {
        const changed = text.slice(0, index) + (text[index] === '1' ? '2' : '1') + text.slice(index + 1);
        let parsed: unknown;
        try {
          parsed = JSON.parse(changed);
        } catch {
          return;
        }
        expect(verifyDataIntegrity(parsed, resolve).ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a second proof, other purposes and unknown keys', () => {
    expect(() => signDataIntegrity(secured, key)).toThrow(TypeError);
    const purpose = { ...secured, proof: { ...secured.proof, proofPurpose: 'authentication' } };
    expect(verifyDataIntegrity(purpose, resolve).ok).toBe(false);
    expect(verifyDataIntegrity(signDataIntegrity(credential, stranger), resolve).ok).toBe(false);
  });
});

describe('SD-JWT VC', () => {
  const publicView = structuredClone(credential);
  const metadata = publicView.credentialSubject.metadata as Record<string, Record<string, unknown>>;
  delete metadata.batteryCondition;
  delete metadata.circularity?.dismantlingInformation;

  it('keeps the public fields in clear and hides the rest behind disclosures', async () => {
    const token = await issueSdJwtVc(credential, key, { publicFields: fieldPointers(publicView) });
    const [jwt] = token.split('~');
    const [header, payload] = (jwt as string)
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'ES256', typ: 'dc+sd-jwt', kid: `${did}#2026-01` });
    expect(payload).toMatchObject({
      iss: did,
      vct: DPP_VCT,
      iat: 1772445600,
      nbf: 1772445600,
      jti: credential.id,
      sub: credential.credentialSubject.id,
      credentialStatus: credential.credentialStatus,
      product: { name: 'VoltPack 75 NMC' },
    });
    expect(payload.metadata.batteryCondition).toBeUndefined();
    expect(payload.metadata.circularity.dismantlingInformation).toBeUndefined();
    expect(payload.metadata.circularity._sd).toHaveLength(1);
  });

  it('hides an array the public tier shows shorter (no restricted item leaks in clear)', async () => {
    const materials = credential.credentialSubject.materialsProvenance ?? [];
    expect(materials.length).toBeGreaterThan(1);
    const shorter = structuredClone(publicView);
    shorter.credentialSubject.materialsProvenance = materials.slice(-1);
    const token = await issueSdJwtVc(credential, key, { publicFields: fieldPointers(shorter) });
    const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    expect(payload.materialsProvenance).toBeUndefined();
    const whole = await verifySdJwtVc(token, resolve);
    expect(whole.ok && whole.value.claims.materialsProvenance).toEqual(materials);
  });

  it('verifies whole, and a holder-chosen subset verifies and shows just that', async () => {
    const token = await issueSdJwtVc(credential, key, { publicFields: fieldPointers(publicView) });
    const whole = await verifySdJwtVc(token, resolve);
    expect(whole.ok && (whole.value.claims.metadata as Record<string, unknown>).batteryCondition).toEqual(
      (credential.credentialSubject.metadata as Record<string, unknown>).batteryCondition,
    );
    const subset = await presentSdJwtVc(token, [
      '/metadata/circularity/dismantlingInformation/numberOfCells',
      '/nope',
    ]);
    expect(subset.split('~').length).toBeLessThan(token.split('~').length);
    const shown = await verifySdJwtVc(subset, resolve);
    expect(shown.ok).toBe(true);
    const claims = shown.ok ? (shown.value.claims.metadata as Record<string, Record<string, unknown>>) : {};
    expect(claims.circularity?.dismantlingInformation).toEqual({ numberOfCells: expect.any(Number) });
    expect(claims.batteryCondition).toBeUndefined();
  });

  it('refuses a changed disclosure, a changed signature and another key', async () => {
    const token = await issueSdJwtVc(credential, key, { publicFields: fieldPointers(publicView) });
    const parts = token.split('~');
    parts[1] = flip(parts[1] as string, 4);
    expect((await verifySdJwtVc(parts.join('~'), resolve)).ok).toBe(false);
    const jwt = token.split('~')[0] as string;
    const signatureAt = jwt.lastIndexOf('.') + 5;
    expect((await verifySdJwtVc(flip(token, signatureAt), resolve)).ok).toBe(false);
    const extra = Buffer.from(JSON.stringify(['c2FsdA', 'batteryStatus', 'REPURPOSED'])).toString(
      'base64url',
    );
    expect(await verifySdJwtVc(`${token}${extra}~`, resolve)).toEqual({
      ok: false,
      reason: 'a disclosure is not referenced by any digest',
    });
    const [first, second] = token.split('~');
    expect((await verifySdJwtVc(`${first}~${second}~${second}~`, resolve)).ok).toBe(false);
    const foreign = await issueSdJwtVc(credential, stranger, { publicFields: [] });
    expect((await verifySdJwtVc(foreign, resolve)).ok).toBe(false);
  });
});

describe('SD-JWT VC over real tier views', () => {
  const LIST = `${BASE_URL}/tenants/${TENANT_ID}/status/revocation`;
  const credentialFor = (category: SchemaCategory, tier: AccessTier) =>
    buildDppCredential({
      passport: tierView(passportDocument(category), tier, {
        requestAccessUrl: `${BASE_URL}/request-access/x`,
      }) as never,
      tier,
      issuerDid: did,
      metadataContextUrl: credentialContextUrl(BASE_URL),
      statusEntry: { listUrl: LIST, index: 8 },
      validFrom: '2026-03-02T10:00:00Z',
    });

  /** Pointers of what a token shows without any disclosure (digests and `_sd_alg` left out). */
  function clearPointers(token: string): string[] {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    const strip = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(strip);
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== '_sd' && key !== '_sd_alg')
          .map(([key, child]) => [key, strip(child)]),
      );
    };
    return fieldPointers(strip(payload));
  }

  it.each([...SCHEMA_CATEGORIES])(
    'a %s token shows in clear only what the public tier shows',
    async (category) => {
      const full = credentialFor(category, 'authority');
      const publicCredential = credentialFor(category, 'public');
      const token = await issueSdJwtVc(full, key, { publicFields: fieldPointers(publicCredential) });
      const allowed = new Set(fieldPointers(sdJwtVcClaims(publicCredential as never)));
      const leaked = clearPointers(token).filter(
        (pointer) => !allowed.has(pointer) && !pointer.startsWith('/jti'),
      );
      expect(leaked).toEqual([]);
      const verified = await verifySdJwtVc(token, resolve);
      expect(verified.ok && verified.value.claims).toEqual(sdJwtVcClaims(full as never));
    },
  );
});
