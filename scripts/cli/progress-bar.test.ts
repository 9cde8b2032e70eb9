import { describe, expect, it } from 'vitest';
import { formatDuration, progressReporter } from './progress-bar.ts';

function sink(isTTY: boolean) {
  const out: string[] = [];
  return { stream: { isTTY, write: (t: string) => out.push(t) }, out };
}

/** A clock the test moves by hand (ms). */
function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('progressReporter', () => {
  it('redraws one bar on a terminal with rate and time left, and ends the line at 100%', () => {
    const { stream, out } = sink(true);
    const time = clock();
    const report = progressReporter(stream, 'eval', 10, time.now);
    report(0, 4);
    time.advance(2_000);
    report(2, 4);
    time.advance(2_000);
    report(4, 4);
    expect(out[0]).toBe('\reval [----------] 0/4 0%\x1b[K');
    expect(out[1]).toBe('\reval [#####-----] 2/4 50% · 1.0/s · 2 s left\x1b[K');
    expect(out[2]).toBe('\reval [##########] 4/4 100% · 1.0/s · took 4 s\x1b[K');
    expect(out.at(-1)).toBe('\n');
  });

  it('prints sparse lines (one per 10% step) when stderr is not a terminal', () => {
    const { stream, out } = sink(false);
    const time = clock();
    const report = progressReporter(stream, 'eval', 30, time.now);
    for (let i = 0; i <= 100; i++) {
      report(i, 100);
      time.advance(500);
    }
    expect(out).toHaveLength(11);
    expect(out[0]).toBe('eval: 0/100 (0%)\n');
    expect(out[5]).toBe('eval: 50/100 (50%) · 2.0/s · 25 s left\n');
    expect(out.at(-1)).toBe('eval: 100/100 (100%) · 2.0/s · took 50 s\n');
  });

  it('counts the rate from where a resumed run starts, not from zero', () => {
    const { stream, out } = sink(false);
    const time = clock();
    const report = progressReporter(stream, 'eval', 30, time.now);
    report(600, 1000); // 600 read back from the rows file
    time.advance(10_000);
    report(700, 1000);
    expect(out[1]).toBe('eval: 700/1000 (70%) · 10/s · 30 s left\n');
  });

  it('formats durations from seconds to hours', () => {
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(200)).toBe('3 min 20 s');
    expect(formatDuration(5 * 3600 + 7 * 60)).toBe('5 h 07 min');
  });
});
