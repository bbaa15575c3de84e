// Seals with an RFC 3161 timestamp from a real TSA (openssl ts behind a loopback server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestTimestamp } from '../../src/domain/crypto/rfc3161.ts';
import { sealFixture } from '../../src/domain/seal/fixtures.ts';
import { sealDocument } from '../../src/domain/seal/seal.ts';
import { verifySealedDocument } from '../../src/domain/seal/verify.ts';
import { startTestTsa, type TestTsa } from '../helpers/tsa.ts';

const { ca, key, certificatePem } = await sealFixture();
let tsa: TestTsa;
let otherTsa: TestTsa;
beforeAll(async () => {
  [tsa, otherTsa] = await Promise.all([startTestTsa(), startTestTsa()]);
});
afterAll(async () => {
  await Promise.all([tsa?.close(), otherTsa?.close()]);
});

const post = async (der: Uint8Array) => {
  const response = await fetch(tsa.url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: der,
  });
  return new Uint8Array(await response.arrayBuffer());
};

async function sealed(sealedAt = new Date()) {
  const document = { id: 'p-1', name: 'cell', capacityAh: 71.5 };
  const fields = await sealDocument(document, {
    passportId: 'p-1',
    version: 2,
    sealedAt,
    key,
    certificatePem,
    timestamp: (bytes) => requestTimestamp(bytes, post),
  });
  return { ...document, ...fields };
}

const caCertificatePem = ca.certificatePem;

describe('timestamped seals', () => {
  it('carry a granted token over the signature that verifies, also against the TSA root', async () => {
    const document = await sealed();
    expect(document.digitalSeal.timestampStatus).toBe('granted');
    expect(document.digitalSeal.timestamp).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      genTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
      tsaCertificates: [expect.stringMatching(/^-----BEGIN CERTIFICATE-----/), tsa.caCertificatePem],
    });
    const expected = {
      valid: true,
      checks: { merkleRoot: true, signature: true, certificateChain: true, timestamp: true },
      reasons: [],
    };
    expect(await verifySealedDocument(document, { caCertificatePem })).toEqual(expected);
    expect(
      await verifySealedDocument(document, { caCertificatePem, tsaTrustAnchors: [tsa.caCertificatePem] }),
    ).toEqual(expected);
  });

  it('fail the timestamp check for a TSA that is not trusted', async () => {
    const result = await verifySealedDocument(await sealed(), {
      caCertificatePem,
      tsaTrustAnchors: [otherTsa.caCertificatePem],
    });
    expect(result.checks).toEqual({
      merkleRoot: true,
      signature: true,
      certificateChain: true,
      timestamp: false,
    });
    expect(result.reasons[0]).toMatch(/^The TSA certificate is not trusted/);
  });

  it('fail the timestamp check for a token taken from another seal, or a changed genTime', async () => {
    const one = await sealed();
    const two = await sealed();
    const swapped = { ...one, digitalSeal: { ...one.digitalSeal, timestamp: two.digitalSeal.timestamp } };
    const result = await verifySealedDocument(swapped, { caCertificatePem });
    expect(result.checks.timestamp).toBe(false);
    expect(result.reasons).toContain('The timestamp is over other data: its message imprint differs.');
    const timestamp = one.digitalSeal.timestamp as NonNullable<typeof one.digitalSeal.timestamp>;
    const moved = {
      ...one,
      digitalSeal: { ...one.digitalSeal, timestamp: { ...timestamp, genTime: '2020-01-01T00:00:00.000Z' } },
    };
    expect((await verifySealedDocument(moved, { caCertificatePem })).reasons).toEqual([
      'digitalSeal.timestamp.genTime differs from the token.',
    ]);
  });

  it('fail when the status and the token disagree', async () => {
    const document = await sealed();
    const missing = { ...document, digitalSeal: { ...document.digitalSeal, timestamp: null } };
    expect(await verifySealedDocument(missing)).toMatchObject({
      valid: false,
      checks: { timestamp: false },
      reasons: ['The seal says a timestamp was granted but carries none.'],
    });
    const denied = { ...document, digitalSeal: { ...document.digitalSeal, timestampStatus: 'none' } };
    expect((await verifySealedDocument(denied)).reasons).toEqual([
      'The seal carries a timestamp but says none was granted.',
    ]);
  });

  it('fail when the timestamp is implausibly late for the seal, or dated in the future', async () => {
    const late = await sealed(new Date(Date.now() - 2 * 3_600_000));
    expect((await verifySealedDocument(late, { caCertificatePem })).reasons).toEqual([
      'The timestamp was made more than an hour after sealing.',
    ]);
    const document = await sealed();
    const result = await verifySealedDocument(document, { now: new Date(Date.now() - 3_600_000) });
    expect(result.reasons).toContain('The timestamp is dated in the future.');
    expect(result.reasons).toContain('The seal is dated in the future.');
  });
});
