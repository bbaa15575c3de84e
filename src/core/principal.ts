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
    /** The console language the member chose (the language switch), or null. */
    language: string | null;
  };
  session: { id: string; via: 'cookie' | 'bearer'; token: string; expiresAt: number };
}

export type TenantPrincipal = KeyPrincipal | SessionPrincipal;
export type Principal = TenantPrincipal | { kind: 'platformAdmin' };

export type KeyLookup = KeyPrincipal | 'revoked' | 'expired' | null;

/** What the auth layer needs of console sessions (implemented by the console module). */
export interface SessionDeps {
  cookieName: string;
  /** The live session a session JWT names, or null (bad signature, expired, ended, member gone). */
  lookup(token: string, via: 'cookie' | 'bearer'): Promise<SessionPrincipal | null>;
  looksLikeSession(token: string): boolean;
  sameCsrfToken(sessionId: string, presented: string): boolean;
}
