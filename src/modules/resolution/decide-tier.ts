// Stage 3 of a public read: the tier the viewer reads the subject in. The owner's key (within its
// operator scope) reads as the owner, a covering grant in its tier, anyone else in the public tier;
// a recycled unit's tombstone and a copy in custody are public to everyone.
import type { ServiceContext } from '../../context.ts';
import type { AccessTier } from '../../domain/categories/types.ts';
import type { FoundSubject } from './find-subject.ts';
import type { ActiveGrant, GrantAccess } from './grant-access.ts';
import type { Viewer } from './viewer.ts';

export interface Reader {
  tier: AccessTier;
  grant: ActiveGrant | null;
}

export const PUBLIC_READER: Reader = { tier: 'public', grant: null };

/** The passport whose tier a subject is read in: the passport itself, or a unit's model. */
function passportOf(found: FoundSubject) {
  if (found.kind === 'passport') return found.passport.passport;
  if (found.kind === 'unit') return found.unit.passport.passport;
  return null;
}

export async function decideTier(
  services: ServiceContext,
  grants: GrantAccess,
  viewer: Viewer,
  found: FoundSubject,
): Promise<Reader> {
  const passport = passportOf(found);
  if (!passport) return PUBLIC_READER;
  if (viewer.kind === 'key') {
    const { tenant, key } = viewer.principal;
    const inScope = key.operatorId === null || key.operatorId === passport.operatorId;
    if (tenant.id === passport.tenantId && inScope) return { tier: 'owner', grant: null };
  }
  if (viewer.kind === 'grant') {
    // A revoked, expired or non-covering grant reads as no grant on resolution.
    const grant = await grants.find(services, viewer.token);
    if (grant && grants.covers(grant, passport)) return { tier: grant.tier, grant };
  }
  return PUBLIC_READER;
}
