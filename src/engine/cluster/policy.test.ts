import { describe, expect, it } from 'vitest';
import { adjustedRandIndex } from './ari.ts';
import { topicVectors } from './fixtures/topic-vectors.ts';
import {
  clusterLevel,
  compactLabels,
  componentCount,
  GMM_SAMPLE_CAP,
  gmmSampleSize,
  K,
  L,
  LARGE_LEVEL,
  UMAP_MIN_POINTS,
  UMAP_SETTINGS,
} from './policy.ts';

function expectCompact(labels: Int32Array, clusters: number): void {
  const sizes = new Array<number>(clusters).fill(0);
  labels.forEach((c) => sizes[c]!++);
  expect(sizes.every((s) => s > 0)).toBe(true);
}

describe('policy constants', () => {
  it('are the paper settings', () => {
    expect(K).toBe(6);
    expect(L).toBe(15);
    expect(UMAP_SETTINGS).toMatchObject({ nNeighbors: 15, minDist: 0.1, nComponents: 10 });
    expect(UMAP_MIN_POINTS).toBe(30);
  });

  it('componentCount = max(1, ⌊n/K⌋)', () => {
    expect([0, 1, 5, 6, 11, 12, 16, 2000].map((n) => componentCount(n))).toEqual([
      1, 1, 1, 1, 1, 2, 2, 333,
    ]);
  });
});

describe('compactLabels', () => {
  it('renumbers by first appearance and drops gaps', () => {
    const { labels, count } = compactLabels([5, 5, 2, 9, 2, 5]);
    expect(Array.from(labels)).toEqual([0, 0, 1, 2, 1, 0]);
    expect(count).toBe(3);
  });
});

describe('clusterLevel', () => {
  it('clusters a small level (fewer than 30 points) on the raw embeddings', () => {
    const { vectors, truth } = topicVectors(1, 24, 4, 64, 0.3);
    const r = clusterLevel(vectors, { seed: 1 });
    expect(r.space).toBe('raw');
    expect(r.msUmap).toBe(0);
    expect(r.clusters).toBeLessThanOrEqual(componentCount(24));
    expectCompact(r.labels, r.clusters);
    expect(adjustedRandIndex(r.labels, truth)).toBeGreaterThan(0.8);
  });

  it('reduces with UMAP from 30 points on, with compact labels', () => {
    const { vectors, truth } = topicVectors(2, 180, 6);
    const r = clusterLevel(vectors, { seed: 2 });
    expect(r.space).toBe('umap');
    expect(r.clusters).toBeGreaterThan(1);
    expect(r.clusters).toBeLessThanOrEqual(30);
    expectCompact(r.labels, r.clusters);
    expect(Math.max(...r.labels)).toBe(r.clusters - 1);
    // 30 components for 6 topics: clusters split topics but must not mix them.
    const mixed = new Set<string>();
    r.labels.forEach((c, i) => mixed.add(`${c}:${truth[i]}`));
    expect(mixed.size).toBeLessThanOrEqual(r.clusters + 3);
  });

  it('is deterministic for a seed', () => {
    const { vectors } = topicVectors(3, 90, 5);
    const a = clusterLevel(vectors, { seed: 7 });
    const b = clusterLevel(vectors, { seed: 7 });
    expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
  });

  it('handles empty and single-cluster levels', () => {
    expect(clusterLevel([], { seed: 0 }).clusters).toBe(0);
    const { vectors } = topicVectors(4, 9, 2);
    const r = clusterLevel(vectors, { seed: 0 });
    expect(r.clusters).toBe(1);
    expect(Array.from(r.labels)).toEqual(new Array(9).fill(0));
  });
});

describe('the large-level path (issue 15)', () => {
  it('starts above LARGE_LEVEL = 5,000 points, beyond every tree in docs/results.md', () => {
    expect(LARGE_LEVEL).toBe(5000);
    expect(GMM_SAMPLE_CAP).toBe(10000);
    const sizes = [100, 5000, 5001, 6000, 10000, 16000, 20000, 30000];
    expect(sizes.map((n) => gmmSampleSize(n))).toEqual([
      100, 5000, 5000, 5000, 5000, 8000, 10000, 10000,
    ]);
  });

  it('leaves levels up to LARGE_LEVEL on the exact path, bit for bit', () => {
    // 600 points: the lever, if it applied, would change the labels (second expectation), so
    // the first one fails if the threshold stops protecting small levels.
    const { vectors } = topicVectors(8, 600, 60, 32, 0.8);
    const byDefault = clusterLevel(vectors, { seed: 4 });
    const exact = clusterLevel(vectors, { seed: 4, largeLevel: Infinity });
    const forced = clusterLevel(vectors, { seed: 4, largeLevel: 100 });
    expect(byDefault.large).toBe(false);
    expect(Array.from(byDefault.labels)).toEqual(Array.from(exact.labels));
    expect(forced.large).toBe(true);
    expect(Array.from(forced.labels)).not.toEqual(Array.from(exact.labels));
  });

  it('is deterministic and labels every point', () => {
    const { vectors } = topicVectors(9, 400, 40, 32, 0.8);
    const a = clusterLevel(vectors, { seed: 5, largeLevel: 100 });
    const b = clusterLevel(vectors, { seed: 5, largeLevel: 100 });
    expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
    expect(a.labels.length).toBe(400);
    expectCompact(a.labels, a.clusters);
  });
});
