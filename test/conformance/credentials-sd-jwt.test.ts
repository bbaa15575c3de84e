// SD-JWT VC (application/dc+sd-jwt) against the examples of the IETF draft: the issued and
// presented tokens verify with the example issuer key, a presentation's processed payload is the
// draft's, a changed disclosure is refused. Then our own passport tokens, checked by hand from the
// RFC 9901 rules: every disclosure digest is in the signed payload, and only the public fields are
// readable without disclosures.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { didDocument, didWebFor } from '../../src/domain/credentials/did-web.ts';
import { buildDppCredential } from '../../src/domain/credentials/dpp-credential.ts';
import { BASE_URL, passportDocument, TENANT_ID } from '../../src/domain/credentials/fixtures.ts';
import { fieldPointers } from '../../src/domain/credentials/json-pointer.ts';
import { credentialContextUrl } from '../../src/domain/credentials/metadata-context.ts';
import { issueSdJwtVc, presentSdJwtVc, verifySdJwtVc } from '../../src/domain/credentials/sd-jwt-vc.ts';
import { keysOfDidDocument } from '../../src/domain/credentials/verification.ts';
import { generateSigningKey } from '../../src/domain/crypto/keys.ts';
import { material, materialJson } from './material.ts';

type Json = Record<string, unknown>;
const DIR = 'ietf-sd-jwt-vc';
const token = (name: string) => readFileSync(material(DIR, name), 'utf8').trim();

/** The issuer key of the examples (settings file: `issuer_key`), read without a YAML parser. */
function issuerKey(): Json {
  const settings = readFileSync(material(DIR, 'examples-settings.yml'), 'utf8');
  const block = settings.split('issuer_key:')[1]?.split('holder_key:')[0] ?? '';
  const member = (name: string) => new RegExp(`\\b${name}: (\\S+)`).exec(block)?.[1];
  return { kty: 'EC', crv: 'P-256', x: member('x'), y: member('y') };
}

const withoutSd = (claims: Json): Json => {
  const { _sd_alg: _alg, ...rest } = claims;
  return rest;
};

describe('IETF SD-JWT VC draft examples', () => {
  const key = issuerKey();
  const anyKid = () => key;

  it.each([['fig07-sd-jwt-vc-issued.txt'], ['figA1-24-pid-issued-sd-jwt.txt']])(
    '%s verifies with the example issuer key',
    async (file) => {
      const result = await verifySdJwtVc(token(file), anyKid, { requireIssuerKey: false });
      expect(result.ok).toBe(true);
    },
  );

  it.each([
    ['fig08-presented-sd-jwt-kb.txt', 'fig09-verified-payload.json'],
    ['fig10-presented-sd-jwt-no-kb.txt', 'fig11-processed-payload.json'],
    ['figA1-26-pid-presented-sd-jwt-kb.txt', 'figA1-28-pid-processed-payload.json'],
  ])('%s gives the processed payload of %s', async (file, expected) => {
    const result = await verifySdJwtVc(token(file), anyKid, { requireIssuerKey: false });
    expect(result.ok && withoutSd(result.value.claims)).toEqual(materialJson(DIR, expected));
  });

  it('refuses a presentation whose disclosure changed by one character', async () => {
    const parts = token('fig10-presented-sd-jwt-no-kb.txt').split('~');
    const disclosure = parts[1] as string;
    parts[1] = disclosure.slice(0, 5) + (disclosure[5] === 'A' ? 'B' : 'A') + disclosure.slice(6);
    expect((await verifySdJwtVc(parts.join('~'), anyKid, { requireIssuerKey: false })).ok).toBe(false);
  });

  it('refuses a presentation carrying a well-formed disclosure the issuer never signed (RFC 9901 §7.1)', async () => {
    const forged = Buffer.from(JSON.stringify(['c2FsdA', 'is_over_21', true])).toString('base64url');
    const presented = `${token('fig10-presented-sd-jwt-no-kb.txt')}${forged}~`;
    expect(await verifySdJwtVc(presented, anyKid, { requireIssuerKey: false })).toEqual({
      ok: false,
      reason: 'a disclosure is not referenced by any digest',
    });
  });

  it('refuses the examples under another key', async () => {
    const other = generateSigningKey('x').publicJwk;
    expect(
      (
        await verifySdJwtVc(token('fig07-sd-jwt-vc-issued.txt'), () => ({ ...other }), {
          requireIssuerKey: false,
        })
      ).ok,
    ).toBe(false);
  });
});

describe('our passport SD-JWT VC under the RFC 9901 rules', () => {
  const key = generateSigningKey('2026-03');
  const did = didWebFor(BASE_URL, TENANT_ID);
  const resolve = keysOfDidDocument(
    didDocument({
      did,
      keys: [{ kid: key.kid, publicJwk: key.publicJwk, active: true }],
      resolverUrl: BASE_URL,
    }),
  );
  const input = {
    issuerDid: did,
    metadataContextUrl: credentialContextUrl(BASE_URL),
    statusEntry: { listUrl: `${BASE_URL}/tenants/${TENANT_ID}/status/revocation`, index: 11 },
    validFrom: '2026-03-02T10:00:00Z',
  };
  const full = buildDppCredential({
    ...input,
    passport: passportDocument('batteries'),
    tier: 'legitimate-interest',
  });
  const publicView = structuredClone(full);
  const metadata = publicView.credentialSubject.metadata as Json;
  delete metadata.batteryCondition;
  delete (metadata.generalInformation as Json).batteryStatus;

  it('every disclosure digest is in the signed payload, and the public view reads without disclosures', async () => {
    const issued = await issueSdJwtVc(full, key, { publicFields: fieldPointers(publicView) });
    const [jwt, ...disclosures] = issued.split('~');
    const payload = JSON.parse(
      Buffer.from((jwt as string).split('.')[1] as string, 'base64url').toString(),
    ) as Json;
    const header = JSON.parse(
      Buffer.from((jwt as string).split('.')[0] as string, 'base64url').toString(),
    ) as Json;
    expect(header).toEqual({ alg: 'ES256', typ: 'dc+sd-jwt', kid: `${did}#2026-03` });
    expect(payload._sd_alg).toBe('sha-256');
    const digests = JSON.stringify(payload);
    const used = disclosures.filter((d) => d !== '');
    expect(used.length).toBeGreaterThan(0);
    for (const disclosure of used) {
      const digest = createHash('sha256').update(disclosure).digest('base64url');
      // A digest sits in the payload or inside another disclosure (recursive disclosures).
      const inside =
        digests.includes(digest) || used.some((d) => Buffer.from(d, 'base64url').toString().includes(digest));
      expect(inside).toBe(true);
    }
    const clearMetadata = payload.metadata as Json;
    expect(clearMetadata.batteryCondition).toBeUndefined();
    expect((clearMetadata.generalInformation as Json).batteryModel).toBe('VoltPack 75 NMC');
    expect((clearMetadata.generalInformation as Json).batteryStatus).toBeUndefined();
  });

  it('a holder-chosen disclosure set verifies and reveals only what was chosen', async () => {
    const issued = await issueSdJwtVc(full, key, { publicFields: fieldPointers(publicView) });
    const presented = await presentSdJwtVc(issued, ['/metadata/batteryCondition/stateOfHealth']);
    const result = await verifySdJwtVc(presented, resolve);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const shown = result.value.claims.metadata as Json;
    expect(Object.keys(shown.batteryCondition as Json)).toEqual(['stateOfHealth']);
    expect((shown.generalInformation as Json).batteryStatus).toBeUndefined();
  });
});
