// API key tokens: `<prefix>dpp_token_<secret>`. The prefix (`odpp_` + 8 characters + `_`) is public:
// it finds the key and names it in audit trails (`key:<prefix>`). Only the SHA-256 of the whole
// token is stored, and presented tokens are compared by hash in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN_SHAPE = /^(odpp_[A-Za-z0-9]{8}_)dpp_token_([A-Za-z0-9_-]{43})$/;

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
  const prefix = `odpp_${randomAlphanumeric(8)}_`;
  const token = `${prefix}dpp_token_${randomBytes(32).toString('base64url')}`;
  return { token, prefix, hash: hashToken(token) };
}

/** The prefix of a well-formed token, or null: a malformed token never reaches the store. */
export function tokenPrefix(token: string): string | null {
  return TOKEN_SHAPE.exec(token)?.[1] ?? null;
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
