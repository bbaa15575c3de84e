import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One database per worker process: test files in a worker share it and isolate by workspace.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/conformance/**', 'test/scale/**'],
    pool: 'forks',
    isolate: false,
    // Vitest's default (one worker less than the cores) is one worker on a 2-core machine, and
    // that worker waits a third of the time (processes starting, the browser, timers): on a quiet
    // 2-core machine one worker took 8.5 min for 5.7 min of CPU, leaving the second core idle. A
    // second worker uses it. When other work already fills both cores, the two come out even.
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
