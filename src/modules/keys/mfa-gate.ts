// Authentication 8: "Write operations pass subscription gating (402) and optional tenant MFA
// enforcement (403)." API keys stay usable for machine work while a workspace requires MFA, but a
// key is a new credential that outlives any session, so minting one is a person's act: it needs a
// console session of a member who passed the second factor (docs/authentication.md). Keys cannot be
// widened or have their expiry lifted after creation (a change is a new key), so creation is the one
// gate. The platform admin, who is not a workspace member, is outside workspace MFA.

import { AppError } from '../../core/errors.ts';
import type { TenantPrincipal } from '../../core/principal.ts';

export function assertMayIssueKeys(principal: TenantPrincipal): void {
  if (!principal.tenant.mfaRequired) return;
  // Enrolled members reach a session only through the second factor (or by confirming a code at
  // enrolment); the auth hook already refuses every write of a member who has not enrolled.
  if (principal.kind === 'session' && principal.member.mfaEnrolled) return;
  throw new AppError(
    'MFA_REQUIRED',
    'This workspace requires two-factor authentication: create API keys from a console session that passed it',
  );
}
