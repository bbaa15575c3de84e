// Grant tokens: `dpp_li_<secret>` (legitimate interest) and `dpp_auth_<secret>` (authority), the
// capability a grant holder presents as a Bearer token or as `?grant=`. The secret is 32 random
// bytes in base64url; only the SHA-256 of the whole token is stored (as for API keys).
import { randomBytes } from 'node:crypto';
import { hashToken, type NewToken } from './api-token.ts';

export type GrantTier = 'legitimate-interest' | 'authority';

const PREFIX: Record<GrantTier, string> = { 'legitimate-interest': 'dpp_li_', authority: 'dpp_auth_' };
const TOKEN_SHAPE = /^(dpp_li_|dpp_auth_)[A-Za-z0-9_-]{43}$/;

export function generateGrantToken(tier: GrantTier): Omit<NewToken, 'prefix'> {
  const token = `${PREFIX[tier]}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}

/** Whether a presented credential is meant as a grant token (by its prefix), well-formed or not. */
export function looksLikeGrantToken(token: string): boolean {
  return token.startsWith('dpp_li_') || token.startsWith('dpp_auth_');
}

/** The tier a well-formed token names, or null for anything else (it never reaches the store). */
export function grantTokenTier(token: string): GrantTier | null {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return null;
  return match[1] === 'dpp_li_' ? 'legitimate-interest' : 'authority';
}

/** The secret of a request's private status link: 32 random bytes, base64url. */
export function generateRequestSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashToken(secret) };
}
