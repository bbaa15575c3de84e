import { describe, expect, it } from 'vitest';
import { batteryPassportDocument, sealFixture } from './fixtures.ts';
import { maskedProof } from './mask.ts';
import { sealDocument } from './seal.ts';
import { digitalSealAsServed, proofAsServed, signingPublicKeyAsServed } from './served-order.ts';
import { verifySealedDocument } from './verify.ts';

const { ca, key, certificatePem } = await sealFixture();
const verify = (document: unknown) => verifySealedDocument(document, { caCertificatePem: ca.certificatePem });

/** Members ordered as jsonb stores them: shorter keys first, then byte order. */
function jsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonbOrder);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).sort(([a], [b]) =>
    a.length !== b.length ? a.length - b.length : Buffer.compare(Buffer.from(a), Buffer.from(b)),
  );
  return Object.fromEntries(entries.map(([k, v]) => [k, jsonbOrder(v)]));
}

async function sealed() {
  const document = batteryPassportDocument();
  const fields = await sealDocument(document, {
    passportId: document.id as string,
    version: 1,
    sealedAt: new Date(Date.now() - 1000),
    key,
    certificatePem,
  });
  return { ...document, ...fields };
}

describe('seal fields as served', () => {
  it('restores the order sealing wrote, whatever order storage gave back', async () => {
    const original = await sealed();
    const stored = jsonbOrder(original) as typeof original;
    expect(Object.keys(stored.proof.leafSalts)).not.toEqual(Object.keys(original.proof.leafSalts));
    expect(JSON.stringify(digitalSealAsServed(stored.digitalSeal))).toBe(
      JSON.stringify(original.digitalSeal),
    );
    expect(JSON.stringify(signingPublicKeyAsServed(stored.signingPublicKey))).toBe(
      JSON.stringify(original.signingPublicKey),
    );
    expect(JSON.stringify(proofAsServed(stored.proof))).toBe(JSON.stringify(original.proof));
  });

  it('puts redacted leaves in path order and keeps members it does not know, after the known ones', () => {
    const proof = proofAsServed({
      extra: 1,
      redactedLeaves: { '/b': 'x', '/a/b': 'y', '/a': 'z' },
      type: 'SaltedMerkleTree',
    });
    expect(JSON.stringify(proof)).toBe(
      '{"type":"SaltedMerkleTree","redactedLeaves":{"/a":"z","/a/b":"y","/b":"x"},"extra":1}',
    );
    expect(proofAsServed(null)).toBeNull();
    expect(digitalSealAsServed(null)).toBeNull();
  });

  it('is not needed to verify: a verifier reads salts by path, in any order', async () => {
    const stored = jsonbOrder(await sealed()) as Awaited<ReturnType<typeof sealed>>;
    expect(await verify(stored)).toMatchObject({ valid: true, reasons: [] });
    const view = structuredClone(stored) as Record<string, unknown>;
    delete (view.metadata as Record<string, unknown>).generalInformation;
    const proof = maskedProof(stored, view);
    expect(Object.keys(proof.redactedLeaves).length).toBeGreaterThan(1);
    const masked = { ...view, proof: jsonbOrder(proof) };
    expect(await verify(masked)).toMatchObject({ valid: true, reasons: [] });
  });
});
