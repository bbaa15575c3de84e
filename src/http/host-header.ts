// The Host a request names decides which workspace's host it is on (auth.ts, resolution), so it is
// read strictly, before anything else looks at it: exactly one Host header, holding a host name (or
// an IPv4 address, or an IPv6 literal in brackets) and an optional port, nothing more. Otherwise
// `Host: bravo.localhost/x` would not end in the node's host and so escape the workspace-host rule,
// and of two Host headers Node keeps the first while a proxy may have routed by the second.
// Anything else is 400 with the error body. Behind a trusted proxy the host Fastify takes from
// X-Forwarded-Host is held to the same form.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../core/errors.ts';

const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]{2,45}\\])(?::\\d{1,5})?$`);

/** Whether `value` is a host and an optional port, and nothing else. */
export function isHostHeader(value: string): boolean {
  return value.length <= 260 && HOST.test(value);
}

/** How many Host headers the client sent (Node keeps the first and drops the others). */
function hostHeaders(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]?.length === 4 && raw[i]?.toLowerCase() === 'host') count++;
  return count;
}

export function registerHostCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const sent = hostHeaders(request);
    if (sent > 1) return done(badRequest('The request has more than one Host header'));
    // HTTP/1.0 may omit Host (Node refuses its absence on HTTP/1.1); what Fastify derived is checked.
    const host = request.host as string | undefined;
    if (host !== undefined && !isHostHeader(host)) {
      return done(badRequest('The Host header must hold a host and an optional port only'));
    }
    done();
  });
}
