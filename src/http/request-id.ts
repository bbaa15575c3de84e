// X-Request-Id on every response. A client's own id is adopted when it is well formed, so a caller
// can follow one request through its logs and ours; anything else is replaced by a fresh UUID.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(raw: IncomingMessage): string {
  const offered = raw.headers['x-request-id'];
  return typeof offered === 'string' && WELL_FORMED.test(offered) ? offered : randomUUID();
}

export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
