// The verifiers read untrusted input: whatever arrives, they answer `ok: false` with a reason and
// never throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSigningKey } from '../crypto/keys.ts';
import { verifyDataIntegrity } from './data-integrity.ts';
import { verifySdJwtVc } from './sd-jwt-vc.ts';
import { verifyVcJwt } from './vc-jwt.ts';

const key = generateSigningKey('k');
const resolve = () => ({ ...key.publicJwk });
const tokenish = fc.oneof(
  fc.string(),
  fc.array(fc.base64String(), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.')),
  fc
    .tuple(fc.json(), fc.json(), fc.base64String())
    .map(([h, p, s]) =>
      [Buffer.from(h).toString('base64url'), Buffer.from(p).toString('base64url'), s].join('.'),
    ),
);

describe('verifiers on arbitrary input', () => {
  it('vc+jwt and SD-JWT VC refuse without throwing', async () => {
    await fc.assert(
      fc.asyncProperty(tokenish, fc.boolean(), async (token, sd) => {
        const result = sd ? await verifySdJwtVc(`${token}~`, resolve) : await verifyVcJwt(token, resolve);
        expect(result.ok).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('Data Integrity refuses without throwing, proof or not', () => {
    const proofish = fc.record(
      {
        type: fc.constantFrom('DataIntegrityProof', 'Ed25519Signature2020'),
        cryptosuite: fc.constantFrom('ecdsa-jcs-2019', 'eddsa-rdfc-2022'),
        created: fc.oneof(fc.string(), fc.constant('2026-01-01T00:00:00Z')),
        verificationMethod: fc.oneof(fc.string(), fc.constant('did:web:x#k')),
        proofPurpose: fc.constantFrom('assertionMethod', 'authentication'),
        '@context': fc.jsonValue(),
        proofValue: fc.oneof(
          fc.string(),
          fc.string().map((s) => `z${s}`),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        proofish,
        fc.boolean(),
        (document, proof, withProof) => {
          const input = withProof ? { ...document, issuer: 'did:web:x', proof } : document;
          expect(verifyDataIntegrity(input, resolve).ok).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
