// The authenticated principal, cached in-process by token hash, because it is read on every
// authenticated request. Freshness: a change to a workspace or its keys drops that workspace's
// entries at once on the instance that made it (the auth hook after each write) and, through the
// change feed, on every other instance when it commits; an entry is never older than TTL_MS, which
// bounds what a lost notification can leave behind. Unknown tokens are remembered too, so a flood of
// one bad key costs no store read; the 401 it answers is unchanged.

import type { KeyLookup, KeyPrincipal } from '../../core/principal.ts';
import { hashToken } from '../../domain/auth/api-token.ts';

/** A stored key as the store returns it for a token, or null when no key has that token. */
export interface StoredKey {
  principal: KeyPrincipal;
  revokedAt: Date | null;
  expiresAt: Date | null;
}

export const TTL_MS = 1_000;
const UNKNOWN_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

type Entry = { key: StoredKey | null; at: number };

export interface PrincipalCache {
  lookup(token: string): Promise<KeyLookup>;
  forgetTenant(tenantId: string): void;
  forgetAll(): void;
}

export function principalCache(
  find: (token: string, hash: string) => Promise<StoredKey | null>,
  clock: () => Date,
  monotonic: () => number = () => performance.now(),
): PrincipalCache {
  const entries = new Map<string, Entry>();
  const byTenant = new Map<string, Set<string>>();
  const inFlight = new Map<string, Promise<StoredKey | null>>();
  // Bumped by every forget: a lookup that started before a forget must not store what it read.
  let epoch = 0;

  const judge = (key: StoredKey | null): KeyLookup => {
    if (key === null) return null;
    if (key.revokedAt) return 'revoked';
    if (key.expiresAt && key.expiresAt.getTime() <= clock().getTime()) return 'expired';
    return key.principal;
  };

  const remember = (hash: string, key: StoredKey | null) => {
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(hash, { key, at: monotonic() });
    if (key) {
      const tenantId = key.principal.tenant.id;
      const hashes = byTenant.get(tenantId) ?? new Set<string>();
      hashes.add(hash);
      byTenant.set(tenantId, hashes);
    }
  };

  return {
    async lookup(token) {
      const hash = hashToken(token);
      const cached = entries.get(hash);
      if (cached && monotonic() - cached.at < (cached.key ? TTL_MS : UNKNOWN_TTL_MS))
        return judge(cached.key);
      let pending = inFlight.get(hash);
      if (!pending) {
        const started = epoch;
        pending = find(token, hash).finally(() => inFlight.delete(hash));
        inFlight.set(hash, pending);
        pending.then(
          (key) => started === epoch && remember(hash, key),
          () => {},
        );
      }
      return judge(await pending);
    },
    forgetTenant(tenantId) {
      epoch++;
      for (const hash of byTenant.get(tenantId) ?? []) entries.delete(hash);
      byTenant.delete(tenantId);
    },
    forgetAll() {
      epoch++;
      entries.clear();
      byTenant.clear();
    },
  };
}
