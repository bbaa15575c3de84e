// The fields a seal adds to a passport document (`digitalSeal`, `signingPublicKey`, `proof`), in the
// shapes docs/sealing.md specifies. Field order here is the order they are written in.
import type { EcPublicJwk } from '../crypto/keys.ts';
import type { TimestampResult } from '../crypto/rfc3161.ts';

export const SEAL_FORMAT = 'opendpp-seal/1';
export const SEAL_JWS_TYPE = 'opendpp-seal+jws';
export const STATEMENT_TYPE = 'OpenDPPSeal';

export interface DigitalSeal {
  type: 'AdvancedElectronicSeal';
  format: typeof SEAL_FORMAT;
  qualified: false;
  algorithm: 'ES256';
  keyId: string;
  passportId: string;
  version: number;
  sealedAt: string;
  /** Lower-case hex of the Merkle root. */
  merkleRoot: string;
  /** Compact JWS over the canonical statement. */
  signature: string;
  /** PEM of the workspace key's certificate. */
  certificate: string;
  timestamp: TimestampResult | null;
  timestampStatus: 'granted' | 'none';
}

export interface SealProof {
  type: 'SaltedMerkleTree';
  hashAlgorithm: 'SHA-256';
  leafHashInput: typeof SEAL_FORMAT;
  excludedFields: string[];
  leafCount: number;
  /** Path → base64url salt, for every disclosed leaf. */
  leafSalts: Record<string, string>;
  /** Path → lower-case hex leaf hash, for every masked leaf. */
  redactedLeaves: Record<string, string>;
}

export interface SealFields {
  digitalSeal: DigitalSeal;
  signingPublicKey: EcPublicJwk;
  proof: SealProof;
}

/** What the signature is over, before canonicalisation. */
export interface SealStatement {
  alg: 'ES256';
  keyId: string;
  merkleRoot: string;
  passportId: string;
  sealedAt: string;
  type: typeof STATEMENT_TYPE;
  version: number;
}
