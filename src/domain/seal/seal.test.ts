import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { generateSigningKey } from '../crypto/keys.ts';
import { createSealCa, issueWorkspaceCertificate } from './certificates.ts';
import { batteryPassportDocument, sealFixture } from './fixtures.ts';
import { SEAL_EXCLUDED_FIELDS, sealableLeaves } from './leaves.ts';
import { sealDocument } from './seal.ts';
import { verifySealedDocument } from './verify.ts';

const fixture = await sealFixture();
const { ca, key, certificatePem } = fixture;
const sealedAt = new Date(Date.now() - 60_000);

async function sealed(document = batteryPassportDocument(), options: { version?: number } = {}) {
  const fields = await sealDocument(document, {
    passportId: document.id as string,
    version: options.version ?? 4,
    sealedAt,
    key,
    certificatePem,
  });
  return { ...document, ...fields } as Record<string, unknown> & typeof fields;
}

const verify = (document: unknown) => verifySealedDocument(document, { caCertificatePem: ca.certificatePem });

describe('sealDocument', () => {
  it('adds digitalSeal, signingPublicKey and proof in the documented shapes', async () => {
    const document = await sealed();
    const leaves = sealableLeaves(document);
    expect(document.digitalSeal).toEqual({
      type: 'AdvancedElectronicSeal',
      format: 'opendpp-seal/1',
      qualified: false,
      algorithm: 'ES256',
      keyId: key.kid,
      passportId: document.id,
      version: 4,
      sealedAt: sealedAt.toISOString(),
      merkleRoot: expect.stringMatching(/^[0-9a-f]{64}$/),
      signature: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]{86}$/),
      certificate: certificatePem,
      timestamp: null,
      timestampStatus: 'none',
    });
    expect(document.signingPublicKey).toEqual(key.publicJwk);
    expect(JSON.stringify(document)).not.toMatch(/"d":/);
    expect(document.proof).toEqual({
      type: 'SaltedMerkleTree',
      hashAlgorithm: 'SHA-256',
      leafHashInput: 'opendpp-seal/1',
      excludedFields: [...SEAL_EXCLUDED_FIELDS],
      leafCount: leaves.length,
      leafSalts: expect.any(Object),
      redactedLeaves: {},
    });
    expect(Object.keys(document.proof.leafSalts)).toEqual(leaves.map((leaf) => leaf.path));
    expect(leaves.length).toBeGreaterThan(100);
  });

  it('signs the canonical statement as a compact JWS with the documented header', async () => {
    const { digitalSeal } = await sealed();
    expect(decodeProtectedHeader(digitalSeal.signature)).toEqual({
      alg: 'ES256',
      kid: key.kid,
      typ: 'opendpp-seal+jws',
    });
    const payload = Buffer.from(digitalSeal.signature.split('.')[1] as string, 'base64url').toString('utf8');
    expect(payload).toBe(
      canonicalize({
        alg: 'ES256',
        keyId: key.kid,
        merkleRoot: digitalSeal.merkleRoot,
        passportId: digitalSeal.passportId,
        sealedAt: digitalSeal.sealedAt,
        type: 'OpenDPPSeal',
        version: 4,
      }),
    );
  });

  it('uses a fresh salt per leaf and per seal', async () => {
    const a = await sealed();
    const b = await sealed();
    const saltsA = Object.values(a.proof.leafSalts);
    expect(new Set(saltsA).size).toBe(saltsA.length);
    expect(a.digitalSeal.merkleRoot).not.toBe(b.digitalSeal.merkleRoot);
  });

  it('refuses a certificate of another key, an empty document and a bad version', async () => {
    const other = generateSigningKey('other');
    const base = { passportId: 'p', version: 1, sealedAt, certificatePem };
    await expect(sealDocument({ a: 1 }, { ...base, key: other })).rejects.toThrow(/does not certify/);
    await expect(sealDocument({ status: 'ACTIVE', proof: null }, { ...base, key })).rejects.toThrow(
      /nothing to seal/,
    );
    await expect(sealDocument({ a: 1 }, { ...base, key, version: 0 })).rejects.toThrow(RangeError);
  });

  it('passes the JWS signature bytes to the timestamp callback and records its answer', async () => {
    let seen: Uint8Array | undefined;
    const fields = await sealDocument(
      { id: 'p', a: 1 },
      {
        passportId: 'p',
        version: 1,
        sealedAt,
        key,
        certificatePem,
        timestamp: async (bytes) => {
          seen = bytes;
          return { token: 'AA==', genTime: sealedAt.toISOString(), tsaCertificates: [] };
        },
      },
    );
    expect(seen && Buffer.from(seen).toString('base64url')).toBe(fields.digitalSeal.signature.split('.')[2]);
    expect(fields.digitalSeal.timestampStatus).toBe('granted');
    expect(fields.digitalSeal.timestamp?.token).toBe('AA==');
  });
});

