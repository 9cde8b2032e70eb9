import { describe, expect, it } from 'vitest';
import { topicVectors } from './fixtures/topic-vectors.ts';
import { exactCosineKnn } from './knn.ts';
import { toMatrix } from './matrix.ts';
import { nnDescentCosineKnn } from './nn-descent.ts';

function recall(exact: { indices: Int32Array; k: number; n: number }, approx: Int32Array): number {
  const { k, n } = exact;
  let hit = 0;
  for (let i = 0; i < n; i++) {
    const truth = new Set(exact.indices.subarray(i * k + 1, (i + 1) * k));
    for (let t = 1; t < k; t++) if (truth.has(approx[i * k + t]!)) hit++;
  }
  return hit / (n * (k - 1));
}

describe('nnDescentCosineKnn', () => {
  // 3,000 points around 300 topics in 48 dimensions, noisy enough that neighbours cross topics.
  const { vectors } = topicVectors(11, 3000, 300, 48, 0.9);
  const x = toMatrix(vectors);
  const exact = exactCosineKnn(x, 15);
  const approx = nnDescentCosineKnn(x, 15, { seed: 5 });

  it('finds at least 90% of the exact 15 nearest neighbours', () => {
    // 0.947 with this seed; ~0.99 on the benchmark's 10,000 synthetic 100-d embeddings.
    expect(recall(exact, approx.indices)).toBeGreaterThanOrEqual(0.9);
  });

  it("has exactCosineKnn's layout: the point itself first, then distinct neighbours nearest first", () => {
    expect(approx.k).toBe(15);
    for (let i = 0; i < approx.n; i++) {
      const o = i * approx.k;
      expect(approx.indices[o]).toBe(i);
      expect(approx.distances[o]).toBe(0);
      const row = Array.from(approx.indices.subarray(o + 1, o + approx.k));
      expect(new Set(row).size).toBe(row.length);
      expect(row).not.toContain(i);
      for (let t = 2; t < approx.k; t++) {
        expect(approx.distances[o + t]!).toBeGreaterThanOrEqual(approx.distances[o + t - 1]!);
      }
    }
  });

  it('is deterministic for a seed, and the seed matters', () => {
    const again = nnDescentCosineKnn(x, 15, { seed: 5 });
    expect(again.indices).toEqual(approx.indices);
    expect(again.distances).toEqual(approx.distances);
    const other = nnDescentCosineKnn(x, 15, { seed: 6, maxIterations: 1 });
    expect(other.indices).not.toEqual(approx.indices);
  });

  it('handles k = 1 and k ≥ n', () => {
    const small = toMatrix(vectors.slice(0, 6));
    expect(Array.from(nnDescentCosineKnn(small, 1, { seed: 0 }).indices)).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    const all = nnDescentCosineKnn(small, 15, { seed: 0 });
    expect(all.k).toBe(6);
    expect(recall(exactCosineKnn(small, 15), all.indices)).toBe(1);
  });
});
