import { describe, expect, it } from 'vitest';
import type { TokenGrantRow } from './store.ts';
import { grantTokenCache, TTL_MS } from './token-cache.ts';

const row = (tenantId: string, status = 'active'): TokenGrantRow => ({
  id: 'g',
  tenantId,
  tier: 'authority',
  status: status as TokenGrantRow['status'],
  passportId: null,
  operatorId: null,
  expiresAt: null,
  tokenHash: 'h',
});

describe('grant token cache', () => {
  it('reads the store once per TTL, and again at once after its workspace is forgotten', async () => {
    let now = 0;
    let reads = 0;
    let stored = row('t1');
    const find = async () => {
      reads++;
      return stored;
    };
    const cache = grantTokenCache(() => now);
    expect(await cache.lookup('h', find)).toBe(stored);
    expect(await cache.lookup('h', find)).toBe(stored);
    expect(reads).toBe(1);
    stored = row('t1', 'revoked');
    cache.forgetTenant('t2');
    expect((await cache.lookup('h', find))?.status).toBe('active');
    cache.forgetTenant('t1');
    expect((await cache.lookup('h', find))?.status).toBe('revoked');
    expect(reads).toBe(2);
    now += TTL_MS;
    await cache.lookup('h', find);
    expect(reads).toBe(3);
  });

  it('does not keep what a lookup read across a forget that happened meanwhile', async () => {
    const cache = grantTokenCache(() => 0);
    let release: (value: TokenGrantRow) => void = () => {};
    const pending = cache.lookup('h', () => new Promise((resolve) => (release = resolve)));
    cache.forgetTenant('t1');
    release(row('t1'));
    await pending;
    let reads = 0;
    await cache.lookup('h', async () => {
      reads++;
      return row('t1', 'revoked');
    });
    expect(reads).toBe(1);
  });

  it('remembers unknown tokens too', async () => {
    let reads = 0;
    const cache = grantTokenCache(() => 0);
    const find = async () => {
      reads++;
      return null;
    };
    await cache.lookup('x', find);
    await cache.lookup('x', find);
    expect(reads).toBe(1);
  });
});
