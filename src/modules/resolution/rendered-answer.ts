// The bytes of one answer with the headers they are sent with: a restricted tier is never stored by a
// cache on the way, a public one may be but revalidates (the ETag makes that a 304).
import { createHash } from 'node:crypto';
import type { Lang } from '../../http/i18n.ts';
import type { Representation } from '../../http/representations.ts';
import type { RenderedAnswer } from './render-cache.ts';

const RESTRICTED_HEADERS = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' };
const PUBLIC_HEADERS = { 'cache-control': 'public, no-cache' };

export const etagOf = (body: Buffer) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export function renderedAnswer(
  representation: Representation,
  lang: Lang,
  answer: { status: number; body: Buffer; etag: string; restricted: boolean },
): RenderedAnswer {
  return {
    status: answer.status,
    contentType: representation.contentType,
    body: answer.body,
    etag: answer.etag,
    headers: {
      ...(answer.restricted ? RESTRICTED_HEADERS : PUBLIC_HEADERS),
      ...(representation.localised ? { 'content-language': lang } : {}),
      ...representation.headers,
    },
  };
}
