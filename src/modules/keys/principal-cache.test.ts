import { describe, expect, it } from 'vitest';
import type { KeyPrincipal } from '../../core/principal.ts';
import { principalCache, type StoredKey, TTL_MS } from './principal-cache.ts';

const principal = (tenantId: string): KeyPrincipal => ({
  kind: 'apiKey',
  tenant: {
    id: tenantId,
    name: 'W',
    subdomain: 'w',
    tier: 'growth',
    subscriptionStatus: 'active',
    mfaRequired: false,
    passportLimit: 10,
    activePassports: 0,
  },
  key: { id: 'k', prefix: 'odpp_x_', role: 'ADMIN', permissions: [], operatorId: null },
});

function harness() {
  let now = 0;
  const store = new Map<string, StoredKey>();
  let reads = 0;
  const cache = principalCache(
    async (token) => {
      reads++;
      return store.get(token) ?? null;
    },
    () => new Date(1_000_000 + now),
    () => now,
  );
  return {
    cache,
    store,
    reads: () => reads,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('principalCache', () => {
  it('reads a key once within its time to live, and again after it', async () => {
    const h = harness();
    h.store.set('t', { principal: principal('a'), revokedAt: null, expiresAt: null });
    expect(await h.cache.lookup('t')).toMatchObject({ kind: 'apiKey' });
    await h.cache.lookup('t');
    expect(h.reads()).toBe(1);
    h.advance(TTL_MS);
    await h.cache.lookup('t');
    expect(h.reads()).toBe(2);
  });

  it('sees a revocation at once when the workspace is forgotten, and within the TTL without it', async () => {
    const h = harness();
    h.store.set('t', { principal: principal('a'), revokedAt: null, expiresAt: null });
    await h.cache.lookup('t');
    h.store.set('t', { principal: principal('a'), revokedAt: new Date(), expiresAt: null });
    expect(await h.cache.lookup('t')).toMatchObject({ kind: 'apiKey' }); // stale, inside the bound
    h.cache.forgetTenant('a');
    expect(await h.cache.lookup('t')).toBe('revoked');

    h.store.set('u', { principal: principal('b'), revokedAt: null, expiresAt: null });
    await h.cache.lookup('u');
    h.store.set('u', { principal: principal('b'), revokedAt: new Date(), expiresAt: null });
    h.advance(TTL_MS);
    expect(await h.cache.lookup('u')).toBe('revoked');
  });

  it('judges expiry on every hit, not when the key was cached', async () => {
    const h = harness();
    h.store.set('t', { principal: principal('a'), revokedAt: null, expiresAt: new Date(1_000_000 + 500) });
    expect(await h.cache.lookup('t')).toMatchObject({ kind: 'apiKey' });
    h.advance(500);
    expect(await h.cache.lookup('t')).toBe('expired');
    expect(h.reads()).toBe(1);
  });

  it('remembers unknown tokens, so repeating a bad key costs no store read', async () => {
    const h = harness();
    for (let i = 0; i < 5; i++) expect(await h.cache.lookup('nobody')).toBeNull();
    expect(h.reads()).toBe(1);
  });

  it('coalesces concurrent misses of one token into one read', async () => {
    const h = harness();
    h.store.set('t', { principal: principal('a'), revokedAt: null, expiresAt: null });
    await Promise.all([h.cache.lookup('t'), h.cache.lookup('t'), h.cache.lookup('t')]);
    expect(h.reads()).toBe(1);
  });

  it('does not keep what a lookup read before a forget', async () => {
    let release: (key: StoredKey | null) => void = () => {};
    let reads = 0;
    const cache = principalCache(
      () => {
        reads++;
        return new Promise<StoredKey | null>((resolve) => {
          release = resolve;
        });
      },
      () => new Date(),
      () => 0,
    );
    const pending = cache.lookup('t');
    cache.forgetAll();
    release({ principal: principal('a'), revokedAt: null, expiresAt: null });
    await pending;
    void cache.lookup('t');
    expect(reads).toBe(2);
    release(null);
  });
});
