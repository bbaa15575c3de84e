// Credential sessions are read on every request that carries their token, as grant tokens are
// (grants/token-cache.ts), and under the same freshness rule: a change to the trust list drops every
// entry at once in the process that made it, and an entry is never older than TTL_MS, which bounds
// what another instance serves after an issuer's removal there. End and expiry are judged at each
// lookup against the clock, never cached.
import type { Executor } from '../../db/client.ts';
import type { SessionRow } from './store.ts';

export const TTL_MS = 1_000;
const MAX_ENTRIES = 20_000;

type Entry = { row: SessionRow | null; at: number };

export interface SessionCache {
  lookup(hash: string, find: (hash: string) => Promise<SessionRow | null>): Promise<SessionRow | null>;
  forgetAll(): void;
}

function sessionCache(monotonic: () => number = () => performance.now()): SessionCache {
  let entries = new Map<string, Entry>();
  let epoch = 0;
  return {
    async lookup(hash, find) {
      const cached = entries.get(hash);
      if (cached && monotonic() - cached.at < TTL_MS) return cached.row;
      const started = epoch;
      const row = await find(hash);
      if (started === epoch) {
        if (entries.size >= MAX_ENTRIES) entries = new Map();
        entries.set(hash, { row, at: monotonic() });
      }
      return row;
    },
    forgetAll() {
      epoch++;
      entries = new Map();
    },
  };
}

const caches = new WeakMap<object, SessionCache>();

/** One cache per store: every app over the same store (one process) shares it. */
export function sessionCacheFor(db: Executor): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = sessionCache();
    caches.set(db, cache);
  }
  return cache;
}
