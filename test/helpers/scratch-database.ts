// A PostgreSQL database of a test's own, made on the server TEST_DATABASE_URL names and dropped
// when the test is done, for tests that boot nodes of their own (the instance and fault tests).
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on a connection of its own to `url`, and answers its rows. */
export async function runStatement<T = Record<string, unknown>>(
  url: string,
  statement: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops the database, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

/** A fresh, empty database named `<prefix>_<random>` beside the one `serverUrl` names. */
export async function scratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await runStatement(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => void (await runStatement(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
