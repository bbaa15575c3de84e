// The HTTP side of the cache policy (core/cache-policy.ts): a public answer sent with its ETag and
// Cache-Control, or a 304 when the caller already holds it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CacheTags, cacheTag, etagOf } from '../core/cache-policy.ts';

/** Whether the request's If-None-Match names `etag` (or `*`): the answer is then a 304. */
export function ifNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/**
 * Sends a public text answer with its ETag and cache headers, or a 304 when the caller holds it.
 * `headers` carries Cache-Control and whatever else the answer promises.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { type: string; body: string; headers: Record<string, string>; tags?: CacheTags },
) {
  const etag = etagOf(answer.body);
  reply.headers(answer.headers).header('etag', etag);
  if (answer.tags) reply.header('cache-tag', cacheTag(answer.tags));
  if (ifNoneMatch(request, etag)) return reply.code(304).send();
  return reply.code(200).type(answer.type).serializer(String).send(answer.body);
}
