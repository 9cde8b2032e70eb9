import { describe, expect, it } from 'vitest';
import { findABParams } from 'umap-js/dist/umap';
import { createRng, gaussian } from '../rng.ts';
import { adjustedRandIndex } from './ari.ts';
import { findAbParams } from './ab-params.ts';
import { fitGmm } from './gmm.ts';
import { effectiveComponents, effectiveNeighbors, reduceUmap } from './umap.ts';

/** `perBlob` points around each of `blobs` random directions in `dim` dimensions. */
function blobs(seed: number, blobCount: number, perBlob: number, dim: number, noise = 0.35) {
  const rng = createRng(seed);
  const centres = Array.from({ length: blobCount }, () =>
    Array.from({ length: dim }, () => gaussian(rng)),
  );
  const vectors: number[][] = [];
  const truth: number[] = [];
  for (let i = 0; i < perBlob; i++) {
    centres.forEach((c, b) => {
      vectors.push(c.map((v) => v + noise * gaussian(rng)));
      truth.push(b);
    });
  }
  return { vectors, truth };
}

describe('reduceUmap', () => {
  const { vectors, truth } = blobs(1, 3, 40, 50);

  it('returns n × nComponents and is deterministic for a seed', () => {
    const a = reduceUmap(vectors, { seed: 5, nEpochs: 50 });
    const b = reduceUmap(vectors, { seed: 5, nEpochs: 50 });
    const c = reduceUmap(vectors, { seed: 6, nEpochs: 50 });
    expect(a.rows).toBe(120);
    expect(a.cols).toBe(10);
    expect(a.data.length).toBe(1200);
    expect(a.data.every(Number.isFinite)).toBe(true);
    expect(Array.from(a.data)).toEqual(Array.from(b.data));
    expect(Array.from(a.data)).not.toEqual(Array.from(c.data));
  });

  it('keeps separate clusters separate (GMM on the reduction recovers them)', () => {
    const reduced = reduceUmap(vectors, { seed: 2 });
    const fit = fitGmm(reduced, { components: 3, seed: 2 });
    expect(adjustedRandIndex(fit.labels, truth)).toBeGreaterThanOrEqual(0.9);
  });

  it('uses the cosine metric: scaled inputs give the same clusters', () => {
    // (Not the same coordinates: rounding-level differences flip discrete sampling decisions.)
    const scaled = vectors.map((v, i) => v.map((x) => x * (1 + (i % 4))));
    const fit = fitGmm(reduceUmap(scaled, { seed: 2 }), { components: 3, seed: 2 });
    expect(adjustedRandIndex(fit.labels, truth)).toBeGreaterThanOrEqual(0.9);
  });

  it('agrees with umap-js itself, step for step, given the same kNN, seed and curve', () => {
    const small = blobs(4, 3, 20, 20);
    const ab = findABParams(1, 0.1); // umap-js's own (loosely fitted) curve parameters
    for (const nEpochs of [1, 5]) {
      const ours = reduceUmap(small.vectors, { seed: 11, nEpochs, ab });
      const lib = reduceUmap(small.vectors, { seed: 11, nEpochs, backend: 'umap-js' });
      let worst = 0;
      for (let t = 0; t < ours.data.length; t++)
        worst = Math.max(worst, Math.abs(ours.data[t]! - lib.data[t]!));
      expect(worst).toBeLessThan(1e-6);
    }
  });

  it('caps neighbours and components for tiny inputs', () => {
    expect(effectiveNeighbors(10, 15)).toBe(9);
    expect(effectiveNeighbors(100, 15)).toBe(15);
    expect(effectiveComponents(8, 10)).toBe(6);
    expect(effectiveComponents(1000, 10)).toBe(10);
    const tiny = reduceUmap(vectors.slice(0, 8), { seed: 1, nEpochs: 20 });
    expect([tiny.rows, tiny.cols]).toEqual([8, 6]);
    expect(tiny.data.every(Number.isFinite)).toBe(true);
    expect(reduceUmap(vectors.slice(0, 2), { seed: 1 }).rows).toBe(2);
    expect(reduceUmap([], { seed: 1 }).rows).toBe(0);
  });

  it('solves the output curve like umap-learn (scipy curve_fit)', () => {
    // umap.umap_.find_ab_params(1.0, 0.1) = (1.5769434604035877, 0.8950608780665811)
    const { a, b } = findAbParams(1, 0.1);
    expect(a).toBeCloseTo(1.5769434604035877, 5);
    expect(b).toBeCloseTo(0.8950608780665811, 5);
  });
});
