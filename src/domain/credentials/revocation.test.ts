import { describe, expect, it } from 'vitest';
import { PASSPORT_STATUSES } from '../passports/lifecycle.ts';
import { UNIT_STATUSES } from '../units/status.ts';
import { credentialCacheKey, revokes, suspends } from './revocation.ts';

const ofPassport = (passportStatus: string) => ({ passportStatus, unitStatus: null });
const ofUnit = (unitStatus: string, passportStatus = 'ACTIVE') => ({ passportStatus, unitStatus });

describe('status purposes by status', () => {
  it('a passport is revoked only when decommissioned, suspended only when recalled', () => {
    expect(PASSPORT_STATUSES.filter((status) => revokes(ofPassport(status)))).toEqual(['DECOMMISSIONED']);
    expect(PASSPORT_STATUSES.filter((status) => suspends(ofPassport(status)))).toEqual(['RECALLED']);
  });

  it('a unit is revoked when decommissioned or recycled, suspended when recalled', () => {
    expect(UNIT_STATUSES.filter((status) => revokes(ofUnit(status)))).toEqual(['DECOMMISSIONED', 'RECYCLED']);
    expect(UNIT_STATUSES.filter((status) => suspends(ofUnit(status)))).toEqual(['RECALLED']);
  });

  it('a unit answers for its passport: revoked when it is decommissioned, suspended when it is recalled', () => {
    expect(revokes(ofUnit('IN_SERVICE', 'DECOMMISSIONED'))).toBe(true);
    expect(suspends(ofUnit('IN_SERVICE', 'RECALLED'))).toBe(true);
    expect(revokes(ofUnit('IN_SERVICE', 'RECALLED'))).toBe(false);
  });

  it('a subject that is gone sets no bit by its status', () => {
    const gone = { passportStatus: null, unitStatus: null };
    expect([revokes(gone), suspends(gone)]).toEqual([false, false]);
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
