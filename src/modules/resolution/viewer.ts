// Who is reading a public URL: nobody in particular, the holder of a grant token (Bearer or
// `?grant=`), or a workspace API key. Resolution needs no credentials, but a credential that is
// sent and is not valid answers 401 (Authentication 6): a caller is never silently downgraded.
import { keyPrincipal, unauthorized } from '../../core/key-credential.ts';
import type { KeyLookup, KeyPrincipal } from '../../core/principal.ts';
import { looksLikeGrantToken } from '../../domain/auth/grant-token.ts';

export type Viewer =
  | { kind: 'anonymous' }
  | { kind: 'grant'; token: string }
  | { kind: 'key'; principal: KeyPrincipal };

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
  if (looksLikeGrantToken(token)) return { kind: 'grant', token };
  return { kind: 'key', principal: keyPrincipal(await lookupKey(token)) };
}
