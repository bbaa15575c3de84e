// What sealing needs from outside the store: the master key, a CA from files, a timestamp
// authority. Prepared once per app from the configuration (modules/seals/setup.ts) and handed to
// services in the ServiceContext.
import type { TimestampResult } from '../domain/crypto/rfc3161.ts';
import type { SealCa } from '../domain/seal/index.ts';

export interface Sealing {
  masterKey: Uint8Array;
  /** The CA from SEAL_CA_CERT / SEAL_CA_KEY; absent, the node's own CA from the store. */
  configuredCa?: SealCa;
  /** A timestamp over the signature bytes from TSA_URL; absent, seals carry none. */
  timestamp?: (signatureBytes: Uint8Array) => Promise<TimestampResult | null>;
}
