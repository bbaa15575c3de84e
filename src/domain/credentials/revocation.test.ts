import { describe, expect, it } from 'vitest';
import { credentialCacheKey, passportRevoked, unitRevoked } from './revocation.ts';

describe('revocation by status', () => {
  it('revokes recalled and decommissioned passports; active ones and drafts are not revoked', () => {
    expect(['DRAFT', 'ACTIVE', 'RECALLED', 'DECOMMISSIONED'].map(passportRevoked)).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('revokes recalled, decommissioned and recycled units', () => {
    const statuses = [
      'IN_SERVICE',
      'DECOMMISSIONED',
      'RECALLED',
      'REPURPOSED',
      'REMANUFACTURED',
      'REUSED',
      'WASTE',
      'RECYCLED',
    ];
    expect(statuses.filter(unitRevoked)).toEqual(['DECOMMISSIONED', 'RECALLED', 'RECYCLED']);
  });
});

describe('credentialCacheKey', () => {
  const base = { passportId: 'p', version: 3, tier: 'public', kid: 'k1', form: 'vc+jwt' as const };

  it('differs in every component and cannot be confused by separators', () => {
    const keys = [
      base,
      { ...base, version: 4 },
      { ...base, tier: 'owner' },
      { ...base, kid: 'k2' },
      { ...base, form: 'vc+ld+json' as const },
      { ...base, unitId: 'u1' },
      { ...base, passportId: 'p","3' },
    ].map(credentialCacheKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(credentialCacheKey({ ...base })).toBe(credentialCacheKey(base));
  });
});
