import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One database per worker process: test files in a worker share it and isolate by workspace.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/conformance/**', 'test/scale/**'],
    pool: 'forks',
    isolate: false,
    // Vitest's default (one worker less than the cores) is one worker on a 2-core machine, where
    // the suite spends a third of its time waiting (processes starting, the browser, timers): a
    // second worker keeps both cores busy. Measured on 2 cores: 8.5 min with one, 4 with two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Sized for a busy machine, not a quiet one: the slowest tests without a timeout of their own
    // take 5–8 s on 2 quiet cores (a page checked in Chromium, a store started), and up to eight
    // times as long when the machine is eight times oversubscribed (two suites, other test runs
    // and a type check at once). A hang costs two minutes, a slow machine no failure. Tests that
    // start processes have budgets of their own (test/helpers/process.ts).
    testTimeout: 120_000,
    // A worker's first hook opens its store (2–3 s quiet, 36 s seen under that load) and builds
    // fixtures; page tests also start Chromium.
    hookTimeout: 240_000,
    globalSetup: ['test/global-setup.ts'],
    // Every answer of the suite is checked against its route's declared response schema.
    setupFiles: ['test/helpers/response-check-setup.ts'],
  },
});
