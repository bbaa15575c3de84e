// API key tokens: `odpp_dpp_token_<lookup id>_<secret>`. The head before the secret
// (`odpp_dpp_token_` + 8 characters + `_`) is the key's public prefix: it finds the key and names it
// in audit trails (`key:<prefix>`). The part before `dpp_token_` is the same for every key, so that
// secret scanners can match tokens by one pattern (docs/authentication.md). Only the SHA-256 of the
// whole token is stored, and presented tokens are compared by hash in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** What every token begins with. */
export const TOKEN_PREFIX = 'odpp_dpp_token_';
/** The pattern docs/authentication.md gives secret scanners (no anchors: tokens sit inside text). */
export const TOKEN_PATTERN = /odpp_dpp_token_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}/;
const TOKEN_SHAPE = /^(odpp_dpp_token_[A-Za-z0-9]{8}_)[A-Za-z0-9_-]{43}$/;
// Tokens issued before the prefix was fixed (`odpp_<lookup id>_dpp_token_<secret>`) keep working;
// their stored prefix is their own head, `odpp_<lookup id>_`.
const LEGACY_SHAPE = /^(odpp_[A-Za-z0-9]{8}_)dpp_token_[A-Za-z0-9_-]{43}$/;

function randomAlphanumeric(length: number): string {
  // 62 does not divide 256: rejection keeps every character equally likely.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export interface NewToken {
  token: string;
  prefix: string;
  hash: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function generateApiToken(): NewToken {
  const prefix = `${TOKEN_PREFIX}${randomAlphanumeric(8)}_`;
  const token = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { token, prefix, hash: hashToken(token) };
}

/** The prefix of a well-formed token, either form, or null: a malformed token never reaches the store. */
export function tokenPrefix(token: string): string | null {
  return (TOKEN_SHAPE.exec(token) ?? LEGACY_SHAPE.exec(token))?.[1] ?? null;
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Constant-time comparison of two secrets of any length (lengths leak, contents do not). */
export function sameSecret(presented: string, expected: string): boolean {
  return sameHash(hashToken(presented), hashToken(expected));
}
