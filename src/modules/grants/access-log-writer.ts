// Access-log entries are written off the read's latency: a read queues its entry and answers, and
// the queue is written in multi-row INSERTs on the next turn of the event loop, so that a burst of
// reads costs one statement rather than one per read. Listing the log writes this instance's queue
// first, so the instance that served a read always shows it. Durability (docs/grants.md): a graceful
// shutdown writes the queue (app onClose); an entry still queued when a process dies abruptly is
// lost; a failed write keeps its entries and tries again a second later, keeping at most MAX_QUEUED.
import type { Executor } from '../../db/client.ts';
import * as store from './store.ts';

const MAX_BATCH = 500;
const MAX_QUEUED = 10_000;
const RETRY_MS = 1_000;

export interface AccessLogWriter {
  /** Queues one entry; never waits and never throws. */
  enqueue(entry: store.NewAccessLogEntry): void;
  /** Writes everything queued so far; resolves once written, or once a failed write was put back. */
  flush(): Promise<void>;
  /** Hears failed writes (the app logs them); returns the unsubscribe. */
  onError(listener: (error: unknown) => void): () => void;
}

function accessLogWriter(db: Executor): AccessLogWriter {
  let queue: store.NewAccessLogEntry[] = [];
  let chain: Promise<void> = Promise.resolve();
  let scheduled = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<(error: unknown) => void>();

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        await store.insertAccessLog(db, batch);
      } catch (error) {
        // Put back in order; beyond the cap the oldest entries go, so memory stays bounded.
        queue = [...batch, ...queue].slice(-MAX_QUEUED);
        for (const listener of listeners) listener(error);
        if (retry === null) {
          retry = setTimeout(() => {
            retry = null;
            void flush();
          }, RETRY_MS);
          retry.unref();
        }
        return;
      }
    }
  }

  function flush(): Promise<void> {
    chain = chain.then(drain);
    return chain;
  }

  return {
    enqueue(entry) {
      queue.push(entry);
      if (queue.length > MAX_QUEUED) queue.shift();
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        void flush();
      });
    },
    flush,
    onError(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// One writer per store, shared by every app on it (as the grant token cache is).
const writers = new WeakMap<object, AccessLogWriter>();

export function accessLogWriterFor(db: Executor): AccessLogWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = accessLogWriter(db);
    writers.set(db, writer);
  }
  return writer;
}
