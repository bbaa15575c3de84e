// Runs once in the main vitest process before any worker starts, and its teardown after the last.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { workerDatabasePrefix } from './helpers/worker-database.ts';

export default function setup(project: TestProject) {
  // Names the run's worker databases on PostgreSQL (helpers/db.ts): two runs beside each other on
  // one server never touch each other's.
  const run = String(process.pid);
  project.provide('testRun', run);
  return async function teardown() {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const prefix = workerDatabasePrefix(serverUrl, run);
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}
