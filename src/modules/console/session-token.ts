// Session JWTs (HS256) and CSRF tokens. Both keys are derived from the master key with HKDF-SHA256
// under distinct labels, so nothing new is stored, every instance sharing the master key accepts the
// others' sessions, and rotating the master key ends every session. The JWT only says which session
// it belongs to: whether that session still lives is read from the store on every request.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const SESSION_TTL_S = 15 * 60;
export const CHALLENGE_TTL_S = 5 * 60;
const ISSUER = 'opendpp-console';

export interface SessionClaims {
  tenantId: string;
  memberId: string;
  sessionId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface ChallengeClaims {
  tenantId: string;
  memberId: string;
}

export interface SessionKeys {
  issue(claims: Omit<SessionClaims, 'expiresAt'>, now: Date): Promise<{ token: string; expiresAt: Date }>;
  verify(token: string, now: Date): Promise<SessionClaims | null>;
  /** A short-lived proof that the password was right, exchanged for a session with a TOTP code. */
  issueChallenge(claims: ChallengeClaims, now: Date): Promise<string>;
  verifyChallenge(token: string, now: Date): Promise<ChallengeClaims | null>;
  csrfToken(sessionId: string): string;
  sameCsrfToken(sessionId: string, presented: string): boolean;
}

const derive = (masterKey: Uint8Array, label: string) =>
  new Uint8Array(hkdfSync('sha256', masterKey, new Uint8Array(0), `opendpp ${label} v1`, 32));

export function sessionKeys(masterKey: Uint8Array): SessionKeys {
  const jwtKey = derive(masterKey, 'console session jwt');
  const csrfKey = derive(masterKey, 'console csrf');

  async function sign(
    payload: Record<string, unknown>,
    audience: string,
    subject: string,
    now: Date,
    ttl: number,
  ) {
    const iat = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(jwtKey);
    return { token, exp: iat + ttl };
  }

  async function read(token: string, audience: string, now: Date) {
    try {
      const { payload } = await jwtVerify(token, jwtKey, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
        currentDate: now,
        clockTolerance: 0,
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  const csrf = (sessionId: string) => createHmac('sha256', csrfKey).update(sessionId).digest();

  return {
    async issue({ tenantId, memberId, sessionId }, now) {
      const { token, exp } = await sign(
        { tid: tenantId, sid: sessionId },
        'session',
        memberId,
        now,
        SESSION_TTL_S,
      );
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token, now) {
      const payload = await read(token, 'session', now);
      const { tid, sid, sub, exp } = payload ?? {};
      if (
        typeof tid !== 'string' ||
        typeof sid !== 'string' ||
        typeof sub !== 'string' ||
        typeof exp !== 'number'
      )
        return null;
      return { tenantId: tid, memberId: sub, sessionId: sid, expiresAt: exp };
    },
    async issueChallenge({ tenantId, memberId }, now) {
      return (await sign({ tid: tenantId }, 'mfa-challenge', memberId, now, CHALLENGE_TTL_S)).token;
    },
    async verifyChallenge(token, now) {
      const payload = await read(token, 'mfa-challenge', now);
      if (typeof payload?.tid !== 'string' || typeof payload.sub !== 'string') return null;
      return { tenantId: payload.tid, memberId: payload.sub };
    },
    csrfToken: (sessionId) => csrf(sessionId).toString('base64url'),
    sameCsrfToken(sessionId, presented) {
      const expected = csrf(sessionId);
      const given = Buffer.from(presented, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** A compact JWS as a Bearer token: three base64url parts, the first a JSON header. */
export const looksLikeJwt = (token: string) =>
  /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
