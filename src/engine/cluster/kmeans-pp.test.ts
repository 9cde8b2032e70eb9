import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import { adjustedRandIndex } from './ari.ts';
import { topicVectors } from './fixtures/topic-vectors.ts';
import { kmeansPlusPlusByScan } from './kmeans-pp-scan.test-support.ts';
import { kmeansPlusPlus, lloyd } from './kmeans-pp.ts';
import { toMatrix } from './matrix.ts';

const centres = [
  [0, 0],
  [10, 0],
  [0, 10],
  [10, 10],
];
const points = centres.flatMap((c) =>
  [0, 1, 2, 3, 4].map((i) => [c[0]! + 0.1 * i, c[1]! - 0.1 * i]),
);
const truth = centres.flatMap((_, c) => [c, c, c, c, c]);

describe('kmeansPlusPlus', () => {
  it('seeds one centre per well-separated blob', () => {
    const x = toMatrix(points);
    const { indices, nearest } = kmeansPlusPlus(x, 4, createRng(1));
    expect(new Set(Array.from(indices, (i) => truth[i])).size).toBe(4);
    expect(adjustedRandIndex(nearest, truth)).toBe(1);
  });

  it('is deterministic for a seed', () => {
    const x = toMatrix(points);
    const a = kmeansPlusPlus(x, 3, createRng(9));
    const b = kmeansPlusPlus(x, 3, createRng(9));
    expect(Array.from(a.indices)).toEqual(Array.from(b.indices));
  });

  it('copes with identical points', () => {
    const x = toMatrix(Array.from({ length: 6 }, () => [1, 1]));
    const { indices, nearest } = kmeansPlusPlus(x, 3, createRng(0));
    expect(indices.length).toBe(3);
    expect(nearest.every((c) => c >= 0 && c < 3)).toBe(true);
  });
});

describe('kmeansPlusPlus with its point tree', () => {
  const uniform = (seed: number, n: number, d: number) => {
    const rng = createRng(seed);
    return Array.from({ length: n }, () => Array.from({ length: d }, () => rng.next()));
  };
  const cases: [string, number[][] | readonly ArrayLike<number>[], number][] = [
    ['uniform points in 2 dimensions, many centres', uniform(1, 1200, 2), 400],
    ['topic vectors in 10 dimensions', topicVectors(3, 1500, 60, 10, 0.3).vectors, 250],
    ['uniform points in 10 dimensions, one centre per 3 points', uniform(2, 900, 10), 300],
    ['repeated points', uniform(4, 300, 3).flatMap((p) => [p, p, p]), 200],
  ];
  for (const [name, rows, k] of cases) {
    it(`${name}: the centres a scan of every row chooses, bit for bit`, () => {
      const x = toMatrix(rows as number[][]);
      const tree = kmeansPlusPlus(x, k, createRng(7));
      const scan = kmeansPlusPlusByScan(x, k, createRng(7));
      expect(Array.from(tree.indices)).toEqual(Array.from(scan.indices));
      expect(Array.from(tree.nearest)).toEqual(Array.from(scan.nearest));
    });
  }
});

describe('lloyd', () => {
  it('recovers the blobs from poor starting centres', () => {
    const x = toMatrix(points);
    const start = Float64Array.from([0, 0, 0.2, 0, 0.4, 0, 10, 10]);
    const { labels, iterations } = lloyd(x, start);
    expect(iterations).toBeGreaterThan(1);
    expect(adjustedRandIndex(labels, truth)).toBeGreaterThan(0.5);
  });
});
