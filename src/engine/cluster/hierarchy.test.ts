import { describe, expect, it } from 'vitest';
import { meanDirection } from '../vector.ts';
import type { Vector } from '../types.ts';
import { buildHierarchy } from './hierarchy.ts';
import type { Hierarchy, HierarchyProgress } from './hierarchy.ts';
import { L } from './policy.ts';
import { topicVectors } from './fixtures/topic-vectors.ts';

const mean = (_level: number, members: number[], vectors: readonly Vector[]) =>
  meanDirection(members.map((i) => vectors[i]!));

function shape(h: Hierarchy): number[][][] {
  return h.levels.map((level) => level.map((node) => [...node.children]));
}

describe('buildHierarchy', () => {
  it('returns no levels for no input', async () => {
    const h = await buildHierarchy([], { seed: 0, summarize: mean });
    expect(h.levels).toEqual([]);
  });

  it('makes the facts the roots when N ≤ L, without summarising', async () => {
    const { vectors } = topicVectors(1, L, 3);
    let calls = 0;
    const h = await buildHierarchy(vectors, {
      seed: 0,
      summarize: (level, members, v) => {
        calls++;
        return mean(level, members, v);
      },
    });
    expect(h.levels.length).toBe(1);
    expect(h.levels[0]!.length).toBe(L);
    expect(h.levels[0]!.every((node) => node.parent === null && node.children.length === 0)).toBe(
      true,
    );
    expect(calls).toBe(0);
  });

  it('shrinks 200 nodes level by level to at most L roots, one parent per node', async () => {
    const { vectors } = topicVectors(2, 200, 12);
    const progress: HierarchyProgress[] = [];
    const h = await buildHierarchy(vectors, {
      seed: 3,
      summarize: mean,
      onProgress: (p) => progress.push(p),
    });
    const sizes = h.levels.map((level) => level.length);
    expect(sizes[0]).toBe(200);
    expect(sizes.at(-1)).toBeLessThanOrEqual(L);
    for (let l = 1; l < sizes.length; l++) expect(sizes[l]!).toBeLessThan(sizes[l - 1]!);
    for (let l = 1; l < h.levels.length; l++) {
      const below = h.levels[l - 1]!;
      const seen = new Array<number>(below.length).fill(0);
      h.levels[l]!.forEach((node, p) => {
        expect(node.children.length).toBeGreaterThan(0);
        for (const c of node.children) {
          seen[c]!++;
          expect(below[c]!.parent).toBe(p);
        }
      });
      expect(seen.every((s) => s === 1)).toBe(true);
    }
    expect(h.levels.at(-1)!.every((node) => node.parent === null)).toBe(true);
    expect(progress.length).toBe(sizes.slice(1).reduce((s, n) => s + n, 0));
    expect(progress.at(-1)).toEqual({
      level: sizes.length - 1,
      done: sizes.at(-1),
      total: sizes.at(-1),
    });
    expect(h.msUmap).toBeGreaterThan(0);
    expect(h.msGmm).toBeGreaterThan(0);
  });

  it('is deterministic for a seed', async () => {
    const { vectors } = topicVectors(5, 120, 8);
    const a = await buildHierarchy(vectors, { seed: 9, summarize: mean });
    const b = await buildHierarchy(vectors, { seed: 9, summarize: mean });
    expect(shape(a)).toEqual(shape(b));
  });

  it('awaits asynchronous summarisers and uses their vectors for the next level', async () => {
    const { vectors } = topicVectors(6, 60, 4);
    const seen: Vector[][] = [];
    const h = await buildHierarchy(vectors, {
      seed: 1,
      summarize: async (level, members, v) => {
        seen[level] = v.slice();
        await new Promise((resolve) => setTimeout(resolve, 0));
        return mean(level, members, v);
      },
    });
    expect(seen[0]).toEqual(vectors);
    if (h.levels.length > 2) expect(seen[1]).toEqual(h.levels[1]!.map((n) => n.vector));
  });

  it('forces progress when a clustering does not shrink the level', async () => {
    const { vectors } = topicVectors(7, 40, 4);
    const h = await buildHierarchy(vectors, {
      seed: 0,
      summarize: mean,
      cluster: (x) => ({
        labels: Int32Array.from({ length: x.rows }, (_, i) => i),
        clusters: x.rows,
        space: 'raw',
        msUmap: 0,
        msGmm: 0,
      }),
    });
    const sizes = h.levels.map((level) => level.length);
    for (let l = 1; l < sizes.length; l++) expect(sizes[l]!).toBeLessThan(sizes[l - 1]!);
    expect(sizes.at(-1)).toBeLessThanOrEqual(L);
  });

  it('stops when aborted', async () => {
    const { vectors } = topicVectors(8, 60, 4);
    const controller = new AbortController();
    const run = buildHierarchy(vectors, {
      seed: 0,
      signal: controller.signal,
      summarize: (level, members, v) => {
        controller.abort();
        return mean(level, members, v);
      },
    });
    await expect(run).rejects.toThrow();
  });
});
