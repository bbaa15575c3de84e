// Seals of the batteries schema's complete example passport: sealing and full verification (Merkle
// root, JWS, certificate chain to the seal CA) per second, each beside the raw work in the same run.
// Raw sign/verify: one ECDSA P-256 signature over the same root with node:crypto. Raw Merkle +
// verify: the leaves already listed with their salts, serialised, hashed into the same root, and one
// ECDSA verification: what any verifier must do, without reading the document or the seal fields.
// Each pair is measured in alternating slices (lib/pair.ts).
import { hash, sign, verify } from 'node:crypto';
import { privateKeyObject, publicKeyObject } from '../src/domain/crypto/keys.ts';
import { batteryPassportDocument, sealFixture } from '../src/domain/seal/fixtures.ts';
import { merkleRoot, sealableLeaves, sealDocument, verifySealedDocument } from '../src/domain/seal/index.ts';
import { decodeSalt } from '../src/domain/seal/proof.ts';
import { figure, type Row } from './lib/measure.ts';
import { pair } from './lib/pair.ts';

export async function sealFigures(): Promise<Row[]> {
  const fixture = await sealFixture();
  const document = batteryPassportDocument();
  const options = {
    passportId: document.id as string,
    version: 1,
    sealedAt: new Date(),
    key: fixture.key,
    certificatePem: fixture.certificatePem,
  };
  const sealed = { ...document, ...(await sealDocument(document, options)) };
  const caCertificatePem = fixture.ca.certificatePem;
  const check = await verifySealedDocument(sealed, { caCertificatePem });
  if (!check.valid) throw new Error(`the benchmark seal does not verify: ${check.reasons.join(' ')}`);

  const privateKey = privateKeyObject(fixture.key.privateJwk);
  const publicKey = { key: publicKeyObject(fixture.key.publicJwk), dsaEncoding: 'ieee-p1363' as const };
  const root = Buffer.from(sealed.digitalSeal.merkleRoot, 'hex');
  const rawSign = () => sign('sha256', root, { key: privateKey, dsaEncoding: 'ieee-p1363' });
  const signature = rawSign();
  const rawVerify = () => verify('sha256', root, publicKey, signature);

  const leaves = sealableLeaves(sealed).map((leaf) => ({
    ...leaf,
    salt: decodeSalt(sealed.proof.leafSalts[leaf.path]) as Buffer,
  }));
  const rawMerkleVerify = () => {
    const hashes = leaves.map(({ path, value, salt }) => {
      const content = JSON.stringify([path, value]);
      const input = Buffer.allocUnsafe(17 + Buffer.byteLength(content));
      input[0] = 0;
      input.set(salt, 1);
      input.write(content, 17);
      return hash('sha256', input, 'buffer');
    });
    return verify('sha256', merkleRoot(hashes), publicKey, signature);
  };
  if (!rawMerkleVerify()) throw new Error('the raw baseline does not verify');

  const [seals, signs] = await pair(() => sealDocument(document, options), rawSign);
  const verifySeal = () => verifySealedDocument(sealed, { caCertificatePem });
  const [verifications, verifies] = await pair(verifySeal, rawVerify);
  const [verifications2, merkleVerifies] = await pair(verifySeal, rawMerkleVerify);
  const leafNote = `${leaves.length} leaves`;
  return [
    figure(`seal battery passport (${leafNote})`, seals, 'ops/s', 'raw P-256 sign', signs),
    figure('verify sealed battery passport', verifications, 'ops/s', 'raw P-256 verify', verifies),
    figure(
      'verify sealed battery passport',
      verifications2,
      'ops/s',
      'raw Merkle + verify',
      merkleVerifies,
      0.5,
    ),
  ];
}
