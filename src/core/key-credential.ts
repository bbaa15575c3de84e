// The one check of a presented API key: a key that is unknown, revoked or expired is 401 with the
// reason, on a workspace route (http/auth.ts) as on public resolution (resolution/viewer.ts), which
// needs no credential but never silently downgrades one that is sent (Authentication 6).
import { AppError } from './errors.ts';
import type { KeyLookup, KeyPrincipal } from './principal.ts';

/** 401 with the challenge of a Bearer credential. */
export function unauthorized(message: string): AppError {
  return new AppError('UNAUTHORIZED', message, { headers: { 'www-authenticate': 'Bearer' } });
}

/** The principal of a key as the key lookup found it, or 401 saying why it does not stand. */
export function keyPrincipal(found: KeyLookup): KeyPrincipal {
  if (found === null) throw unauthorized('Invalid API key');
  if (found === 'revoked') throw unauthorized('API key has been revoked');
  if (found === 'expired') throw unauthorized('API key has expired');
  return found;
}
