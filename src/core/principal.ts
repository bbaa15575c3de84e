// Who can stand behind a request: a workspace's API key, a console member's session, or the
// platform administrator. The auth hook finds them; services see them only as an Actor, except the
// few that look credentials up or gate on them (keys, console sessions).
import type { Permission } from '../domain/auth/permissions.ts';
import type { SubscriptionStatus, Tier } from '../domain/auth/plans.ts';

export interface TenantSummary {
  id: string;
  name: string;
  subdomain: string;
  tier: Tier;
  subscriptionStatus: SubscriptionStatus;
  mfaRequired: boolean;
  passportLimit: number;
  activePassports: number;
}

export interface KeyPrincipal {
  kind: 'apiKey';
  tenant: TenantSummary;
  key: { id: string; prefix: string; role: string; permissions: Permission[]; operatorId: string | null };
}

/** A console member signed in: by the session cookie, or by the session JWT as a Bearer. */
export interface SessionPrincipal {
  kind: 'session';
  tenant: TenantSummary;
  member: {
    id: string;
    email: string;
    role: string;
    permissions: Permission[];
    mfaEnrolled: boolean;
    manageMembers: boolean;
  };
  session: { id: string; via: 'cookie' | 'bearer'; token: string; expiresAt: number };
}

export type TenantPrincipal = KeyPrincipal | SessionPrincipal;
export type Principal = TenantPrincipal | { kind: 'platformAdmin' };

export type KeyLookup = KeyPrincipal | 'revoked' | 'expired' | null;
