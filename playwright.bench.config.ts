import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// On-demand benchmarks (`npm run bench:tree-fps`): *.bench.ts files, never part of `npm test`
// (Playwright's default testMatch only takes *.spec / *.test files).
export default defineConfig({
  ...base,
  testMatch: /.*\.bench\.ts$/,
  timeout: 300_000,
});
