// The listening server's deadlines. Fastify leaves requestTimeout at 0 (no limit), so a client that
// sends headers a byte at a time would hold its connection, and a slot of the proxy, for ever.
// Node closes a connection past a deadline only when it sweeps its connections, every
// `connectionsCheckingInterval` (30 s by default); the sweep here runs often enough that a deadline
// is kept to within a quarter of the header deadline, at most 5 s late.
import type { ServerOptions } from 'node:http';
import type { Config } from '../config.ts';

/** Fastify's own deadline options, and the node server's options Fastify passes on (`http`). */
export function serverTimeouts(timeouts: Config['httpTimeouts']): {
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  const sweepMs = Math.min(5_000, Math.max(50, Math.floor(timeouts.headersMs / 4)));
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: sweepMs,
    },
  };
}
