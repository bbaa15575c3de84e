// The OpenWallet Foundation SD-JWT round-trip cases: each case's claims are issued with its `!sd`
// marks (by the SD-JWT library, as another issuer would), presented with the holder's choice, and
// our verifier must give exactly the claims the case expects. Cases in the JSON serialisation or
// with holder key binding are outside our form (compact, no holder binding) and are listed apart.
import { readdirSync, readFileSync } from 'node:fs';
import { digest, ES256, generateSalt } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, type Node, parse, parseDocument } from 'yaml';
import { verifySdJwtVc } from '../../src/domain/credentials/sd-jwt-vc.ts';
import { material } from './material.ts';

type Json = Record<string, unknown>;
type Frame = Record<string, unknown> & { _sd?: (string | number)[] };
const DIR = material('owf-sd-jwt-python-testcases', 'tests', 'testcases');
const OUTSIDE_OUR_FORM = ['json_serialization_flattened', 'json_serialization_general', 'key_binding'];

/** Claims and the library's disclosure frame from a YAML node whose `!sd` tags mark disclosures. */
function claimsAndFrame(node: Node | null): { value: unknown; frame?: Frame } {
  if (isMap(node)) {
    const value: Json = {};
    const sd: string[] = [];
    const frame: Frame = {};
    for (const pair of node.items) {
      const keyNode = pair.key as Node;
      const key = String(isScalar(keyNode) ? keyNode.value : keyNode);
      const child = claimsAndFrame(pair.value as Node);
      value[key] = child.value;
      if (keyNode.tag === '!sd') sd.push(key);
      if (child.frame) frame[key] = child.frame;
    }
    if (sd.length > 0) frame._sd = sd;
    return { value, frame: Object.keys(frame).length > 0 ? frame : undefined };
  }
  if (isSeq(node)) {
    const value: unknown[] = [];
    const sd: number[] = [];
    const frame: Frame = {};
    node.items.forEach((item, index) => {
      const child = claimsAndFrame(item as Node);
      value.push(child.value);
      if ((item as Node).tag === '!sd') sd.push(index);
      if (child.frame) frame[index] = child.frame;
    });
    if (sd.length > 0) frame._sd = sd;
    return { value, frame: Object.keys(frame).length > 0 ? frame : undefined };
  }
  if (isScalar(node)) {
    // A tagged scalar keeps its source text; read it again untagged for its YAML type.
    return { value: node.tag === '!sd' && typeof node.source === 'string' ? parse(node.source) : node.value };
  }
  return { value: null };
}

/** The library's presentation frame from the case's `holder_disclosed_claims`. */
function presentationFrame(disclosed: unknown): unknown {
  if (disclosed === true) return true;
  if (Array.isArray(disclosed) || (typeof disclosed === 'object' && disclosed !== null)) {
    const frame: Json = {};
    for (const [key, value] of Object.entries(disclosed)) {
      if (value === false || value === null || value === 'None') continue;
      frame[key] = presentationFrame(value);
    }
    return frame;
  }
  return undefined;
}

const settings = parse(readFileSync(`${DIR}/settings.yml`, 'utf8'));
const issuerJwk = settings.key_settings.issuer_keys[0];
const { d: _d, ...issuerPublicJwk } = issuerJwk;
const cases = readdirSync(DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('OWF SD-JWT test cases through our verifier', () => {
  it('has the cases the material describes', () => {
    expect(cases).toHaveLength(17);
  });

  it.each(cases.filter((name) => !OUTSIDE_OUR_FORM.includes(name)))('%s', async (name) => {
    const text = readFileSync(`${DIR}/${name}/specification.yml`, 'utf8');
    const spec = parse(text, {
      customTags: [{ tag: '!sd', resolve: (value: string) => value }],
      logLevel: 'error',
    });
    const document = parseDocument(text, {
      customTags: [{ tag: '!sd', resolve: (value: string) => value }],
      logLevel: 'error',
    });
    const claimsNode = (document.contents as { get: (key: string, keep: boolean) => Node }).get(
      'user_claims',
      true,
    );
    const { value: userClaims, frame } = claimsAndFrame(claimsNode);
    const issuer = new SDJwtVcInstance({
      hasher: digest,
      hashAlg: 'sha-256',
      saltGenerator: generateSalt,
      signAlg: ES256.alg,
      signer: await ES256.getSigner(issuerJwk),
    });
    const payload = {
      iss: settings.identifiers.issuer,
      iat: settings.iat,
      exp: settings.exp,
      vct: 'https://example.com/testcase',
      ...(userClaims as Json),
    };
    const issued = await issuer.issue(payload, (frame ?? {}) as never, {
      header: { typ: 'dc+sd-jwt', ...(spec.extra_header_parameters ?? {}) },
    });
    const presented = await issuer.present(
      issued,
      presentationFrame(spec.holder_disclosed_claims ?? {}) as never,
    );
    const result = await verifySdJwtVc(presented, () => issuerPublicJwk, { requireIssuerKey: false });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { iss, iat, exp, vct, _sd_alg, ...verified } = result.value.claims;
    expect({ iss, iat, exp, vct }).toEqual({
      iss: payload.iss,
      iat: payload.iat,
      exp: payload.exp,
      vct: payload.vct,
    });
    expect(verified).toEqual(spec.expect_verified_user_claims);
  });
});
