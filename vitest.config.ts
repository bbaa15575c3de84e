import { defineConfig } from 'vitest/config';

// One database per worker process: test files in a worker share it and isolate by workspace.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/conformance/**', 'test/scale/**'],
    pool: 'forks',
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
    // Every answer of the suite is checked against its route's declared response schema.
    setupFiles: ['test/helpers/response-check-setup.ts'],
  },
});
