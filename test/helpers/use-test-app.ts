// The app of a test file (or of a describe block), built before its tests and closed after them,
// so that no file closes it by hand.
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../src/context.ts';
import { type TestAppOptions, testApp } from './app.ts';

/**
 * Registers the hooks that build and close a test app, and answers the app itself. Options given
 * as a function are read when the app is built, so they may name what earlier hooks made. Hooks
 * registered after this call run with the app built (vitest runs `beforeAll` hooks in order).
 */
export function useTestApp(
  options: TestAppOptions | (() => TestAppOptions) = {},
  /** The building hook's time limit, for a suite whose configuration keeps vitest's short default. */
  hookTimeout?: number,
): App {
  let built: App | undefined;
  beforeAll(async () => {
    built = await testApp(typeof options === 'function' ? options() : options);
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
