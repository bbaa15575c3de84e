// One database per test worker, shared by its test files; tests isolate by workspace. PGlite in
// memory by default; TEST_DATABASE_URL runs the same suite against PostgreSQL. There too each
// worker gets a database of its own, made on that server beside the named one (which only serves
// to reach the server), so that workers never see each other's rows, as on PGlite: a test may
// read a whole table (the no-500 fingerprint reads every workspace) and find only its own worker's
// work there. test/global-setup.ts drops these databases when the run ends.
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { workerDatabasePrefix } from './worker-database.ts';

let url: Promise<string | undefined> | undefined;
let shared: Promise<Database> | undefined;

async function makeWorkerDatabase(serverUrl: string, run: string): Promise<string> {
  const name = `${workerDatabasePrefix(serverUrl, run)}${process.env.VITEST_POOL_ID ?? '0'}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const own = new URL(serverUrl);
  own.pathname = `/${name}`;
  return own.toString();
}

/**
 * This worker's PostgreSQL database, or undefined when the suite runs on PGlite. A configuration
 * without test/global-setup.ts (the instance tests) names no run: its tests use the named database.
 */
export function testDatabaseUrl(): Promise<string | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const run = inject('testRun') as string | undefined;
  if (!serverUrl) url ??= Promise.resolve(undefined);
  else url ??= run ? makeWorkerDatabase(serverUrl, run) : Promise.resolve(serverUrl);
  return url;
}

export function testDatabase(): Promise<Database> {
  shared ??= testDatabaseUrl().then((databaseUrl) =>
    openDatabase(databaseUrl ? { databaseUrl } : { inMemory: true }),
  );
  return shared;
}
