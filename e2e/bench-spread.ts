/** How a benchmark sums up its runs: the figures, and the README table's cells made of them. */
import { quantile } from '../src/engine/cost/turn-time.ts';

const r = (x: number) => Math.round(x * 10) / 10;

export const stats = (xs: readonly number[]) => ({
  n: xs.length,
  median: r(quantile(xs, 0.5)),
  p95: r(quantile(xs, 0.95)),
  min: r(quantile(xs, 0)),
  max: r(quantile(xs, 1)),
});

/** Median with its spread, as the README table shows it: "median (min–max)". */
export const spread = (xs: readonly number[]) => {
  const { n, median, min, max } = stats(xs);
  return { n, medianMs: median, minMs: min, maxMs: max };
};

export const inSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const inMs = (x: number) => `${Math.round(x)} ms`;

/** A spread as a README cell: "2.4 s (2.2 s–2.5 s)". */
export const spreadCell = (
  x: { medianMs: number; minMs: number; maxMs: number },
  unit: (ms: number) => string = inSeconds,
) => `${unit(x.medianMs)} (${unit(x.minMs)}–${unit(x.maxMs)})`;
