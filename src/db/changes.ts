// The change feed: PostgreSQL LISTEN/NOTIFY on one channel (PGlite has it too), so that every
// instance drops cached state soon after another instance commits a change. Notifications are sent
// by triggers inside the writing transaction, so they are delivered exactly when the change
// commits. A lost connection loses notifications: subscribers are told to forget
// everything when it is back (and their time-to-live bounds what they may miss meanwhile).
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export const CHANGE_CHANNEL = 'opendpp_changes';

export interface ChangeFeed {
  /** Calls `handler` with each notification's payload (e.g. `tenant:<id>`); returns an unsubscribe. */
  onChange(handler: (payload: string) => void): () => void;
  /** Calls `handler` when notifications may have been missed (the listening connection re-opened). */
  onReset(handler: () => void): () => void;
  close(): Promise<void>;
}

function handlerSet() {
  const changes = new Set<(payload: string) => void>();
  const resets = new Set<() => void>();
  return {
    changes,
    resets,
    feed: {
      onChange(handler: (payload: string) => void) {
        changes.add(handler);
        return () => void changes.delete(handler);
      },
      onReset(handler: () => void) {
        resets.add(handler);
        return () => void resets.delete(handler);
      },
    },
  };
}

export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const { changes, feed } = handlerSet();
  const unlisten = await client.listen(CHANGE_CHANNEL, (payload) => {
    for (const handler of changes) handler(payload);
  });
  return { ...feed, close: () => unlisten() };
}

const RECONNECT_MS = [100, 250, 500, 1_000, 2_000, 5_000];

/**
 * A dedicated connection that LISTENs, re-opened with back-off whenever it drops. One attempt runs
 * at a time: a failed attempt and the end of its half-open client both signal the failure, and
 * answering both would double the attempts (and the connections) at every failure of an outage.
 */
export async function postgresChangeFeed(
  databaseUrl: string,
  onError: (error: unknown) => void = () => {},
): Promise<ChangeFeed> {
  const { changes, resets, feed } = handlerSet();
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL) return;
      for (const handler of changes) handler(message.payload ?? '');
    });
    next.on('error', (error) => {
      onError(error);
      void next.end().catch(() => {});
    });
    // Only the listening client's end is a loss to recover from; an attempt's is its own failure.
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  };

  const scheduleReconnect = () => {
    if (closed || retry !== null) return;
    const delay = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)] as number;
    retry = setTimeout(() => {
      retry = null;
      if (closed) return;
      connect()
        .then(() => {
          attempt = 0;
          // Notifications sent while no connection listened are lost: subscribers forget everything.
          for (const handler of resets) handler();
        })
        .catch((error: unknown) => {
          onError(error);
          scheduleReconnect();
        });
    }, delay);
    retry.unref();
  };

  await connect();
  return {
    ...feed,
    async close() {
      closed = true;
      if (retry !== null) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
