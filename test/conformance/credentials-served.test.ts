// The credentials the node serves on public resolution (not only those the domain builds) validate
// against the UNTP DPP JSON Schema of the release we target: passports in the public and owner
// tiers, as vc+jwt payloads and Data Integrity documents, and a unit's item-level credential.
import { createHash, createPublicKey, type JsonWebKey, verify } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import canonicalize from 'canonicalize';
import { base58btc } from 'multiformats/bases/base58';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNTP_DPP_VERSION } from '../../src/domain/credentials/untp.ts';
import { BASE_URL, bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { createFacility, createOperator, createPassport } from '../helpers/passports.ts';
import { createUnit } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { materialJson } from './material.ts';

const formats = formatsModule as unknown as FormatsPlugin & { default?: FormatsPlugin };
const addFormats: FormatsPlugin = formats.default ?? formats;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const RELEASE = `uncefact-untp-dpp-${UNTP_DPP_VERSION}`;
const validate = ajv.compile(
  materialJson<object>(RELEASE, 'data-models', 'untp-dpp', 'artefacts', 'untp-dpp-schema.json'),
);

function schemaErrors(credential: unknown) {
  return validate(credential) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const host = new URL(BASE_URL).host;

type Json = Record<string, unknown>;

/** The public JWK of an assertionMethod key in a DID document, found as a verifier would. */
function assertionJwk(didDocument: Json, methodId: string): JsonWebKey | null {
  const asserted = (didDocument.assertionMethod as unknown[]).includes(methodId);
  const method = (didDocument.verificationMethod as Json[]).find((m) => m.id === methodId);
  return asserted && method ? (method.publicKeyJwk as JsonWebKey) : null;
}

/**
 * ecdsa-jcs-2019 verification as the W3C Data Integrity ECDSA spec (section 3.3) words it, written
 * here from the spec and not with our code: hash JCS(proof options with the document's @context)
 * and JCS(document without proof), concatenate, verify the P-256 signature (r‖s, base58btc).
 */
function verifyEcdsaJcs(secured: Json, didDocument: Json): boolean {
  const { proof, ...document } = secured as Json & { proof: Json };
  const { proofValue, ...options } = proof;
  const sha256 = (value: unknown) =>
    createHash('sha256')
      .update(canonicalize(value) as string)
      .digest();
  const data = Buffer.concat([sha256({ ...options, '@context': document['@context'] }), sha256(document)]);
  const jwk = assertionJwk(didDocument, options.verificationMethod as string);
  if (!jwk || options.cryptosuite !== 'ecdsa-jcs-2019' || options.proofPurpose !== 'assertionMethod')
    return false;
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  return verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, base58btc.decode(proofValue as string));
}

/** A compact JWS (ES256) verified from its parts, with the key its header's kid names. */
function verifyEs256Jws(jws: string, didDocument: Json): boolean {
  const [header, payload, signature] = jws.split('.') as [string, string, string];
  const protectedHeader = JSON.parse(Buffer.from(header, 'base64url').toString()) as Json;
  if (protectedHeader.alg !== 'ES256' || protectedHeader.typ !== 'vc+jwt') return false;
  const jwk = assertionJwk(didDocument, protectedHeader.kid as string);
  if (!jwk) return false;
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  return verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
}

describe(`served credentials against the UNTP DPP ${UNTP_DPP_VERSION} schema`, () => {
  let workspace: TestWorkspace;
  let urls: string[];
  // A cold embedded store and its migrations: more than the suite's hook time on a busy machine.
  const app = useTestApp({}, 120_000);
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    const operator = await createOperator(app, workspace);
    const facility = await createFacility(app, workspace, { operatorId: operator.id });
    const passport = await createPassport(app, workspace.token, { facilityId: facility.id });
    const unit = await createUnit(app, workspace.token, passport.id);
    urls = [`/passport/${passport.id}`, `/unit/${unit.id}`];
  }, 60_000);

  const get = (url: string, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url, headers: { host, ...headers }, remoteAddress: randomIp() });

  it('validates every vc+jwt payload and Data Integrity document, public and owner, and verifies each from did.json', async () => {
    let checked = 0;
    for (const url of urls) {
      for (const tier of [{}, bearer(workspace.token)]) {
        const jwt = await get(url, { accept: 'application/vc+jwt', ...tier });
        expect(jwt.statusCode).toBe(200);
        const payload = JSON.parse(Buffer.from(jwt.body.split('.')[1] as string, 'base64url').toString());
        expect(schemaErrors(payload), `${url} vc+jwt`).toEqual([]);
        const ld = await get(url, { accept: 'application/vc+ld+json', ...tier });
        expect(ld.statusCode).toBe(200);
        const { proof: _proof, ...document } = ld.json();
        expect(schemaErrors(document), `${url} vc+ld+json`).toEqual([]);
        // Offline, from the DID document alone (its key made with the first credential), by
        // verifiers written from the specifications.
        const didDocument = (await get(`/tenants/${workspace.id}/did.json`, {})).json() as Json;
        expect(verifyEs256Jws(jwt.body, didDocument), `${url} vc+jwt signature`).toBe(true);
        expect(verifyEcdsaJcs(ld.json(), didDocument), `${url} vc+ld+json proof`).toBe(true);
        const tampered = { ...ld.json(), validFrom: '2000-01-01T00:00:00Z' };
        expect(verifyEcdsaJcs(tampered, didDocument)).toBe(false);
        checked += 2;
      }
    }
    expect(checked).toBe(8);
  });
});
