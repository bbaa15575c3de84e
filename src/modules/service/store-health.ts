// What /health says of the store: `down` while a round trip fails (or takes longer than a balancer
// should wait), `read-only` while the embedded store's disk refuses a write (or cannot take one in
// that time), else `ok`. The write probe's answer is kept for a moment, so /health under load does
// not write on every request.
import { type Db, pingDatabase } from '../../db/client.ts';

export type StoreState = 'ok' | 'down' | 'read-only';

const TIMEOUT_MS = 2_000;
export const WRITE_PROBE_TTL_MS = 2_000;

export interface StoreHealthOptions {
  db: Db;
  /** Rejects when the store's disk refuses a write (the embedded store on a directory). */
  probeWrite?: (() => Promise<void>) | undefined;
  /**
   * Whether a slow round trip means the store is down: true for a server over the network. The
   * embedded store runs in the process, one statement at a time, so a slow answer there means busy.
   */
  remote: boolean;
  onFailure: (error: unknown, state: Exclude<StoreState, 'ok'>) => void;
  now?: () => number;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function storeHealth({ db, probeWrite, remote, onFailure, now = Date.now }: StoreHealthOptions) {
  // One probe at a time; concurrent health checks share the running one and its answer.
  let written: { at: number; result: Promise<boolean> } | null = null;

  const writable = (): Promise<boolean> => {
    if (!probeWrite) return Promise.resolve(true);
    if (written && now() - written.at < WRITE_PROBE_TTL_MS) return written.result;
    // A disk that cannot take one page within the bound is not taking writes either.
    const result = within(probeWrite(), TIMEOUT_MS).then(
      () => true,
      (error: unknown) => {
        onFailure(error, 'read-only');
        return false;
      },
    );
    written = { at: now(), result };
    return result;
  };

  return async function check(): Promise<StoreState> {
    try {
      await (remote ? within(pingDatabase(db), TIMEOUT_MS) : pingDatabase(db));
    } catch (error) {
      onFailure(error, 'down');
      return 'down';
    }
    return (await writable()) ? 'ok' : 'read-only';
  };
}
