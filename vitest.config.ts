import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Unit tests see the test build's code paths (src/build-flags.d.ts).
  define: { __GROVE_TEST_BUILD__: 'true' },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
