// Member passwords: argon2id (memory-hard) from @node-rs/argon2, with the OWASP parameters. An
// unknown account is answered after verifying against a dummy hash, so its answer takes as long as a
// known one's and the timing does not tell which addresses are members.
import { hash, verify } from '@node-rs/argon2';
import { AppError, badRequest } from '../../core/errors.ts';
import { passwordWeakness } from './password-strength.ts';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const MIN_PASSWORD = 12;
const MAX_PASSWORD = 256;

let dummy: Promise<string> | undefined;

/**
 * Refuses a new password that is too short, too long or too easy to guess (password-strength.ts).
 * `related` holds what a guesser knows of the member (email, workspace). A guessable password is
 * refused with zxcvbn's reason, in the message and as `password: { warning, suggestions }`.
 */
export async function checkPasswordRules(password: string, related: string[] = []): Promise<void> {
  if (password.length < MIN_PASSWORD)
    throw badRequest(`The password needs at least ${MIN_PASSWORD} characters`);
  if (password.length > MAX_PASSWORD)
    throw badRequest(`The password has more than ${MAX_PASSWORD} characters`);
  const weakness = await passwordWeakness(password, related);
  if (!weakness) return;
  const reason = [weakness.warning, ...weakness.suggestions].filter((text) => text !== null).join(' ');
  throw new AppError('BAD_REQUEST', `${WEAK_PASSWORD} ${reason}`.trim(), {
    extra: { password: { warning: weakness.warning, suggestions: weakness.suggestions } },
  });
}

/** The start of the refusal's message, which the console's pages replace by their own words. */
export const WEAK_PASSWORD = 'The password is too easy to guess.';

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when the password matches; with no stored hash, spends the same work and answers false. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummy ??= hashPassword('an unused password for timing only');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
