// Signing in and out. A session is a stored record (its id is the JWT's `sid`); the JWT lives 15
// minutes and is refreshed while the session lives (at most 12 hours), and ending the record ends
// every token of it at once, because each request reads the record. Apart from service.ts, which
// only hands on what the composition root needs (the first owner's invitation, the sessions).
import type { ServiceContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import type { SessionDeps, SessionPrincipal } from '../../core/principal.ts';
import { ROLE_PERMISSIONS } from '../../domain/auth/permissions.ts';
import { decryptSecret } from '../../domain/crypto/secret-box.ts';
import { recordChange } from '../audit/service.ts';
import { normaliseEmail, toMemberRecord } from './members.ts';
import { acceptedStep, hashRecoveryCode } from './mfa-codes.ts';
import { verifyPassword } from './passwords.ts';
import { looksLikeJwt, type SessionKeys } from './session-token.ts';
import * as locks from './sign-in-locks.ts';
import * as store from './store.ts';

export const SESSION_COOKIE = 'odpp_session';
const SESSION_MAX_MS = 12 * 3_600_000;
/** Failed sign-ins one address may make in a window before it is refused outright. */
const IP_FAILURES = 20;
const IP_WINDOW_MS = 15 * 60_000;

const FAILED =
  'Sign-in failed: the workspace, email or password is wrong, or the account is locked for a while after failed attempts';

export interface SignInInput {
  workspace: string;
  email: string;
  password: string;
}

export type SignInResult =
  | { kind: 'session'; token: string; expiresAt: Date; csrfToken: string; sessionId: string }
  | { kind: 'challenge'; challenge: string };

export interface SessionService {
  signIn(input: SignInInput, ip: string): Promise<SignInResult>;
  /** Exchanges an MFA challenge and a TOTP or recovery code for a session. */
  completeChallenge(challenge: string, code: string, ip: string): Promise<SignInResult & { kind: 'session' }>;
  refresh(principal: SessionPrincipal): Promise<SignInResult & { kind: 'session' }>;
  signOut(principal: SessionPrincipal): Promise<void>;
  /** What the auth hook needs to accept sessions. */
  auth: SessionDeps;
  keys: SessionKeys;
  /** Verifies a code against a member's enrolled TOTP (or a recovery code), consuming it. */
  checkSecondFactor(tenantId: string, memberId: string, code: string): Promise<boolean>;
}

export function sessionService(services: ServiceContext, keys: SessionKeys): SessionService {
  const { db, clock } = services;
  const failuresByIp = new Map<string, { count: number; until: number }>();

  function ipBudget(ip: string, now: number) {
    const entry = failuresByIp.get(ip);
    if (entry && entry.until > now && entry.count >= IP_FAILURES) {
      const retry = Math.ceil((entry.until - now) / 1000);
      throw new AppError('RATE_LIMITED', 'Too many failed sign-ins from this address', {
        headers: { 'retry-after': String(retry) },
      });
    }
  }
  function ipFailed(ip: string, now: number) {
    const entry = failuresByIp.get(ip);
    if (!entry || entry.until <= now) failuresByIp.set(ip, { count: 1, until: now + IP_WINDOW_MS });
    else entry.count += 1;
    if (failuresByIp.size > 50_000) failuresByIp.delete(failuresByIp.keys().next().value as string);
  }

  /** Counts a failure of the member from this address (sign-in-locks.ts) and records it. */
  async function accountFailed(member: store.MemberRow, ip: string, now: Date, reason: string) {
    const failures = await locks.countFailure(db, member.tenantId, member.id, ip, now);
    await recordChange(db, member.tenantId, `user:${member.id}`, now, {
      action: 'member.sign_in_failed',
      subjectType: 'member',
      subjectId: member.id,
      details: { reason, failures, address: ip },
    });
  }

  const isLocked = async (member: store.MemberRow, ip: string, now: Date) =>
    (await locks.lockedUntil(db, member.tenantId, member.id, ip, now)) !== null;

  async function startSession(member: store.MemberRow, ip: string, now: Date, method: string) {
    return db.transaction(async (tx) => {
      await locks.clearPair(tx, member.tenantId, member.id, ip);
      const session = await store.insertSession(tx, {
        tenantId: member.tenantId,
        memberId: member.id,
        expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
        refreshedAt: now,
      });
      await recordChange(tx, member.tenantId, `user:${member.id}`, now, {
        action: 'member.signed_in',
        subjectType: 'member',
        subjectId: member.id,
        details: { session: session.id, method },
      });
      const issued = await keys.issue(
        { tenantId: member.tenantId, memberId: member.id, sessionId: session.id },
        now,
      );
      return {
        kind: 'session' as const,
        ...issued,
        csrfToken: keys.csrfToken(session.id),
        sessionId: session.id,
      };
    });
  }

  async function secondFactor(member: store.MemberRow, code: string, now: Date): Promise<string | null> {
    if (member.totpSecret === null) return null;
    const secret = decryptSecret(services.sealing.masterKey, member.totpSecret, `totp:${member.id}`);
    // What was read above only screens out wrong codes; the store decides who spends a right one,
    // since concurrent requests with the same code all read it unspent.
    const step = acceptedStep(secret, code, now, member.totpLastStep);
    if (step !== null)
      return (await store.consumeTotpStep(db, member.tenantId, member.id, step)) ? 'totp' : null;
    const hashed = hashRecoveryCode(code);
    if (member.recoveryCodes.includes(hashed))
      return (await store.consumeRecoveryCode(db, member.tenantId, member.id, hashed))
        ? 'recovery-code'
        : null;
    return null;
  }

  async function lookup(token: string, via: 'cookie' | 'bearer'): Promise<SessionPrincipal | null> {
    const now = clock();
    const claims = await keys.verify(token, now);
    if (!claims) return null;
    const found = await store.liveSession(db, claims.tenantId, claims.sessionId, claims.memberId, now);
    if (!found) return null;
    const { member, tenant } = found;
    return {
      kind: 'session',
      tenant: {
        id: tenant.id,
        name: tenant.name,
        subdomain: tenant.subdomain,
        tier: tenant.tier,
        subscriptionStatus: tenant.subscriptionStatus,
        mfaRequired: tenant.mfaRequired,
        passportLimit: tenant.passportLimit,
        activePassports: tenant.activePassports,
      },
      member: {
        id: member.id,
        email: member.email,
        role: member.role,
        permissions: [...ROLE_PERMISSIONS[member.role]],
        mfaEnrolled: member.totpSecret !== null,
        manageMembers: member.manageMembers,
        language: member.language,
      },
      session: { id: claims.sessionId, via, token, expiresAt: claims.expiresAt },
    };
  }

  return {
    keys,
    auth: {
      cookieName: SESSION_COOKIE,
      lookup,
      looksLikeSession: looksLikeJwt,
      sameCsrfToken: keys.sameCsrfToken,
    },

    async signIn({ workspace, email, password }, ip) {
      const now = clock();
      ipBudget(ip, now.getTime());
      const tenant = await store.tenantBySubdomain(db, workspace.trim().toLowerCase());
      const member = tenant ? await store.memberByEmail(db, tenant.id, normaliseEmail(email)) : null;
      const locked = member ? await isLocked(member, ip, now) : false;
      const usable = member && !member.disabledAt && !locked ? member : null;
      // The hash is always verified, so that an unknown or locked account answers as slowly as a known one.
      const right = await verifyPassword(usable?.passwordHash ?? null, password);
      if (!usable || !right) {
        ipFailed(ip, now.getTime());
        if (member && !locked) await accountFailed(member, ip, now, 'password');
        throw new AppError('UNAUTHORIZED', FAILED);
      }
      if (usable.totpSecret !== null) {
        return {
          kind: 'challenge',
          challenge: await keys.issueChallenge({ tenantId: usable.tenantId, memberId: usable.id }, now),
        };
      }
      return startSession(usable, ip, now, 'password');
    },

    async completeChallenge(challenge, code, ip) {
      const now = clock();
      ipBudget(ip, now.getTime());
      const claims = await keys.verifyChallenge(challenge, now);
      const member = claims ? await store.memberById(db, claims.tenantId, claims.memberId) : null;
      if (!member || member.disabledAt || (await isLocked(member, ip, now))) {
        ipFailed(ip, now.getTime());
        throw new AppError('UNAUTHORIZED', 'The sign-in has expired or the account is locked: sign in again');
      }
      const method = await secondFactor(member, code, now);
      if (method === null) {
        ipFailed(ip, now.getTime());
        await accountFailed(member, ip, now, 'second-factor');
        throw new AppError('UNAUTHORIZED', 'The code is wrong or was used already');
      }
      return startSession(member, ip, now, `password+${method}`);
    },

    async refresh(principal) {
      const now = clock();
      const { tenant, member, session } = principal;
      await store.touchSession(db, tenant.id, session.id, now);
      const issued = await keys.issue(
        { tenantId: tenant.id, memberId: member.id, sessionId: session.id },
        now,
      );
      return { kind: 'session', ...issued, csrfToken: keys.csrfToken(session.id), sessionId: session.id };
    },

    async signOut({ tenant, member, session }) {
      const now = clock();
      await db.transaction(async (tx) => {
        await store.endSession(tx, tenant.id, session.id, now);
        await recordChange(tx, tenant.id, `user:${member.id}`, now, {
          action: 'member.signed_out',
          subjectType: 'member',
          subjectId: member.id,
          details: { session: session.id },
        });
      });
    },

    async checkSecondFactor(tenantId, memberId, code) {
      const member = await store.memberById(db, tenantId, memberId);
      return member !== null && (await secondFactor(member, code, clock())) !== null;
    },
  };
}

export { toMemberRecord };
