// Which lifecycle states set a credential's bits (docs/credentials.md, Status lists). Revocation is
// for good: an ending status sets the bit and nothing clears it (the database records it, see the
// triggers of migration 0015, which name the same statuses). Suspension follows the status now: a
// recall sets it, reactivation clears it. A unit's bits answer for its passport's state as well.
import type { PassportStatus } from '../passports/lifecycle.ts';

const ENDING_PASSPORT_STATUSES: ReadonlySet<string> = new Set<PassportStatus>(['DECOMMISSIONED']);
const ENDING_UNIT_STATUSES: ReadonlySet<string> = new Set(['DECOMMISSIONED', 'RECYCLED']);
const SUSPENDING_STATUS = 'RECALLED';

/** The statuses of what a status index names: a passport (unit null) or a unit and its passport. */
export interface SubjectStatuses {
  /** Null when the passport is gone. */
  passportStatus: string | null;
  /** Null for a passport's own index, or when the unit is gone. */
  unitStatus: string | null;
}

/** Whether the subject is in a status that revokes its credentials (the revocation bit is set). */
export const revokes = ({ passportStatus, unitStatus }: SubjectStatuses) =>
  (passportStatus !== null && ENDING_PASSPORT_STATUSES.has(passportStatus)) ||
  (unitStatus !== null && ENDING_UNIT_STATUSES.has(unitStatus));

/** Whether the subject is suspended now: it, or the passport of a unit, is recalled. */
export const suspends = ({ passportStatus, unitStatus }: SubjectStatuses) =>
  passportStatus === SUSPENDING_STATUS || unitStatus === SUSPENDING_STATUS;

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
 * of exactly these. The status bits are not in it (they live in the lists, not the credential).
 */
export const credentialCacheKey = ({
  passportId,
  version,
  tier,
  kid,
  form,
  unitId,
}: CredentialCacheKeyInput) => JSON.stringify([passportId, version, tier, kid, form, unitId ?? null]);
