// RFC 3161 responses made by another implementation (sigstore's test TSA and its production TSA),
// read by our client: a granted response with its chain, and a token that carries no certificate.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { pemBlocks, toPem } from '../../src/domain/crypto/pem.ts';
import { readTimestampResponse, verifyTimestampToken } from '../../src/domain/crypto/rfc3161.ts';
import { material, materialJson } from './material.ts';

const DIR = 'rfc3161-sigstore-python';
const response = readFileSync(material(DIR, 'DERIVED-bundle.txt.sigstore.rfc3161-TimeStampResp.der'));
const bundle = materialJson<{ messageSignature: { signature: string } }>(
  DIR,
  'test/assets/tsa/bundle.txt.sigstore',
);
const signature = Buffer.from(bundle.messageSignature.signature, 'base64');
const chain = readFileSync(material(DIR, 'DERIVED-ca.json-chain.pem'), 'utf8');
const [leafDer, intermediateDer, rootDer] = pemBlocks(chain) as [Buffer, Buffer, Buffer];
const root = toPem(rootDer);
const intermediate = toPem(intermediateDer);

const noCertResponse = readFileSync(material(DIR, 'test/assets/tsa/issue1482-timestamp-with-no-cert'));
const noCertMessage = readFileSync(material(DIR, 'test/assets/tsa/issue1482-message'));

/** The TimeStampToken (ContentInfo) of a TimeStampResp, as its own bytes. */
function tokenOf(responseDer: Buffer): Buffer {
  const parsed = pkijs.TimeStampResp.fromBER(responseDer);
  const token = Buffer.from(parsed.timeStampToken?.toSchema().toBER(false) ?? new ArrayBuffer(0));
  expect(token.length).toBeGreaterThan(0);
  return token;
}

function flipSignatureByte(tokenDer: Buffer): Buffer {
  const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(tokenDer).content });
  const bytes = Buffer.from(
    (signedData.signerInfos[0] as pkijs.SignerInfo).signature.valueBlock.valueHexView,
  );
  const at = tokenDer.indexOf(bytes);
  const copy = Buffer.from(tokenDer);
  copy[at + 10] = (copy[at + 10] as number) ^ 0x40;
  return copy;
}

describe('sigstore test TSA response (granted, SHA-256, ECDSA P-256 chain of three)', () => {
  it('is the imprint SOURCE.md names', () => {
    expect(createHash('sha256').update(signature).digest('hex')).toBe(
      '1767f1866264de4cb39940c60619fc90421852f212b918438ee56d37b8ed285b',
    );
  });

  it('reads as granted, over the signature, with genTime and the TSA certificate', async () => {
    const result = await readTimestampResponse(response, {
      data: signature,
      trustAnchors: [root],
      intermediates: [intermediate],
    });
    expect(result.genTime).toBe('2024-10-31T10:23:39.000Z');
    expect(result.tsaCertificates).toHaveLength(1);
    expect(pemBlocks(result.tsaCertificates[0] as string)[0]).toEqual(leafDer);
    const token = Buffer.from(result.token, 'base64');
    expect(token).toEqual(tokenOf(response));
  });

  it('verifies the stored token later, against the chain, and reports its nonce and policy', async () => {
    const check = await verifyTimestampToken(tokenOf(response), signature, {
      trustAnchors: [root],
      intermediates: [chain],
    });
    expect(check.ok).toBe(true);
    expect(check.policy).toBe('1.3.6.1.4.1.57264.2');
    expect(check.nonce?.toString(16).toUpperCase()).toMatch(/^374F03DD/);
  });

  it('fails over other data, with one signature byte changed, and without a path to the trusted root', async () => {
    const token = tokenOf(response);
    const other = Buffer.from(signature);
    other[0] = (other[0] as number) ^ 1;
    expect((await verifyTimestampToken(token, other)).reasons).toEqual([
      'The timestamp is over other data: its message imprint differs.',
    ]);
    expect((await verifyTimestampToken(flipSignatureByte(token), signature)).reasons).toEqual([
      'The timestamp token signature does not verify.',
    ]);
    const untrusted = await verifyTimestampToken(token, signature, { trustAnchors: [intermediate] });
    expect(untrusted.ok).toBe(true); // the intermediate is a CA: trusting it is enough
    const pinned = await verifyTimestampToken(token, signature, { trustAnchors: [toPem(leafDer)] });
    expect(pinned.ok).toBe(true); // the TSA certificate itself, pinned
    const withoutChain = await verifyTimestampToken(token, signature, { trustAnchors: [root] });
    expect(withoutChain.ok).toBe(false);
    expect(withoutChain.reasons[0]).toMatch(
      /^The TSA certificate is not trusted: no trusted issuer was found/,
    );
  });
});

describe('sigstore production TSA token without certificates (upstream issue 1482)', () => {
  it('is over the message, and cannot be verified without the TSA certificate: said, not thrown', async () => {
    const token = tokenOf(noCertResponse);
    const check = await verifyTimestampToken(token, noCertMessage);
    expect(check.ok).toBe(false);
    expect(check.reasons).toEqual([
      'The timestamp token carries no TSA certificate, so its signature cannot be checked.',
    ]);
    expect(check.genTime?.toISOString()).toBe('2025-07-25T19:53:04.000Z');
    await expect(readTimestampResponse(noCertResponse, { data: noCertMessage })).rejects.toThrow(
      'The timestamp token carries no TSA certificate, so its signature cannot be checked.',
    );
    expect((await verifyTimestampToken(token, Buffer.from('other'))).reasons).toContain(
      'The timestamp is over other data: its message imprint differs.',
    );
  });
});
