// Which lifecycle states revoke a credential (docs/credentials.md, Revocation): the bit of a
// passport follows its status, the bit of a unit its own status. Reactivation is the way back.
import type { PassportStatus } from '../passports/lifecycle.ts';

const REVOKING_PASSPORT_STATUSES: ReadonlySet<string> = new Set<PassportStatus>([
  'RECALLED',
  'DECOMMISSIONED',
]);
const REVOKING_UNIT_STATUSES: ReadonlySet<string> = new Set(['RECALLED', 'DECOMMISSIONED', 'RECYCLED']);

/** Whether a passport in this status has its revocation bit set. */
export const passportRevoked = (status: string) => REVOKING_PASSPORT_STATUSES.has(status);

/** Whether a unit in this status has its own revocation bit set. */
export const unitRevoked = (status: string) => REVOKING_UNIT_STATUSES.has(status);

export interface CredentialCacheKeyInput {
  passportId: string;
  /** The passport version the document is (`currentVersion` for the live one). */
  version: number;
  tier: string;
  /** The kid of the signing key. */
  kid: string;
  form: 'vc+jwt' | 'vc+ld+json' | 'dc+sd-jwt';
  unitId?: string;
}

/**
 * The key under which signed credential bytes are cached and reused: a credential is a function
 * of exactly these. The revocation bit is not in it (it lives in the list, not the credential).
 */
export const credentialCacheKey = ({
  passportId,
  version,
  tier,
  kid,
  form,
  unitId,
}: CredentialCacheKeyInput) => JSON.stringify([passportId, version, tier, kid, form, unitId ?? null]);
