import { defineConfig } from 'vitest/config';

// External material (W3C, IETF, UNTP, AAS, GS1, EPCIS, Battery Pass) read from CONFORMANCE_DIR.
export default defineConfig({
  test: {
    include: ['test/conformance/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
  },
});
