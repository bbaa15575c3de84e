// openDatabase(): the embedded PGlite store (default) or PostgreSQL (DATABASE_URL), migrated, behind
// one drizzle type so stores never know which engine they talk to.
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type ChangeFeed, pgliteChangeFeed, postgresChangeFeed } from './changes.ts';
import { probeDataDirWrite } from './data-dir-probe.ts';
import { LOCK_FILE, lockDataDir } from './lock.ts';
import {
  clearNewDataDir,
  discardTemplate,
  isNewDataDir,
  keepTemplate,
  readTemplate,
} from './pglite-template.ts';
import { ReplicaRoutedPool } from './replicas.ts';
import * as schema from './schema.ts';
import { type SessionStatements, sessionStatements } from './session-statements.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a store can run a query on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Change notifications of every instance on this store (see changes.ts). */
  changes: ChangeFeed;
  /**
   * Where anonymous public reads go: read replicas while they hold the primary's latest changes,
   * else the primary (replicas.ts). The same as `db` without DATABASE_REPLICA_URLS.
   */
  readDb: Db;
  /** The routed pool behind readDb when there are replicas: its counts, and the write signal. */
  replicas?: ReplicaRoutedPool;
  /** Rejects when the store's disk refuses a write; only the embedded store on a directory has one. */
  probeWrite?: () => Promise<void>;
  close(): Promise<void>;
}

/** Told of each connection the store lost (it is replaced; the caller logs it). */
export type StoreFaultListener = (error: unknown, what: string) => void;

export interface OpenOptions {
  onFault?: StoreFaultListener;
}

export type DatabaseTarget =
  | { databaseUrl: string; replicaUrls?: readonly string[] }
  | { dataDir: string }
  | { inMemory: true };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Arbitrary constant: instances booting together against one PostgreSQL migrate one at a time.
const MIGRATION_LOCK = 72_410_771;
// A request waits this long for a connection (a new one, or a free one of the pool) before it
// answers 503: an unreachable server must not hold requests open without bound.
const CONNECT_TIMEOUT_MS = 5_000;

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  const onFault = options.onFault ?? (() => {});
  if ('databaseUrl' in target) return openPostgres(target.databaseUrl, target.replicaUrls ?? [], onFault);
  return openPglite('dataDir' in target ? target.dataDir : undefined);
}

/** A PGlite on `dataDir` (or in memory); a new cluster is a copy of the kept one when there is one. */
async function startPglite(dataDir: string | undefined): Promise<PGlite> {
  const isNew = dataDir === undefined || isNewDataDir(dataDir, LOCK_FILE);
  const template = isNew ? readTemplate() : undefined;
  if (template) {
    try {
      const client = new PGlite(dataDir, { loadDataDir: template });
      await client.waitReady;
      return client;
    } catch {
      // A damaged template: forget it, clear what it left in the new directory, run initdb.
      discardTemplate();
      if (dataDir) clearNewDataDir(dataDir, LOCK_FILE);
    }
  }
  const client = new PGlite(dataDir);
  await client.waitReady;
  if (isNew) await keepTemplate(client);
  return client;
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const client = await startPglite(dataDir);
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    const statements = sessionStatements(client);
    // Each driver's database is a PgDatabase of its own query-result type; the modules use one Db for either.
    const db = drizzlePglite(statements.client, { schema }) as unknown as Db;
    sessionStatementsOf.set(db, statements);
    const changes = await pgliteChangeFeed(client);
    return {
      db,
      readDb: db,
      kind: 'pglite',
      changes,
      ...(dataDir ? { probeWrite: () => probeDataDirWrite(dataDir) } : {}),
      async close() {
        await changes.close();
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * A pool that survives the server dropping its connections (a restart, a failover,
 * pg_terminate_backend, an idle timeout): a connection that fails is reported and removed, and the
 * next query opens a new one. Without a listener, the pool's and a client's 'error' events are
 * uncaught exceptions that end the process.
 */
function resilientPool(databaseUrl: string, onFault: StoreFaultListener): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Finds a server that vanished without closing the socket (a host that went away).
    keepAlive: true,
  });
  // Each client reports its own loss once, idle or checked out (a transaction between two
  // statements has no other listener); the pool re-emits an idle client's error, already reported.
  pool.on('connect', (client) => {
    client.on('error', (error) => onFault(error, 'store connection lost'));
  });
  pool.on('error', () => {});
  return pool;
}

async function openPostgres(
  databaseUrl: string,
  replicaUrls: readonly string[],
  onFault: StoreFaultListener,
): Promise<Database> {
  const pool = resilientPool(databaseUrl, onFault);
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
  // Each driver's database is a PgDatabase of its own query-result type; the modules use one Db for either.
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // The change feed listens on the primary, where every change is committed.
  const changes = await postgresChangeFeed(databaseUrl, (error) =>
    onFault(error, 'change feed connection lost'),
  );
  if (replicaUrls.length === 0) {
    return {
      db,
      readDb: db,
      kind: 'postgres',
      changes,
      async close() {
        await changes.close();
        await pool.end();
      },
    };
  }
  const replicas = new ReplicaRoutedPool(pool, replicaUrls, onFault);
  // A commit anywhere withdraws the replicas' trust until they have replayed it; so does a lost
  // feed, which may have missed commits.
  const stopHearing = [
    changes.onChange(() => replicas.invalidate()),
    changes.onReset(() => replicas.invalidate()),
  ];
  const readDb = drizzlePg(replicas as unknown as pg.Pool, { schema }) as unknown as Db;
  return {
    db,
    readDb,
    replicas,
    kind: 'postgres',
    changes,
    async close() {
      for (const stop of stopHearing) stop();
      await changes.close();
      await replicas.end();
      await pool.end();
    },
  };
}

/** A cheap round trip that proves the store answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw SQL query. PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  // execute's result is typed per driver (the generic Db leaves it open); both carry `rows`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const preparedCache = new WeakMap<object, Map<string, unknown>>();
const sessionStatementsOf = new WeakMap<Db, SessionStatements>();

/**
 * A query prepared once per database and reused: hot reads skip rebuilding their SQL on every
 * request, and run as named statements whose plan the store keeps (on PostgreSQL by the driver, on
 * PGlite by session-statements.ts). In a transaction it is built afresh, since a prepared query
 * belongs to the session it was made on.
 */
export function prepared<T extends { getQuery(): { sql: string } }>(
  db: Executor,
  name: string,
  build: (db: Executor) => T,
): T {
  if (db instanceof PgTransaction) return build(db);
  let queries = preparedCache.get(db);
  if (!queries) {
    queries = new Map();
    preparedCache.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db);
    sessionStatementsOf.get(db as Db)?.register(name, query.getQuery().sql);
    queries.set(name, query);
  }
  return query;
}
