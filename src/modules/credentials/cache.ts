// What the credentials module keeps in memory, per app: passports' status indexes by version,
// signed credential bytes under their cache key, and each workspace's signing key for a second.
// None can mislead: a passport takes a new index only after a revocation, and the status moves
// that revoke and end it each make a new version; a credential entry is used only when its
// fingerprint (the SHA-256 of the unsigned credential it signs) matches the credential the current
// state gives; and a key rotated in that second is retired, not removed, so what it signs still
// verifies from the DID document.
import type { CredentialSigningKey } from '../../domain/credentials/index.ts';

const MAX_ENTRIES = 10_000;

export interface IssuedEntry {
  fingerprint: string;
  body: string;
}

function bounded<T>() {
  const entries = new Map<string, T>();
  return {
    get: (key: string) => entries.get(key),
    delete: (key: string) => entries.delete(key),
    clear: () => entries.clear(),
    set(key: string, value: T) {
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.delete(key);
      entries.set(key, value);
    },
  };
}

/** How long a workspace's active signing key is reused without reading the store again. */
export const KEY_TTL_MS = 1_000;

export function credentialCache() {
  const keys = bounded<{ key: CredentialSigningKey; at: number }>();
  return {
    indexes: bounded<number>(),
    issued: bounded<IssuedEntry>(),
    keys,
    /** After a write to the workspace (a key rotation among them): read its key again. */
    forgetTenant: (tenantId: string) => void keys.delete(tenantId),
    forgetAll: () => keys.clear(),
  };
}

export type CredentialCache = ReturnType<typeof credentialCache>;
