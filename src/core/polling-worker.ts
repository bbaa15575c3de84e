// The loop both outbox workers (webhook deliveries, backup pushes) run around their one pass: one
// pass at a time, again at once after a full batch (more may be due), else after the poll interval;
// `stop` ends the polling and waits for the pass in flight.

export interface PollingWorker {
  /** Runs one pass now (after the one in flight); answers how many items it attempted. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the pass in flight. */
  stop(): Promise<void>;
}

export interface PollingOptions {
  /** One pass: claims what is due and works it; answers how many items it attempted. */
  pass: () => Promise<number>;
  /** A pass that attempted this many (a full batch) is followed by another at once. */
  batch: number;
  /** Milliseconds between polls when the queue is empty; `false` polls only through runOnce. */
  pollMs: number | false;
  onError?: (error: unknown) => void;
}

export function startPolling({ pass, batch, pollMs, onError }: PollingOptions): PollingWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const runOnce = (): Promise<number> => {
    // A second caller waits for the pass in flight, then runs its own.
    const previous = running ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(() => pass());
    running = next;
    return next;
  };

  const schedule = (ms: number) => {
    if (stopped || pollMs === false) return;
    timer = setTimeout(() => {
      runOnce().then(
        (attempted) => schedule(attempted >= batch ? 0 : pollMs),
        (error: unknown) => {
          onError?.(error);
          schedule(pollMs);
        },
      );
    }, ms);
  };
  schedule(0);

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => 0);
    },
  };
}
