import { describe, expect, it } from 'vitest';
import { missingChromium } from '../../e2e/chromium.ts';

describe('e2e: the Chromium check before a run', () => {
  it('says in one line how to get a Chromium when there is none', () => {
    const line = missingChromium('/nowhere/chromium');
    expect(line).toContain('/nowhere/chromium');
    expect(line).toMatch(/apt-get install chromium/);
    expect(line).toMatch(/GROVE_CHROMIUM/);
    expect(line).not.toContain('\n');
  });

  it('lets the run go on when the browser can be run', () => {
    expect(missingChromium(process.execPath)).toBeNull();
  });
});
