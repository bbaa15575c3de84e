// Who is reading a public URL: nobody in particular, the holder of a grant token (Bearer or
// `?grant=`), or a workspace API key. Resolution needs no credentials, but a credential that is
// sent and is not valid answers 401 (Authentication 6): a caller is never silently downgraded.
import { AppError } from '../../core/errors.ts';
import type { KeyLookup, KeyPrincipal } from '../../core/principal.ts';

export type Viewer =
  | { kind: 'anonymous' }
  | { kind: 'grant'; token: string }
  | { kind: 'key'; principal: KeyPrincipal };

export const isGrantToken = (token: string) => token.startsWith('dpp_li_') || token.startsWith('dpp_auth_');

const unauthorized = (message: string) =>
  new AppError('UNAUTHORIZED', message, { headers: { 'www-authenticate': 'Bearer' } });

/**
 * The viewer a request names: `token` is its Bearer token (null without an Authorization header,
 * '' for a malformed one), `grant` its `?grant=` value.
 */
export async function viewerOf(
  token: string | null,
  grant: unknown,
  lookupKey: (token: string) => Promise<KeyLookup>,
): Promise<Viewer> {
  // The Authorization header decides (docs/grants.md): `?grant=` counts only when none is sent, so
  // an invalid key is 401 whatever grant comes with it, and the owner's key reads as the owner.
  if (token === null) {
    return typeof grant === 'string' && grant !== ''
      ? { kind: 'grant', token: grant }
      : { kind: 'anonymous' };
  }
  if (token === '') throw unauthorized('Malformed Authorization header: expected Bearer <token>');
  if (isGrantToken(token)) return { kind: 'grant', token };
  const found = await lookupKey(token);
  if (found === null) throw unauthorized('Invalid API key');
  if (found === 'revoked') throw unauthorized('API key has been revoked');
  if (found === 'expired') throw unauthorized('API key has expired');
  return { kind: 'key', principal: found };
}
