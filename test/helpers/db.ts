// One database per test worker, shared by its test files; tests isolate by workspace. PGlite in
// memory by default; TEST_DATABASE_URL runs the same suite against PostgreSQL.
import { type Database, openDatabase } from '../../src/db/client.ts';

let shared: Promise<Database> | undefined;

export function testDatabase(): Promise<Database> {
  shared ??= openDatabase(
    process.env.TEST_DATABASE_URL ? { databaseUrl: process.env.TEST_DATABASE_URL } : { inMemory: true },
  );
  return shared;
}
