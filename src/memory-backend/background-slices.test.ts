import { describe, expect, it } from 'vitest';
import { asForeground, yieldToForeground } from './background-slices.ts';

describe('background slices', () => {
  it('wait while a foreground call runs and go on once it ends', async () => {
    const events: string[] = [];
    let finish = () => {};
    const ingestion = asForeground(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            events.push('ingested');
            resolve();
          };
        }),
    );
    const slice = yieldToForeground().then(() => events.push('slice'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);
    finish();
    await ingestion;
    await slice;
    expect(events).toEqual(['ingested', 'slice']);
  });

  it('let a slice go on at once when no call runs, and after a failed one', async () => {
    await expect(asForeground(() => Promise.reject(new Error('disk full')))).rejects.toThrow(
      'disk full',
    );
    let done = false;
    await yieldToForeground().then(() => (done = true));
    expect(done).toBe(true);
  });
});
