import { defineConfig } from 'vitest/config';

// Several instances on one PostgreSQL and one Redis (TEST_DATABASE_URL, REDIS_URL), a Redis outage
// (a private redis-server the test kills) and PostgreSQL faults (terminated backends, a restart of
// the local cluster with pg_ctlcluster, which needs root): run by .ci/run in its PostgreSQL step,
// never by the main suite, which needs neither PostgreSQL nor a Redis server.
export default defineConfig({
  test: {
    include: ['test/scale/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The tests are steps of one scenario on one pair of instances.
    sequence: { concurrent: false },
    // One file at a time: database-faults.test.ts terminates connections and restarts the
    // PostgreSQL server, which would fail the other files' requests if they ran beside it.
    fileParallelism: false,
  },
});
