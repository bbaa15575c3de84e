// Backup partner tokens: `dpp_backup_<secret>`, the credential an origin node pushes its sealed
// passport versions with (docs/backup.md). The secret is 32 random bytes in base64url; only the
// SHA-256 of the whole token is stored and looked up, as for grant tokens.
import { randomBytes } from 'node:crypto';
import { hashToken, type NewToken } from './api-token.ts';

export const BACKUP_TOKEN_PREFIX = 'dpp_backup_';
const TOKEN_SHAPE = /^dpp_backup_[A-Za-z0-9_-]{43}$/;

export function generateBackupToken(): Omit<NewToken, 'prefix'> {
  const token = `${BACKUP_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}

/** The stored hash of a well-formed token, or null: a malformed token never reaches the store. */
export function backupTokenHash(token: string): string | null {
  return TOKEN_SHAPE.test(token) ? hashToken(token) : null;
}
