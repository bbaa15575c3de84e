// What both outbox workers are given and the defaults they share: the webhook deliveries' worker here
// and the backup pushes' worker of backup-origin, which runs this module's pattern and parts (the
// same guarded sender, retry schedule and lease), so the one options type stands beside them.
import type { Db } from '../../db/client.ts';
import type { TargetPolicy } from './target.ts';

export interface OutboxWorkerOptions {
  db: Db;
  masterKey: Uint8Array;
  policy: TargetPolicy;
  /** How long one send may take. */
  timeoutMs: number;
  clock?: () => Date;
  /** In [0, 1): the jitter's dice (tests pin it). */
  random?: () => number;
  /** Milliseconds between polls when the queue is empty; `false` polls only through runOnce. */
  pollMs?: number | false;
  /** Items claimed at once. */
  batch?: number;
  onError?: (error: unknown) => void;
}

const DEFAULT_POLL_MS = 1_000;
const DEFAULT_BATCH = 10;
/** A claim outlives the send's timeout by this much before another worker may take it over. */
const LEASE_MARGIN_MS = 5_000;

/** The options with their defaults filled in, and the end of the lease of a claim made at `now`. */
export function outboxSettings(options: OutboxWorkerOptions) {
  const pollMs: number | false = options.pollMs === false ? false : (options.pollMs ?? DEFAULT_POLL_MS);
  return {
    clock: options.clock ?? (() => new Date()),
    random: options.random ?? Math.random,
    batch: options.batch ?? DEFAULT_BATCH,
    pollMs,
    leaseUntil: (now: Date) => new Date(now.getTime() + options.timeoutMs + LEASE_MARGIN_MS),
  };
}
