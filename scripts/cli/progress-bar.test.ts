import { describe, expect, it } from 'vitest';
import { progressReporter } from './progress-bar.ts';

function sink(isTTY: boolean) {
  const out: string[] = [];
  return { stream: { isTTY, write: (t: string) => out.push(t) }, out };
}

describe('progressReporter', () => {
  it('redraws one bar on a terminal and ends the line at 100%', () => {
    const { stream, out } = sink(true);
    const report = progressReporter(stream, 'eval', 10);
    report(0, 4);
    report(2, 4);
    report(4, 4);
    expect(out[1]).toBe('\reval [#####-----] 2/4 50%');
    expect(out.at(-1)).toBe('\n');
  });

  it('prints sparse lines (one per 10% step) when stderr is not a terminal', () => {
    const { stream, out } = sink(false);
    const report = progressReporter(stream, 'eval');
    for (let i = 0; i <= 100; i++) report(i, 100);
    expect(out).toHaveLength(11);
    expect(out[0]).toBe('eval: 0/100 (0%)\n');
    expect(out.at(-1)).toBe('eval: 100/100 (100%)\n');
  });
});
