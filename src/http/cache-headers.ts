// The HTTP side of the cache policy (core/cache-policy.ts): a public answer sent with its ETag and
// Cache-Control, or a 304 when the caller already holds it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * nginx counts a cache entry's life in whole seconds: `s-maxage=1` there keeps an answer until the
 * end of the next second, up to two. Each answer a shared cache may keep for the node's one second
 * also says, for nginx, that it expires at the end of the current second (`X-Accel-Expires: @<now>`,
 * which nginx reads before Cache-Control and never passes on): kept at most one second there too.
 * Other caches ignore the header and follow s-maxage.
 */
export function registerCacheClock(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const control = reply.getHeader('cache-control');
    if (typeof control === 'string' && control.includes('s-maxage=1')) {
      reply.header('x-accel-expires', `@${Math.floor(Date.now() / 1000)}`);
    }
    return payload;
  });
}
