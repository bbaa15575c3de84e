// The names of a run's worker databases on PostgreSQL: helpers/db.ts makes one per worker, and
// test/global-setup.ts, which names the run, drops them when it ends. Kept apart from db.ts so
// that the main vitest process does not load the store to compute a name.

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's worker databases; given by test/global-setup.ts. */
    testRun: string;
  }
}

/** The prefix of the databases run `run` makes beside the database of `serverUrl`. */
export function workerDatabasePrefix(serverUrl: string, run: string): string {
  const base = decodeURIComponent(new URL(serverUrl).pathname.slice(1)) || 'postgres';
  return `${base}_run${run}_w`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
}
