import { describe, expect, it } from 'vitest';
import { createRng, gaussian } from '../rng.ts';
import { DiagonalCovariance } from './gmm-diag.ts';
import { FullCovariance } from './gmm-full.ts';
import { ComponentGroups, oneGroup } from './gmm-groups.ts';
import type { ComponentModel, Responsibilities } from './gmm-model.ts';

const d = 5;
const k = 64;

/** A fitted model of k components over clumped random data (each point its own component's). */
function fitted(model: ComponentModel, seed: number) {
  const rng = createRng(seed);
  const n = 640;
  const centres = Array.from({ length: k }, () => Array.from({ length: d }, () => 8 * rng.next()));
  const spread = Array.from({ length: k }, () => 0.05 + rng.next());
  const data = new Float64Array(n * d);
  const start = new Int32Array(n + 1);
  const comp = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = i % k;
    for (let t = 0; t < d; t++) data[i * d + t] = centres[c]![t]! + spread[c]! * gaussian(rng);
    comp[i] = c;
    start[i + 1] = i + 1;
  }
  const resp: Responsibilities = { start, comp, value: new Float64Array(n).fill(1) };
  const nk = new Float64Array(k);
  const means = new Float64Array(k * d);
  for (let i = 0; i < n; i++) {
    nk[comp[i]!]!++;
    for (let t = 0; t < d; t++) means[comp[i]! * d + t]! += data[i * d + t]!;
  }
  for (let c = 0; c < k; c++) for (let t = 0; t < d; t++) means[c * d + t]! /= nk[c]!;
  model.fit({ rows: n, cols: d, data }, resp, nk, means);
  const logW = Float64Array.from(nk, (v) => Math.log(v / n));
  return { model, means, logW, rng };
}

describe('ComponentGroups', () => {
  const models: [string, () => ComponentModel][] = [
    ['full', () => new FullCovariance(k, d, 1e-6)],
    ['diagonal', () => new DiagonalCovariance(k, d, 1e-6, false)],
    ['spherical', () => new DiagonalCovariance(k, d, 1e-6, true)],
  ];
  for (const [name, make] of models) {
    it(`${name}: no member of a group scores above its bound, near the data or far from it`, () => {
      const { model, means, logW, rng } = fitted(make(), 7);
      const groups = ComponentGroups.build(means, d, logW, model);
      expect(groups.count).toBe(8);
      expect(Array.from(groups.order).sort((a, b) => a - b)).toEqual(
        Array.from({ length: k }, (_, c) => c),
      );
      let tight = 0;
      for (let q = 0; q < 300; q++) {
        const x = Float64Array.from({ length: d }, () => (q % 3 === 0 ? 30 : 10) * rng.next() - 1);
        const bounds = groups.upperBounds(x, 0);
        for (let g = 0; g < groups.count; g++) {
          let best = -Infinity;
          for (let m = groups.start[g]!; m < groups.start[g + 1]!; m++) {
            const c = groups.order[m]!;
            best = Math.max(best, logW[c]! + model.logDensity(x, 0, c, -Infinity));
          }
          expect(bounds[g]).toBeGreaterThanOrEqual(best);
          if (bounds[g]! - best < 50) tight++;
        }
        const guess = groups.guess(x, 0);
        expect(guess).toBeGreaterThanOrEqual(0);
        expect(guess).toBeLessThan(k);
      }
      // The bound is of use: often within reach of the truth, not just +∞.
      expect(tight).toBeGreaterThan(300);
    });
  }

  it('oneGroup visits every component in index order and never skips', () => {
    const all = oneGroup(5);
    const bounds = all.upperBounds(new Float64Array(2), 0);
    expect(Array.from(all.order)).toEqual([0, 1, 2, 3, 4]);
    expect(bounds[0]).toBe(Infinity);
    expect(all.guess(new Float64Array(2), 0)).toBe(-1);
  });
});