describe('verifySealedDocument', () => {
  it('accepts a sealed battery passport, also after a JSON round trip', async () => {
    const document = await sealed();
    const expected = {
      valid: true,
      checks: { merkleRoot: true, signature: true, certificateChain: true, timestamp: null },
      reasons: [],
    };
    expect(await verify(document)).toEqual(expected);
    expect(await verify(JSON.parse(JSON.stringify(document)))).toEqual(expected);
  });

  it('leaves the chain unchecked (null) without a CA', async () => {
    const result = await verifySealedDocument(await sealed());
    expect(result).toMatchObject({ valid: true, checks: { certificateChain: null } });
  });

  it('ignores changes to the lifecycle fields and the masked-view marker', async () => {
    const document = await sealed();
    Object.assign(document, {
      status: 'RECALLED',
      dppStatus: 'recalled',
      lastUpdated: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      archivedAt: new Date().toISOString(),
      retentionUntil: '2036-01-01T00:00:00.000Z',
      restrictedData: { available: true },
    });
    expect((await verify(document)).valid).toBe(true);
  });

  it('fails the chain for a certificate not issued by the given CA', async () => {
    const foreignCa = await createSealCa({
      commonName: 'OpenDPP Seal CA (test)',
      notBefore: new Date(Date.now() - 1e9),
      notAfter: new Date(Date.now() + 1e9),
    });
    const result = await verifySealedDocument(await sealed(), { caCertificatePem: foreignCa.certificatePem });
    expect(result.valid).toBe(false);
    expect(result.checks).toEqual({
      merkleRoot: true,
      signature: true,
      certificateChain: false,
      timestamp: null,
    });
    expect(result.reasons).toEqual([
      'The seal certificate does not carry a valid signature of the given CA.',
    ]);
  });

  it('fails the chain when the certificate had expired or was not yet valid at sealedAt', async () => {
    const later = await issueWorkspaceCertificate({
      ca,
      workspace: fixture.workspace,
      publicJwk: key.publicJwk,
      notBefore: new Date(Date.now() + 3_600_000),
      notAfter: new Date(Date.now() + 7_200_000),
    });
    const fields = await sealDocument(
      { id: 'p', a: 1 },
      { passportId: 'p', version: 1, sealedAt, key, certificatePem: later },
    );
    const result = await verify({ id: 'p', a: 1, ...fields });
    expect(result.checks.certificateChain).toBe(false);
    expect(result.reasons[0]).toMatch(/^The seal certificate was not valid at /);
  });

  it('fails the signature when the seal fields disagree with what was signed', async () => {
    const cases: [string, (d: Awaited<ReturnType<typeof sealed>>) => void, RegExp][] = [
      ['version', (d) => (d.digitalSeal.version = 5), /differs from the seal in: version/],
      [
        'sealedAt',
        (d) => (d.digitalSeal.sealedAt = new Date(0).toISOString()),
        /differs from the seal in: sealedAt/,
      ],
      ['passportId', (d) => (d.digitalSeal.passportId = 'other'), /passportId|passport other/],
      ['keyId', (d) => (d.digitalSeal.keyId = 'other'), /another key id/],
      [
        'public key',
        (d) => (d.signingPublicKey = generateSigningKey(key.kid).publicJwk),
        /not the key of the seal certificate/,
      ],
      [
        'kid',
        (d) => (d.signingPublicKey = { ...d.signingPublicKey, kid: 'x' }),
        /signingPublicKey names another key id/,
      ],
      [
        'signature byte',
        (d) => (d.digitalSeal.signature = flipLast(d.digitalSeal.signature)),
        /does not verify/,
      ],
    ];
    for (const [, change, reason] of cases) {
      const document = await sealed();
      change(document);
      const result = await verify(document);
      expect(result.valid).toBe(false);
      expect(result.checks.signature).toBe(false);
      expect(result.reasons.join(' ')).toMatch(reason);
    }
  });

  it('fails the root when the sealed root is replaced, even with a valid-looking value', async () => {
    const document = await sealed();
    const other = await sealed();
    document.digitalSeal.merkleRoot = other.digitalSeal.merkleRoot;
    const result = await verify(document);
    expect(result.checks.merkleRoot).toBe(false);
    expect(result.checks.signature).toBe(false);
  });

  it('declines a seal signed by a key other than the certificate', async () => {
    const intruder = generateSigningKey(key.kid);
    const fields = await sealDocument(
      { id: 'p', a: 1 },
      {
        passportId: 'p',
        version: 1,
        sealedAt,
        key: intruder,
        certificatePem: await certificateFor(intruder),
      },
    );
    const document = {
      id: 'p',
      a: 1,
      ...fields,
      digitalSeal: { ...fields.digitalSeal, certificate: certificatePem },
    };
    const result = await verify(document);
    expect(result.valid).toBe(false);
    expect(result.reasons).toContain(
      'The seal signature does not verify with the key of the seal certificate.',
    );
  });

  it('says what is wrong with an unsealed or malformed document, without throwing', async () => {
    expect(await verify('text')).toMatchObject({
      valid: false,
      reasons: ['The document is not a JSON object.'],
    });
    expect((await verify(batteryPassportDocument())).reasons).toEqual([
      'The document has no digitalSeal: it is not sealed.',
      'The document has no proof.',
    ]);
    const document = await sealed();
    document.proof.leafSalts = 'x' as never;
    document.digitalSeal.merkleRoot = 'ABC';
    const result = await verify(document);
    expect(result.valid).toBe(false);
    expect(result.reasons).toEqual([
      'digitalSeal.merkleRoot is not 64 lower-case hex digits.',
      'proof.leafSalts is not an object.',
    ]);
    const withD = await sealed();
    withD.signingPublicKey = { ...withD.signingPublicKey, d: key.privateJwk.d } as never;
    expect((await verify(withD)).reasons).toContain('signingPublicKey carries private key material (d).');
    const future = await sealDocument(
      { id: 'p', a: 1 },
      { passportId: 'p', version: 1, sealedAt: new Date(Date.now() + 3_600_000), key, certificatePem },
    );
    expect((await verify({ id: 'p', a: 1, ...future })).reasons).toContain(
      'The seal is dated in the future.',
    );
  });
});

