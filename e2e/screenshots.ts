import { join } from 'node:path';
import type { TestInfo } from '@playwright/test';

/** Where a spec's screenshots go: GROVE_SCREENSHOTS=<dir> keeps them for review. */
export function screenshotPath(testInfo: TestInfo, name: string): string {
  const dir = process.env.GROVE_SCREENSHOTS;
  return dir ? join(dir, name) : testInfo.outputPath(name);
}
