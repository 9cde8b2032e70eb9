import { describe, expect, it } from 'vitest';
import { createRng, gaussian } from '../rng.ts';
import { adjustedRandIndex } from './ari.ts';
import fixture from './fixtures/gmm-sklearn.json' with { type: 'json' };
import { topicVectors } from './fixtures/topic-vectors.ts';
import { fitGmm, sampleRows } from './gmm.ts';
import type { CovarianceType } from './gmm.ts';
import { compactLabels } from './policy.ts';

function blobs(seed: number, perBlob: number, centres: number[][], sd = 0.3): number[][] {
  const rng = createRng(seed);
  const out: number[][] = [];
  for (let i = 0; i < perBlob; i++)
    for (const c of centres) out.push(c.map((v) => v + sd * gaussian(rng)));
  return out;
}

describe('fitGmm against scikit-learn', () => {
  for (const c of fixture.cases) {
    it(`${c.name}: same clusters (ARI ≥ 0.9) and mean log-likelihood within 1%`, () => {
      const fit = fitGmm(c.data, { components: c.components, seed: 0 });
      expect(adjustedRandIndex(fit.labels, c.labels)).toBeGreaterThanOrEqual(0.9);
      expect(Math.abs(fit.meanLogLikelihood - c.score)).toBeLessThanOrEqual(
        0.01 * Math.abs(c.score),
      );
      expect(fit.converged).toBe(true);
    });
  }

  it('finds the same clusters from several seeds', () => {
    const c = fixture.cases[1]!;
    for (const seed of [1, 2, 3]) {
      const fit = fitGmm(c.data, { components: c.components, seed });
      expect(adjustedRandIndex(fit.labels, c.labels)).toBeGreaterThanOrEqual(0.9);
    }
  });
});

describe('fitGmm', () => {
  const data = blobs(1, 40, [
    [0, 0, 0],
    [5, 5, 0],
    [0, 5, 5],
  ]);

  it('is deterministic for a seed', () => {
    const a = fitGmm(data, { components: 3, seed: 42 });
    const b = fitGmm(data, { components: 3, seed: 42 });
    expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
    expect(a.meanLogLikelihood).toBe(b.meanLogLikelihood);
    expect(Array.from(a.means)).toEqual(Array.from(b.means));
  });

  it('returns parameters of the documented shapes, weights summing to 1', () => {
    const shapes: [CovarianceType, number][] = [
      ['full', 3 * 3 * 3],
      ['diag', 3 * 3],
      ['spherical', 3],
    ];
    for (const [covarianceType, size] of shapes) {
      const fit = fitGmm(data, { components: 3, seed: 1, covarianceType });
      expect(fit.covariances.length).toBe(size);
      expect(fit.means.length).toBe(9);
      expect(fit.weights.reduce((s, w) => s + w, 0)).toBeCloseTo(1, 12);
      expect(
        adjustedRandIndex(
          fit.labels,
          data.map((_, i) => i % 3),
        ),
      ).toBe(1);
    }
  });

  it('never decreases the log-likelihood across EM iterations', () => {
    const c = fixture.cases[2]!;
    for (const seed of [0, 5]) {
      const fit = fitGmm(c.data, { components: c.components, seed });
      expect(fit.history.length).toBe(fit.iterations);
      for (let i = 1; i < fit.history.length; i++) {
        expect(fit.history[i]!).toBeGreaterThanOrEqual(fit.history[i - 1]! - 1e-9);
      }
      expect(fit.meanLogLikelihood).toBeGreaterThanOrEqual(fit.history.at(-1)! - 1e-9);
    }
  });

  it('reports convergence honestly', () => {
    const c = fixture.cases[2]!;
    const one = fitGmm(c.data, { components: c.components, seed: 0, maxIter: 1, tol: 0 });
    expect(one.converged).toBe(false);
    expect(one.iterations).toBe(1);
    const full = fitGmm(c.data, { components: c.components, seed: 0 });
    expect(full.converged).toBe(true);
    expect(full.iterations).toBeLessThan(100);
  });

  it('keeps a degenerate cluster (duplicate points) finite through regularisation', () => {
    const dup = [...data, ...Array.from({ length: 12 }, () => [9, -9, 9])];
    for (const covarianceType of ['full', 'diag', 'spherical'] as const) {
      const fit = fitGmm(dup, { components: 4, seed: 3, covarianceType });
      expect(Number.isFinite(fit.meanLogLikelihood)).toBe(true);
      expect(fit.covariances.every(Number.isFinite)).toBe(true);
      expect(fit.means.every(Number.isFinite)).toBe(true);
      const dupLabels = new Set(Array.from(fit.labels.subarray(data.length)));
      expect(dupLabels.size).toBe(1);
    }
    const same = fitGmm(
      Array.from({ length: 10 }, () => [1, 2]),
      { components: 3, seed: 0 },
    );
    expect(Number.isFinite(same.meanLogLikelihood)).toBe(true);
  });

  it('leaves no empty cluster after compaction, even with many components', () => {
    const c = fixture.cases[1]!;
    const fit = fitGmm(c.data, { components: 60, seed: 2 });
    const { labels, count } = compactLabels(fit.labels);
    const sizes = new Array<number>(count).fill(0);
    labels.forEach((l) => sizes[l]!++);
    expect(sizes.every((s) => s > 0)).toBe(true);
    expect(Math.max(...labels)).toBe(count - 1);
  });

  it('supports the k-means initialisation', () => {
    const c = fixture.cases[0]!;
    const fit = fitGmm(c.data, { components: c.components, seed: 0, init: 'kmeans' });
    expect(adjustedRandIndex(fit.labels, c.labels)).toBeGreaterThanOrEqual(0.9);
  });

  it('handles empty input and more components than points', () => {
    expect(fitGmm([], { components: 3, seed: 0 }).labels.length).toBe(0);
    const few = fitGmm(
      [
        [0, 0],
        [10, 10],
      ],
      { components: 5, seed: 0 },
    );
    expect(few.weights.length).toBe(2);
    expect(new Set(few.labels).size).toBe(2);
  });
});

