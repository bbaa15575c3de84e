// A boot on a busy machine must not fail for time inside the suite: every app a test builds, and
// every service it starts, gives each part of its boot (a Fastify plugin) at least the suite's own
// test timeout. Fastify's default of 10 s is not enough: the docs UI alone was seen to take longer.
import { describe, expect, it } from 'vitest';
import vitestConfig from '../../vitest.config.ts';
import { testApp, testConfig } from '../helpers/app.ts';
import { PROCESS_BUDGET_MS } from '../helpers/process.ts';

const suiteTestTimeout = vitestConfig.test?.testTimeout ?? 0;

describe('the boot timeout of the services tests build', () => {
  it('is at least the suite test timeout, for apps and started services alike', () => {
    expect(suiteTestTimeout).toBeGreaterThan(0);
    expect(PROCESS_BUDGET_MS).toBeGreaterThanOrEqual(suiteTestTimeout);
    expect(testConfig().pluginTimeoutMs).toBe(PROCESS_BUDGET_MS);
  });

  it('reaches Fastify from PLUGIN_TIMEOUT_MS', async () => {
    const app = await testApp();
    try {
      expect(app.initialConfig.pluginTimeout).toBe(PROCESS_BUDGET_MS);
    } finally {
      await app.close();
    }
    const other = await testApp({ env: { PLUGIN_TIMEOUT_MS: '12345' } });
    try {
      expect(other.initialConfig.pluginTimeout).toBe(12_345);
    } finally {
      await other.close();
    }
  });
});
