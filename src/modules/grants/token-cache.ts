// Grant tokens are read on every grant holder's request: the grant a token hash names is cached in
// process, as API key principals are (keys/principal-cache.ts), and under the same freshness rule.
// A change to a workspace's grants drops that workspace's entries at once in the process that made
// it; an entry is never older than TTL_MS, which bounds what another instance can serve after a
// revocation there. Unknown hashes are remembered too, so a flood of one bad token costs no store
// read. State and expiry are judged at each lookup against the clock, never cached.
import type { Executor } from '../../db/client.ts';
import type { TokenGrantRow } from './store.ts';

export const TTL_MS = 1_000;
const UNKNOWN_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

type Entry = { row: TokenGrantRow | null; at: number };

export interface GrantTokenCache {
  lookup(hash: string, find: (hash: string) => Promise<TokenGrantRow | null>): Promise<TokenGrantRow | null>;
  forgetTenant(tenantId: string): void;
}

export function grantTokenCache(monotonic: () => number = () => performance.now()): GrantTokenCache {
  const entries = new Map<string, Entry>();
  const byTenant = new Map<string, Set<string>>();
  // Bumped by every forget: a lookup that started before a forget must not store what it read.
  let epoch = 0;

  const remember = (hash: string, row: TokenGrantRow | null) => {
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(hash, { row, at: monotonic() });
    if (row) {
      const hashes = byTenant.get(row.tenantId) ?? new Set<string>();
      hashes.add(hash);
      byTenant.set(row.tenantId, hashes);
    }
  };

  return {
    async lookup(hash, find) {
      const cached = entries.get(hash);
      if (cached && monotonic() - cached.at < (cached.row ? TTL_MS : UNKNOWN_TTL_MS)) return cached.row;
      const started = epoch;
      const row = await find(hash);
      if (started === epoch) remember(hash, row);
      return row;
    },
    forgetTenant(tenantId) {
      epoch++;
      for (const hash of byTenant.get(tenantId) ?? []) entries.delete(hash);
      byTenant.delete(tenantId);
    },
  };
}

// One cache per store: every app built over the same store (one process) shares it, so a change made
// through any of them is seen by all at once.
const caches = new WeakMap<object, GrantTokenCache>();

export function tokenCacheFor(db: Executor): GrantTokenCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = grantTokenCache();
    caches.set(db, cache);
  }
  return cache;
}
