// The Redis connection that holds the shared request budgets (REDIS_URL). It holds nothing else,
// so losing it must not stop the node: commands fail at once while it is unreachable (no offline
// queue) or after COMMAND_TIMEOUT_MS when it hangs, the rate limiter then lets the request through
// uncounted (skipOnError, see rate-limits.ts), and /health reports the node as degraded. Each loss
// and each recovery is logged once, not once per request.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Long enough for a loaded Redis on the same network, short against a request's own budget. */
export const COMMAND_TIMEOUT_MS = 500;

export interface BudgetStore {
  redis: Redis;
  /** Settles once the first connection is up or has failed: budgets count from the first request. */
  connected: Promise<void>;
  /** True when Redis answers PING now. */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

export function budgetStore(url: string, log: FastifyBaseLogger): BudgetStore {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    // Reconnect for ever, at most every two seconds: the node outlives any Redis outage.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  let up: boolean | undefined;
  redis.on('ready', () => {
    if (up === false) log.warn('redis reachable again: request budgets are counted again');
    up = true;
  });
  redis.on('error', (error: Error) => {
    if (up !== false) {
      log.error(
        { err: { type: error.name, message: error.message } },
        'redis unreachable: request budgets are not counted until it returns',
      );
    }
    up = false;
  });
  const connected = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2_000);
    const settle = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', settle);
    redis.once('error', settle);
  });
  return {
    redis,
    connected,
    async reachable() {
      try {
        return (await redis.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      // quit() would wait for a Redis that may be gone; disconnect() does not.
      redis.disconnect();
    },
  };
}
