// A boot on a busy machine must not fail for time inside the suite: every app a test builds, and
// every service it starts, gives each part of its boot (a Fastify plugin) at least the suite's own
// test timeout. Fastify's default of 10 s is not enough: the docs UI alone was seen to take longer.
import { describe, expect, it } from 'vitest';
import vitestConfig from '../../vitest.config.ts';
import { testConfig } from '../helpers/app.ts';
import { PROCESS_BUDGET_MS } from '../helpers/process.ts';
import { appTest } from '../helpers/use-test-app.ts';

const suiteTestTimeout = vitestConfig.test?.testTimeout ?? 0;

describe('the boot timeout of the services tests build', () => {
  it('is at least the suite test timeout, for apps and started services alike', () => {
    expect(suiteTestTimeout).toBeGreaterThan(0);
    expect(PROCESS_BUDGET_MS).toBeGreaterThanOrEqual(suiteTestTimeout);
    expect(testConfig().pluginTimeoutMs).toBe(PROCESS_BUDGET_MS);
  });

  appTest('reaches Fastify from PLUGIN_TIMEOUT_MS', async ({ newApp }) => {
    const app = await newApp();
    expect(app.initialConfig.pluginTimeout).toBe(PROCESS_BUDGET_MS);
    const other = await newApp({ env: { PLUGIN_TIMEOUT_MS: '12345' } });
    expect(other.initialConfig.pluginTimeout).toBe(12_345);
  });
});
