// Who is reading a public URL: nobody in particular, the holder of a grant token (Bearer or
// `?grant=`), or a workspace API key. Resolution needs no credentials, but a credential that is
// sent and is not valid answers 401 (Authentication 6): a caller is never silently downgraded.
import type { FastifyRequest } from 'fastify';
import { bearerToken, type KeyLookup, type KeyPrincipal } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';

export type Viewer =
  | { kind: 'anonymous' }
  | { kind: 'grant'; token: string }
  | { kind: 'key'; principal: KeyPrincipal };

export const isGrantToken = (token: string) => token.startsWith('dpp_li_') || token.startsWith('dpp_auth_');

const unauthorized = (message: string) =>
  new AppError('UNAUTHORIZED', message, { headers: { 'www-authenticate': 'Bearer' } });

export async function viewerOf(
  request: FastifyRequest,
  lookupKey: (token: string) => Promise<KeyLookup>,
): Promise<Viewer> {
  const grant = (request.query as { grant?: unknown } | undefined)?.grant;
  if (typeof grant === 'string' && grant !== '') return { kind: 'grant', token: grant };
  const token = bearerToken(request);
  if (token === null) return { kind: 'anonymous' };
  if (token === '') throw unauthorized('Malformed Authorization header: expected Bearer <token>');
  if (isGrantToken(token)) return { kind: 'grant', token };
  const found = await lookupKey(token);
  if (found === null) throw unauthorized('Invalid API key');
  if (found === 'revoked') throw unauthorized('API key has been revoked');
  if (found === 'expired') throw unauthorized('API key has expired');
  return { kind: 'key', principal: found };
}
