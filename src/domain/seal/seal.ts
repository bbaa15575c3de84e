// Sealing a passport document: leaves with fresh salts, the Merkle root, the signed statement, and
// an optional RFC 3161 timestamp over the signature. Returns the three fields the document gains; the
// caller stores them and archives the state, this code only computes.
import {
  type EcPublicJwk,
  privateKeyObject,
  publicJwk,
  type SigningKey,
  samePublicKey,
} from '../crypto/keys.ts';
import type { TimestampResult } from '../crypto/rfc3161.ts';
import { certificatePublicJwk } from './certificates.ts';
import { sealableLeaves } from './leaves.ts';
import { proofOf, randomSalts } from './proof.ts';
import { jwsSignatureBytes, signStatement, statementOf } from './statement.ts';
import { type DigitalSeal, SEAL_FORMAT, type SealFields } from './types.ts';

export interface SealOptions {
  passportId: string;
  /** The passport version the seal is over. */
  version: number;
  sealedAt: Date;
  key: SigningKey;
  /** PEM of the certificate the seal CA issued for `key`. */
  certificatePem: string;
  /**
   * Obtains an RFC 3161 timestamp over the signature bytes (see `requestTimestamp`); null when no
   * TSA is configured. Errors it throws are passed on.
   */
  timestamp?: (signatureBytes: Uint8Array) => Promise<TimestampResult | null>;
}

export async function sealDocument(document: unknown, options: SealOptions): Promise<SealFields> {
  const { key } = options;
  const certified = certificatePublicJwk(options.certificatePem, key.kid);
  if (!certified || !samePublicKey(certified, key.publicJwk)) {
    throw new TypeError('the certificate does not certify the signing key');
  }
  if (!Number.isSafeInteger(options.version) || options.version < 1) {
    throw new RangeError('a sealed version is a positive integer');
  }
  const leaves = sealableLeaves(document);
  const { proof, root } = proofOf(leaves, randomSalts(leaves));
  const sealedAt = options.sealedAt.toISOString();
  const statement = statementOf({
    keyId: key.kid,
    merkleRoot: root,
    passportId: options.passportId,
    sealedAt,
    version: options.version,
  });
  const signature = await signStatement(statement, privateKeyObject(key.privateJwk));
  const timestamp = options.timestamp ? await options.timestamp(jwsSignatureBytes(signature)) : null;
  const digitalSeal: DigitalSeal = {
    type: 'AdvancedElectronicSeal',
    format: SEAL_FORMAT,
    qualified: false,
    algorithm: 'ES256',
    keyId: key.kid,
    passportId: options.passportId,
    version: options.version,
    sealedAt,
    merkleRoot: root,
    signature,
    certificate: options.certificatePem,
    timestamp,
    timestampStatus: timestamp ? 'granted' : 'none',
  };
  const signingPublicKey: EcPublicJwk = { ...publicJwk(key.publicJwk), kid: key.kid };
  return { digitalSeal, signingPublicKey, proof };
}
