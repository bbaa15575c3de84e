// The embedded store's client, as drizzle is given it: PGlite with two costs of its per-call path
// taken out of the node's hot reads.
//
// 1. Plans kept per session. PGlite runs every parameterised query as an unnamed statement: parse,
//    describe, bind, describe and execute, each a separate call into the engine, and the planner
//    runs on every call. For a read that joins a passport to its operator, facility and kept
//    rendition, planning costs about four times what executing does. PostgreSQL's own remedy is a
//    statement prepared once per session, which PGlite has exactly one of: `PREPARE name AS <query>`
//    once, then `EXECUTE name(values)` in one simple-protocol call, which reuses the plan. The
//    queries that go this way are the ones the node builds with `prepared()` (client.ts), registered
//    here by their SQL text. The values travel as quoted literals (the `pg` driver's escapeLiteral)
//    and PostgreSQL casts them to the types the statement was prepared with, exactly as it does bound
//    parameters. A value that cannot be quoted faithfully (anything but a string, number, boolean or
//    null; a string holding a NUL) takes the ordinary path, so a registered query answers the same
//    rows either way.
//
// 2. One parser table. drizzle asks PGlite to leave dates, timestamps and intervals as text (it
//    parses them itself) by passing that override with every query, and PGlite merges the override
//    into its whole parser table (several hundred types) on every call: on a primary-key read that
//    copy costs more than the row. The same override is installed in the client once, and dropped
//    from each call, so every value arrives exactly as drizzle asked for it.
import { type PGlite, type QueryOptions, type Results, types } from '@electric-sql/pglite';
import pg from 'pg';

/** The types drizzle's PGlite driver reads as text (timestamp, timestamptz, interval, date and their arrays). */
export const TYPES_READ_AS_TEXT = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

type Literal = string | number | bigint | boolean | null | undefined;

function isLiteral(value: unknown): value is Literal {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return !value.includes('\0');
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'bigint' || typeof value === 'boolean';
}

const literal = (value: Literal) =>
  value === null || value === undefined ? 'NULL' : pg.escapeLiteral(String(value));

type Queryable = Pick<PGlite, 'query' | 'exec'>;

/** A call's options without the per-call parser override, which the client now holds itself. */
function withoutParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const { parsers: _installed, ...rest } = options;
  return rest;
}

/** `target` (the client or an open transaction) whose query and exec leave parsers to the client. */
function parsedByClient<T extends Queryable>(target: T, overrides: Record<string, unknown> = {}): T {
  const query: Queryable['query'] = (text, params, options) =>
    target.query(text, params, withoutParsers(options));
  const exec: Queryable['exec'] = (text, options) => target.exec(text, withoutParsers(options));
  const own: Record<string, unknown> = { query, exec, ...overrides };
  return new Proxy(target, {
    get(object, property) {
      if (typeof property === 'string' && Object.hasOwn(own, property)) return own[property];
      const value = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

export interface SessionStatements {
  /** The client drizzle is given. */
  client: PGlite;
  /** Marks a query text as a hot read, run as the session statement `name` from now on. */
  register(name: string, text: string): void;
}

export function sessionStatements(client: PGlite): SessionStatements {
  const raw = (value: string) => value;
  for (const type of TYPES_READ_AS_TEXT) client.parsers[type] = raw;

  // Query text → the statement's quoted name.
  const names = new Map<string, string>();
  // One PREPARE per statement, however many reads arrive before it finishes; false once it failed
  // (the query then always takes the ordinary path).
  const ready = new Map<string, Promise<boolean>>();

  function prepare(name: string, text: string): Promise<boolean> {
    let done = ready.get(name);
    if (!done) {
      done = client.exec(`PREPARE ${name} AS ${text}`).then(
        () => true,
        () => false,
      );
      ready.set(name, done);
    }
    return done;
  }

  async function query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const name = names.get(text);
    const values = params ?? [];
    const plain = withoutParsers(options);
    if (name && values.every(isLiteral) && (await prepare(name, text))) {
      const call = values.length ? `EXECUTE ${name}(${values.map(literal).join(', ')})` : `EXECUTE ${name}`;
      const [result] = await client.exec(call, plain);
      return result as Results<T>;
    }
    return client.query<T>(text, params, plain);
  }

  const transaction: PGlite['transaction'] = (callback) =>
    client.transaction((tx) => callback(parsedByClient(tx)));

  return {
    client: parsedByClient(client, { query, transaction }),
    register(name, text) {
      names.set(text, pg.escapeIdentifier(name));
    },
  };
}
