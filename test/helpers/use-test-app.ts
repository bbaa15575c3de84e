// The app of a test file (or of a describe block), built before its tests and closed after them,
// and the apps a test builds for itself (an environment, a clock or a store of its own), closed
// after that test: no file closes an app by hand.
import { afterAll, beforeAll, test } from 'vitest';
import type { App } from '../../src/context.ts';
import { type TestAppOptions, testApp } from './app.ts';

/**
 * Registers the hooks that build and close a test app, and answers the app itself. Options given
 * as a function are read when the app is built, so they may name what earlier hooks made, or start
 * what the app needs (a TSA, a registry) and name it. Hooks registered after this call run with the
 * app built (vitest runs `beforeAll` hooks in order), and an `afterAll` registered before it runs
 * after the app is closed.
 */
export function useTestApp(
  options: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>) = {},
  /** The building hook's time limit, for a suite whose configuration keeps vitest's short default. */
  hookTimeout?: number,
): App {
  let built: App | undefined;
  beforeAll(async () => {
    built = await testApp(typeof options === 'function' ? await options() : options);
  }, hookTimeout);
  afterAll(async () => {
    await built?.close();
  });
  const current = (): App => {
    if (!built)
      throw new Error('The test app exists from the first beforeAll hook to the last afterAll hook');
    return built;
  };
  // Stands for the app until it exists; its methods are called on the real app.
  return new Proxy({} as App, {
    get(_target, property) {
      const app = current();
      const value = Reflect.get(app, property, app);
      return typeof value === 'function' ? value.bind(app) : value;
    },
    set: (_target, property, value) => Reflect.set(current(), property, value),
    has: (_target, property) => Reflect.has(current(), property),
  });
}

/** Builds an app as `testApp(options)` does; the fixture closes it after the test. */
export type NewApp = (options?: TestAppOptions) => Promise<App>;

/**
 * A test that builds apps of its own: vitest's `it` with a `newApp` fixture, for a test whose app
 * differs from the file's (another environment, clock or store). Every app `newApp` built is closed
 * after the test, whether it passed or failed, the last built first:
 *
 *     appTest('answers 503 without its TSA', async ({ newApp }) => {
 *       const app = await newApp({ env: { TSA_URL: 'http://127.0.0.1:9/tsa' } });
 *       …
 *     });
 */
export const appTest = test.extend<{ newApp: NewApp }>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads the fixtures this one needs from the pattern
  newApp: async ({}, use) => {
    const built: App[] = [];
    try {
      await use(async (options = {}) => {
        const app = await testApp(options);
        built.push(app);
        return app;
      });
    } finally {
      for (const app of built.reverse()) await app.close();
    }
  },
});
