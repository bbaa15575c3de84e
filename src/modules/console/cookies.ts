// The session cookie: HttpOnly, SameSite=Lax, Secure everywhere but loopback (a browser on
// http://127.0.0.1 during development would drop a Secure cookie), and no longer-lived than the JWT.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_S } from './session-token.ts';
import { SESSION_COOKIE } from './sessions.ts';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

export function isLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.hostname.replace(/:\d+$/, ''));
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: !isLoopback(request),
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_TTL_S,
  });
}

/** The console language a visitor chose (`?lang=` or the language switch), kept for a year. */
export const LANGUAGE_COOKIE = 'odpp_lang';
const YEAR_S = 365 * 24 * 3600;

export function setLanguageCookie(request: FastifyRequest, reply: FastifyReply, lang: string): void {
  reply.setCookie(LANGUAGE_COOKIE, lang, {
    httpOnly: true,
    secure: !isLoopback(request),
    sameSite: 'lax',
    path: '/console',
    maxAge: YEAR_S,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    secure: !isLoopback(request),
    sameSite: 'lax',
    path: '/',
  });
}
