import { defineConfig } from '@playwright/test';
import base, { testBuildServer } from './playwright.config.ts';

// On-demand benchmarks (`npm run bench:tree-fps`): *.bench.ts files, never part of `npm test`
// (Playwright's default testMatch only takes *.spec / *.test files).
export default defineConfig({
  ...base,
  // A benchmark drives the test build's window.grove only: no production server.
  webServer: testBuildServer,
  testMatch: /.*\.bench\.ts$/,
  // A benchmark that fails says so at once: no second run of minutes (the specs retry once).
  retries: 0,
  timeout: 300_000,
});
