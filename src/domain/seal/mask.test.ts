import { describe, expect, it } from 'vitest';
import { batteryPassportDocument, sealFixture } from './fixtures.ts';
import { sealableLeaves } from './leaves.ts';
import { maskedProof } from './mask.ts';
import { leafHash } from './merkle.ts';
import { decodeSalt } from './proof.ts';
import { sealDocument } from './seal.ts';
import type { SealProof } from './types.ts';
import { verifySealedDocument } from './verify.ts';

const { ca, key, certificatePem } = await sealFixture();

async function sealed(document: Record<string, unknown>) {
  const fields = await sealDocument(document, {
    passportId: String(document.id),
    version: 1,
    sealedAt: new Date(Date.now() - 1000),
    key,
    certificatePem,
  });
  return { ...document, ...fields } as Record<string, unknown> & typeof fields;
}

const verify = (document: unknown) => verifySealedDocument(document, { caCertificatePem: ca.certificatePem });

function masked<T extends Record<string, unknown> & { proof: SealProof }>(
  full: T,
  change: (view: Record<string, unknown>) => void,
): T {
  const view = structuredClone(full);
  change(view);
  view.proof = maskedProof(full, view);
  return view;
}

describe('maskedProof', () => {
  it('moves removed leaves to redactedLeaves with their true hashes and drops their salts', async () => {
    const full = await sealed({ id: 'p', a: { secret: 'x', open: 1 }, list: [1, 2] });
    const view = masked(full, (v) => {
      delete (v.a as Record<string, unknown>).secret;
      v.restrictedData = { available: true, fields: ['/a/secret'] };
    });
    const salt = decodeSalt(full.proof.leafSalts['/a/secret']) as Buffer;
    expect(view.proof).toEqual({
      ...full.proof,
      leafSalts: {
        '/a/open': full.proof.leafSalts['/a/open'],
        '/id': full.proof.leafSalts['/id'],
        '/list/0': full.proof.leafSalts['/list/0'],
        '/list/1': full.proof.leafSalts['/list/1'],
      },
      redactedLeaves: { '/a/secret': leafHash('/a/secret', 'x', salt).toString('hex') },
    });
    expect(JSON.stringify(view)).not.toContain(full.proof.leafSalts['/a/secret']);
    expect(await verify(view)).toMatchObject({ valid: true, reasons: [] });
  });

  it('keeps a masked battery passport verifiable: a whole subtree and an array tail removed', async () => {
    const full = await sealed(batteryPassportDocument());
    const view = masked(full, (v) => {
      const metadata = v.metadata as Record<string, unknown>;
      const [first] = Object.keys(metadata);
      delete metadata[first as string];
      v.manufacturingFacility = {};
      (v.contentSpecificationIds as unknown[]).length = 0;
    });
    expect(Object.keys(view.proof.redactedLeaves).length).toBeGreaterThan(2);
    expect(view.proof.leafCount).toBe(full.proof.leafCount);
    expect(await verify(view)).toMatchObject({ valid: true });
    expect(await verify(JSON.parse(JSON.stringify(view)))).toMatchObject({ valid: true });
  });

  it('can mask an already masked view further', async () => {
    const full = await sealed({ id: 'p', a: 1, b: 2, c: 3 });
    const once = masked(full, (v) => delete v.a);
    const twice = masked(once, (v) => delete v.b);
    expect(Object.keys(twice.proof.redactedLeaves)).toEqual(['/a', '/b']);
    expect((await verify(twice)).valid).toBe(true);
  });

  it('refuses a view that adds or changes a value', async () => {
    const full = await sealed({ id: 'p', a: { b: 1 } });
    expect(() => masked(full, (v) => Object.assign(v, { extra: true }))).toThrow(/\/extra/);
    expect(() => masked(full, (v) => Object.assign(v, { a: { b: 2 } }))).toThrow(/\/a\/b/);
    expect(() => maskedProof({ id: 'p' }, { id: 'p' })).toThrow(/not sealed/);
  });

  it('a changed disclosed value in a masked view still fails', async () => {
    const full = await sealed({ id: 'p', a: 'shown', b: 'hidden' });
    const view = masked(full, (v) => delete v.b);
    view.a = 'changed';
    const result = await verify(view);
    expect(result.checks.merkleRoot).toBe(false);
  });
});

describe('the Merkle check of a submitted proof', () => {
  it('fails a salt with no value, a value with no salt, a path both shown and redacted, and a wrong count', async () => {
    const full = await sealed({ id: 'p', a: 1, b: 2 });
    const saltOnly = structuredClone(full);
    delete (saltOnly as Record<string, unknown>).b;
    expect((await verify(saltOnly)).reasons).toContain(
      'The proof has a salt for /b, but the document has no value there.',
    );
    const valueOnly = { ...structuredClone(full), c: 3 };
    expect((await verify(valueOnly)).reasons).toContain(
      'The value at /c has no salt in the proof, so it is not part of the seal.',
    );
    const both = structuredClone(full);
    both.proof.redactedLeaves = { '/a': '00'.repeat(32) };
    expect((await verify(both)).reasons).toContain('/a is both disclosed and listed as redacted.');
    const count = structuredClone(full);
    count.proof.leafCount = 4;
    expect((await verify(count)).reasons).toContain(
      'The proof counts 4 leaves, but the document and its redacted leaves make 3.',
    );
    const badSalt = structuredClone(full);
    badSalt.proof.leafSalts['/a'] = 'short';
    expect((await verify(badSalt)).reasons).toContain('The salt of /a is not 16 bytes of base64url.');
    for (const document of [saltOnly, valueOnly, both, count, badSalt]) {
      expect((await verify(document)).checks.merkleRoot).toBe(false);
    }
  });

  it('does not let an empty remainder stand in for a sealed empty object', async () => {
    const full = await sealed({ id: 'p', a: { b: 1 } });
    const view = masked(full, (v) => (v.a = {}));
    expect((await verify(view)).valid).toBe(true);
    view.c = {};
    expect((await verify(view)).checks.merkleRoot).toBe(false);
  });

  it('counts every leaf of the sealed document', async () => {
    const full = await sealed({ id: 'p', e: [], o: {}, n: null });
    expect(full.proof.leafCount).toBe(sealableLeaves(full).length);
    expect(full.proof.leafCount).toBe(4);
  });
});
