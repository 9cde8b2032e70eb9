import { describe, expect, it } from 'vitest';
import { createRng, gaussian } from '../rng.ts';
import { fuzzySimplicialSet } from './fuzzy-graph.ts';
import { exactCosineKnn } from './knn.ts';
import { toMatrix } from './matrix.ts';

function randomRows(seed: number, n: number, d: number): number[][] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => Array.from({ length: d }, () => gaussian(rng)));
}

function bruteForce(rows: number[][], i: number): number[] {
  const cos = (a: number[], b: number[]) => {
    let s = 0;
    let na = 0;
    let nb = 0;
    a.forEach((v, t) => {
      s += v * b[t]!;
      na += v * v;
      nb += b[t]! * b[t]!;
    });
    return Math.max(0, 1 - s / Math.sqrt(na * nb));
  };
  return rows
    .map((r, j) => (j === i ? Infinity : cos(rows[i]!, r)))
    .sort((x, y) => x - y)
    .filter(Number.isFinite);
}

describe('exactCosineKnn', () => {
  it('finds the exact nearest neighbours, the point itself first', () => {
    for (const n of [5, 23, 101]) {
      const rows = randomRows(n, n, 7);
      const knn = exactCosineKnn(toMatrix(rows), 15);
      expect(knn.k).toBe(Math.min(15, n));
      for (let i = 0; i < n; i++) {
        expect(knn.indices[i * knn.k]).toBe(i);
        expect(knn.distances[i * knn.k]).toBe(0);
        const expected = bruteForce(rows, i).slice(0, knn.k - 1);
        for (let t = 1; t < knn.k; t++)
          expect(knn.distances[i * knn.k + t]).toBeCloseTo(expected[t - 1]!, 9);
      }
    }
  });

  it('depends on directions only', () => {
    const rows = randomRows(9, 40, 6);
    const scaled = rows.map((r, i) => r.map((v) => v * (0.5 + i)));
    const a = exactCosineKnn(toMatrix(rows), 10);
    const b = exactCosineKnn(toMatrix(scaled), 10);
    expect(Array.from(b.indices)).toEqual(Array.from(a.indices));
    for (let t = 0; t < a.distances.length; t++)
      expect(b.distances[t]).toBeCloseTo(a.distances[t]!, 12);
  });

  it('gives zero vectors distance 1 to others and 0 to each other', () => {
    const rows = [
      [0, 0],
      [1, 0],
      [0, 0],
      [0, 1],
    ];
    const knn = exactCosineKnn(toMatrix(rows), 4);
    expect(knn.indices[1]).toBe(2);
    expect(knn.distances[1]).toBe(0);
    expect(knn.distances[2]).toBe(1);
  });
});

describe('fuzzySimplicialSet', () => {
  it('is symmetric with memberships in (0, 1], every point linked', () => {
    const knn = exactCosineKnn(toMatrix(randomRows(3, 60, 5)), 15);
    const g = fuzzySimplicialSet(knn);
    const weight = new Map<string, number>();
    for (let i = 0; i < g.n; i++) {
      expect(g.rowPtr[i + 1]! - g.rowPtr[i]!).toBeGreaterThan(0);
      for (let p = g.rowPtr[i]!; p < g.rowPtr[i + 1]!; p++) {
        expect(g.vals[p]).toBeGreaterThan(0);
        expect(g.vals[p]).toBeLessThanOrEqual(1);
        expect(g.cols[p]).not.toBe(i);
        weight.set(`${i}:${g.cols[p]}`, g.vals[p]!);
      }
    }
    for (const [key, w] of weight) {
      const [i, j] = key.split(':');
      expect(weight.get(`${j}:${i}`)).toBe(w);
    }
  });
});
