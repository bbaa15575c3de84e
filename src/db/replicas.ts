// Read replicas (DATABASE_REPLICA_URLS): anonymous public reads go to a streaming replica that is
// known to hold every change the primary had committed a moment ago, and to the primary otherwise.
// A replica is trusted after a check (checkReplica) proves that it has replayed at least the WAL
// position the primary reported just before; the trust lasts TRUSTED_MS, and is withdrawn at once
// when this instance writes or the change feed reports a commit, so that a read after a change
// never sees the replica's older state (the render cache would then keep it for its second). A
// replica that fails a query, refuses a connection or lags is skipped for the primary: the read is
// retried there, never answered with an error. Writes never come here (the primary's pool is the
// app's db); a transaction opened on the routed pool runs on the primary.
import pg from 'pg';

/** How long a passed check lets reads go to the replica; a new check starts halfway through. */
export const TRUSTED_MS = 500;
/** A replica that failed is left alone this long before it is checked again. */
const RESTING_MS = 1_000;
// A replica that does not answer fast is as good as down: the read goes to the primary.
const REPLICA_CONNECT_TIMEOUT_MS = 1_000;

interface Replica {
  pool: pg.Pool;
  trustedUntil: number;
  restingUntil: number;
  checking: boolean;
}

type QueryArgs = Parameters<pg.Pool['query']>;

/** Reads served so far: on a replica, and on the primary while no replica was trusted. */
export interface ReplicaCounts {
  replica: number;
  primary: number;
  /** Replica queries that failed and were answered by the primary. */
  fellBack: number;
}

/**
 * A pg.Pool for drizzle that sends each query to a trusted replica, or the primary. The class name
 * ends in "Pool" so that drizzle opens a transaction with `connect()`, which is the primary's.
 */
export class ReplicaRoutedPool {
  readonly counts: ReplicaCounts = { replica: 0, primary: 0, fellBack: 0 };
  private readonly replicas: Replica[];
  private next = 0;
  // Bumped by every change: a check that started before it proves nothing about the change.
  private generation = 0;

  constructor(
    private readonly primary: pg.Pool,
    replicaUrls: readonly string[],
    private readonly onFault: (error: unknown, what: string) => void = () => {},
    private readonly monotonic: () => number = () => performance.now(),
  ) {
    this.replicas = replicaUrls.map((url) => {
      const pool = new pg.Pool({
        connectionString: url,
        max: 10,
        connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
        keepAlive: true,
      });
      pool.on('connect', (client) => client.on('error', () => {}));
      pool.on('error', () => {});
      return { pool, trustedUntil: 0, restingUntil: 0, checking: false };
    });
  }

  /** A change was committed (or is being written here): no replica is trusted until checked again. */
  invalidate(): void {
    this.generation++;
    for (const replica of this.replicas) replica.trustedUntil = 0;
  }

  connect(): Promise<pg.PoolClient> {
    return this.primary.connect();
  }

  async query(...args: QueryArgs): Promise<pg.QueryResult> {
    const replica = this.pick();
    if (!replica) {
      this.counts.primary++;
      return (this.primary.query as (...a: QueryArgs) => Promise<pg.QueryResult>)(...args);
    }
    try {
      const result = await (replica.pool.query as (...a: QueryArgs) => Promise<pg.QueryResult>)(...args);
      this.counts.replica++;
      return result;
    } catch (error) {
      // A replica's failure is never the reader's: rest it, and read from the primary.
      this.rest(replica);
      this.counts.fellBack++;
      this.onFault(error, 'read replica query failed; read from the primary');
      return (this.primary.query as (...a: QueryArgs) => Promise<pg.QueryResult>)(...args);
    }
  }

  async end(): Promise<void> {
    await Promise.all(this.replicas.map((replica) => replica.pool.end().catch(() => {})));
  }

  /** A trusted replica (round robin), starting a check of any that is due; null for the primary. */
  private pick(): Replica | null {
    const now = this.monotonic();
    let chosen: Replica | null = null;
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.next + i) % this.replicas.length] as Replica;
      if (now < replica.restingUntil) continue;
      if (!replica.checking && replica.trustedUntil - now < TRUSTED_MS / 2) void this.check(replica);
      if (!chosen && now < replica.trustedUntil) chosen = replica;
    }
    this.next++;
    return chosen;
  }

  private rest(replica: Replica): void {
    replica.trustedUntil = 0;
    replica.restingUntil = this.monotonic() + RESTING_MS;
  }

  /**
   * Trusts the replica for TRUSTED_MS when it has replayed the primary's WAL position read first,
   * and no change came in between: everything committed before the check is on the replica.
   */
  private async check(replica: Replica): Promise<void> {
    replica.checking = true;
    const generation = this.generation;
    const started = this.monotonic();
    try {
      const primary = await this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const position = primary.rows[0]?.lsn;
      const answer = await replica.pool.query<{ caught_up: boolean | null }>(
        'select pg_is_in_recovery() and pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up',
        [position],
      );
      if (answer.rows[0]?.caught_up === true && generation === this.generation) {
        replica.trustedUntil = started + TRUSTED_MS;
      }
    } catch (error) {
      this.rest(replica);
      this.onFault(error, 'read replica check failed; reads go to the primary');
    } finally {
      replica.checking = false;
    }
  }
}
