// What the credentials module keeps in memory, per app: status indexes (they never change once
// allocated) and signed credential bytes under their cache key. Neither can go stale: an index is
// fixed for good, and a credential entry is used only when its fingerprint (the SHA-256 of the
// unsigned credential it signs) matches the credential the current state gives.
const MAX_ENTRIES = 10_000;

export interface IssuedEntry {
  fingerprint: string;
  body: string;
}

function bounded<T>() {
  const entries = new Map<string, T>();
  return {
    get: (key: string) => entries.get(key),
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

export function credentialCache() {
  return { indexes: bounded<number>(), issued: bounded<IssuedEntry>() };
}

export type CredentialCache = ReturnType<typeof credentialCache>;