describe('fitGmm on a sample', () => {
  const { vectors } = topicVectors(21, 900, 30, 8, 0.4);

  it('labels every point, deterministically for a seed', () => {
    const a = fitGmm(vectors, { components: 60, seed: 3, sampleSize: 450 });
    const b = fitGmm(vectors, { components: 60, seed: 3, sampleSize: 450 });
    expect(a.labels.length).toBe(900);
    expect(a.labels.every((c) => c >= 0 && c < 60)).toBe(true);
    expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
    expect(Array.from(a.means)).toEqual(Array.from(b.means));
  });

  it('is the ordinary fit when the sample covers every point', () => {
    const full = fitGmm(vectors, { components: 60, seed: 3 });
    for (const sampleSize of [900, 5000]) {
      const same = fitGmm(vectors, { components: 60, seed: 3, sampleSize });
      expect(Array.from(same.labels)).toEqual(Array.from(full.labels));
      expect(same.meanLogLikelihood).toBe(full.meanLogLikelihood);
    }
  });

  it('fits on the sample only: the other points are labelled by the fitted model', () => {
    const fit = fitGmm(vectors, { components: 60, seed: 3, sampleSize: 450 });
    const rows = sampleRows(900, 450, 3);
    expect(new Set(rows).size).toBe(450);
    // The model fitted on the sample rows alone gives the sample rows the same labels.
    const alone = fitGmm(
      Array.from(rows, (r) => vectors[r]!),
      { components: 60, seed: 3 },
    );
    expect(Array.from(rows, (r) => fit.labels[r])).toEqual(Array.from(alone.labels));
  });

  it("reports the sample's mean log-likelihood", () => {
    const fit = fitGmm(vectors, { components: 60, seed: 3, sampleSize: 450 });
    const alone = fitGmm(
      Array.from(sampleRows(900, 450, 3), (r) => vectors[r]!),
      { components: 60, seed: 3 },
    );
    expect(fit.meanLogLikelihood).toBe(alone.meanLogLikelihood);
  });

  it("labels each point by the fitted model's highest weighted density (checked by brute force)", () => {
    const fit = fitGmm(vectors, { components: 60, seed: 3, sampleSize: 450 });
    const d = vectors[0]!.length;
    const logDensity = (x: ArrayLike<number>, c: number): number => {
      // Cholesky of the component's covariance, then the Mahalanobis term and log-determinant.
      const cov = fit.covariances.subarray(c * d * d, (c + 1) * d * d);
      const l = new Float64Array(d * d);
      for (let i = 0; i < d; i++)
        for (let j = 0; j <= i; j++) {
          let sum = cov[i * d + j]!;
          for (let m = 0; m < j; m++) sum -= l[i * d + m]! * l[j * d + m]!;
          l[i * d + j] = i === j ? Math.sqrt(sum) : sum / l[j * d + j]!;
        }
      const z = new Float64Array(d);
      let maha = 0;
      let logDet = 0;
      for (let i = 0; i < d; i++) {
        let sum = x[i]! - fit.means[c * d + i]!;
        for (let m = 0; m < i; m++) sum -= l[i * d + m]! * z[m]!;
        z[i] = sum / l[i * d + i]!;
        maha += z[i]! * z[i]!;
        logDet += 2 * Math.log(l[i * d + i]!);
      }
      return -0.5 * (maha + logDet + d * Math.log(2 * Math.PI));
    };
    const disagreements = vectors.filter((x, i) => {
      let best = -Infinity;
      let bestC = -1;
      for (let c = 0; c < fit.weights.length; c++) {
        const v = Math.log(fit.weights[c]!) + logDensity(x, c);
        if (v > best) [best, bestC] = [v, c];
      }
      return bestC !== fit.labels[i];
    });
    expect(disagreements).toEqual([]);
  });
});

describe('fitGmm with component groups', () => {
  // Many small components, as on a large level: 2,400 points, 400 components, fitted on half.
  const { vectors } = topicVectors(5, 2400, 400, 6, 0.3);

  for (const covarianceType of ['full', 'diag'] as const) {
    it(`${covarianceType}: the labels and log-likelihood of the plain E-step`, () => {
      const options = { components: 400, seed: 4, covarianceType, sampleSize: 1200 };
      const plain = fitGmm(vectors, options);
      const grouped = fitGmm(vectors, { ...options, componentGroups: true });
      expect(Array.from(grouped.labels)).toEqual(Array.from(plain.labels));
      expect(grouped.iterations).toBe(plain.iterations);
      expect(grouped.meanLogLikelihood).toBeCloseTo(plain.meanLogLikelihood, 9);
    });
  }
});
