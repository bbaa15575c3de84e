// RFC 3161 against a real TSA: OpenSSL's `ts -reply` behind a loopback server (test/helpers/tsa.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readTimestampResponse,
  requestTimestamp,
  TimestampError,
  timestampRequest,
  verifyTimestampToken,
} from '../../src/domain/crypto/rfc3161.ts';
import { startTestTsa, type TestTsa } from '../helpers/tsa.ts';

let tsa: TestTsa;
let otherTsa: TestTsa;
beforeAll(async () => {
  [tsa, otherTsa] = await Promise.all([startTestTsa(), startTestTsa()]);
});
afterAll(async () => {
  await Promise.all([tsa?.close(), otherTsa?.close()]);
});

async function post(url: string, der: Uint8Array): Promise<Uint8Array> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: der,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/timestamp-reply');
  return new Uint8Array(await response.arrayBuffer());
}

/** The same DER with one byte of the signer's signature changed. */
function withFlippedSignature(tokenDer: Buffer): Buffer {
  const contentInfo = pkijs.ContentInfo.fromBER(tokenDer);
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const signature = Buffer.from(
    (signedData.signerInfos[0] as pkijs.SignerInfo).signature.valueBlock.valueHexView,
  );
  const at = tokenDer.indexOf(signature);
  expect(at).toBeGreaterThan(0);
  const copy = Buffer.from(tokenDer);
  copy[at + signature.length - 1] = (copy[at + signature.length - 1] as number) ^ 1;
  return copy;
}

describe('TimeStampReq', () => {
  it('asks for a SHA-256 imprint with a 64-bit nonce and the TSA certificate', async () => {
    const data = Buffer.from('signature bytes');
    const request = timestampRequest(data);
    const parsed = pkijs.TimeStampReq.fromBER(request.der);
    expect(parsed.version).toBe(1);
    expect(parsed.messageImprint.hashAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.2.1');
    expect(Buffer.from(parsed.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(request.digest);
    expect(parsed.certReq).toBe(true);
    expect(parsed.nonce?.toBigInt()).toBe(request.nonce);
    expect(request.nonce).toBeLessThan(2n ** 64n);
    expect(timestampRequest(data).nonce).not.toBe(request.nonce);

    // OpenSSL reads it the same way.
    const dir = await mkdtemp(join(tmpdir(), 'opendpp-tsq-'));
    try {
      await writeFile(join(dir, 'q.tsq'), request.der);
      const { stdout } = await promisify(execFile)('openssl', [
        'ts',
        '-query',
        '-in',
        join(dir, 'q.tsq'),
        '-text',
      ]);
      expect(stdout).toMatch(/Hash Algorithm: sha256/);
      expect(stdout).toMatch(/Certificate required: yes/);
      const firstBytes = [...request.digest.subarray(0, 8)]
        .map((b) => b.toString(16).padStart(2, '0'))
        .join(' ');
      expect(stdout).toContain(`0000 - ${firstBytes}`);
      expect(stdout).toMatch(new RegExp(`Nonce: 0x0*${request.nonce.toString(16).toUpperCase()}\\n`));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('RFC 3161 round trip with openssl ts', () => {
  it('gets a token over the data, with genTime, nonce and the TSA chain, and verifies it later', async () => {
    const data = Buffer.from('an ES256 signature, 64 bytes in real seals');
    const before = Date.now();
    const result = await requestTimestamp(data, (der) => post(tsa.url, der));
    expect(Date.parse(result.genTime)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(Date.parse(result.genTime)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(result.tsaCertificates[0]).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(result.tsaCertificates).toContain(tsa.caCertificatePem.replace(/\r/g, ''));

    const token = Buffer.from(result.token, 'base64');
    const check = await verifyTimestampToken(token, data, { trustAnchors: [tsa.caCertificatePem] });
    expect(check).toMatchObject({ ok: true, reasons: [], genTime: new Date(result.genTime) });
  });

  it('fails for other data, a changed signature byte, and a TSA that is not trusted', async () => {
    const data = Buffer.from('sealed');
    const token = Buffer.from((await requestTimestamp(data, (der) => post(tsa.url, der))).token, 'base64');
    expect((await verifyTimestampToken(token, Buffer.from('other'))).reasons).toEqual([
      'The timestamp is over other data: its message imprint differs.',
    ]);
    expect((await verifyTimestampToken(withFlippedSignature(token), data)).reasons).toEqual([
      'The timestamp token signature does not verify.',
    ]);
    const foreign = await verifyTimestampToken(token, data, { trustAnchors: [otherTsa.caCertificatePem] });
    expect(foreign.ok).toBe(false);
    expect(foreign.reasons[0]).toMatch(/^The TSA certificate is not trusted/);
    expect((await verifyTimestampToken(Buffer.from('garbage'), data)).ok).toBe(false);
  });

  it('refuses an answer to another request (nonce) or over other data (imprint)', async () => {
    const data = Buffer.from('sealed');
    const request = timestampRequest(data);
    const answer = await post(tsa.url, request.der);
    await expect(readTimestampResponse(answer, { data, nonce: request.nonce + 1n })).rejects.toThrow(
      'The timestamp nonce differs from the request nonce.',
    );
    await expect(
      readTimestampResponse(answer, { data: Buffer.from('x'), nonce: request.nonce }),
    ).rejects.toThrow(/message imprint differs/);
    expect((await readTimestampResponse(answer, { data, nonce: request.nonce })).genTime).toMatch(/Z$/);
  });

  it('reports a refusal with its status', async () => {
    // SHA-1 is not among the digests the test TSA accepts.
    const refused = new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({
          algorithmId: '1.3.14.3.2.26',
          algorithmParams: new asn1js.Null(),
        }),
        hashedMessage: new asn1js.OctetString({ valueHex: new Uint8Array(20).buffer }),
      }),
      certReq: true,
    });
    const answer = await post(tsa.url, new Uint8Array(refused.toSchema().toBER(false)));
    const error = await readTimestampResponse(answer, { data: Buffer.alloc(0) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimestampError);
    expect((error as Error).message).toMatch(/^The TSA refused the request \(status 2/);
    await expect(readTimestampResponse(Buffer.from('not DER'), { data: Buffer.alloc(0) })).rejects.toThrow(
      'The TSA answer is not a TimeStampResp.',
    );
  });
});