describe('verifySealedDocument on hostile input', () => {
  it('answers reasons, never throws, for lone surrogates and random shapes', async () => {
    const surrogate = await sealed();
    surrogate.productId = 'GTIN \ud800';
    const result = await verify(surrogate);
    expect(result.valid).toBe(false);
    expect(result.reasons).toContain(
      'The value at /productId has no canonical JSON form (RFC 8785 refuses lone surrogates).',
    );
    const keyId = await sealed();
    keyId.digitalSeal.keyId = '\udc00';
    expect((await verify(keyId)).valid).toBe(false);
    const base = await sealed();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('digitalSeal', 'proof', 'signingPublicKey'),
        fc.option(fc.string(), { nil: undefined }),
        fc.jsonValue({ maxDepth: 2 }),
        async (field, member, value) => {
          const document = structuredClone(base) as Record<string, unknown>;
          if (member === undefined) document[field] = value;
          else (document[field] as Record<string, unknown>)[member] = value;
          const answer = await verify(document);
          expect(typeof answer.valid).toBe('boolean');
          if (!answer.valid) expect(answer.reasons.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 150 },
    );
  });
});

function flipLast(jws: string): string {
  const [header, payload, signature] = jws.split('.') as [string, string, string];
  const bytes = Buffer.from(signature, 'base64url');
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
  return `${header}.${payload}.${bytes.toString('base64url')}`;
}

async function certificateFor(signer: ReturnType<typeof generateSigningKey>) {
  return issueWorkspaceCertificate({
    ca,
    workspace: fixture.workspace,
    publicJwk: signer.publicJwk,
    notBefore: new Date(Date.now() - 1e9),
    notAfter: new Date(Date.now() + 1e9),
  });
}
