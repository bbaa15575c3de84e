import { defineConfig } from 'vitest/config';

// Several instances on one PostgreSQL and one Redis (TEST_DATABASE_URL, REDIS_URL), and a Redis
// outage (a private redis-server the test kills): run by .ci/run in its PostgreSQL step, never by
// the main suite, which needs neither PostgreSQL nor a Redis server.
export default defineConfig({
  test: {
    include: ['test/scale/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The tests are steps of one scenario on one pair of instances.
    sequence: { concurrent: false },
  },
});
