import { once } from 'node:events';
import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isStoreUnavailable, isUniqueViolation } from './errors.ts';

/** The error a store error arrives as: the driver's, wrapped by drizzle with the query. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
const sqlError = (code: string) => Object.assign(new Error('from the server'), { code });

/** A port on loopback that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

describe('isStoreUnavailable', () => {
  it('holds for a connection to a server that is not there', async () => {
    const client = new pg.Client({ connectionString: `postgres://x@127.0.0.1:${await closedPort()}/x` });
    const error = await client.connect().then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).not.toBeNull();
    expect(isStoreUnavailable(error)).toBe(true);
    expect(isStoreUnavailable(wrapped(error))).toBe(true);
  });

  it('holds for lost connections, refused connections and a store out of room, however wrapped', () => {
    for (const code of ['08006', '08003', '57P01', '57P02', '57P03', '53300', '53100', '25006']) {
      expect(isStoreUnavailable(wrapped(sqlError(code))), code).toBe(true);
    }
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']) {
      expect(isStoreUnavailable(wrapped(Object.assign(new Error(code), { code }))), code).toBe(true);
    }
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
      'PGlite is closed',
    ]) {
      expect(isStoreUnavailable(wrapped(new Error(message))), message).toBe(true);
    }
    const attempts = new AggregateError(
      [Object.assign(new Error('x'), { code: 'ECONNREFUSED' })],
      'all failed',
    );
    expect(isStoreUnavailable(attempts)).toBe(true);
  });

  it('does not hold for errors of the request or the code', () => {
    for (const code of ['23505', '23503', '22P02', '42P01', '40001', 'XX000']) {
      expect(isStoreUnavailable(wrapped(sqlError(code))), code).toBe(false);
    }
    expect(isStoreUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isStoreUnavailable(undefined)).toBe(false);
    expect(isStoreUnavailable('Connection terminated')).toBe(false);
    // The other classifications are unchanged by it.
    expect(isUniqueViolation(wrapped(sqlError('23505')))).toBe(true);
  });
});
