// A database of its own for a long run, created on the PostgreSQL server of SERVER_URL and dropped
// afterwards (unless kept), so a run never mixes with test data or with an earlier run.
import pg from 'pg';

export const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface FreshDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function freshDatabase(prefix: string): Promise<FreshDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  await onServer(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}
