import { describe, expect, it } from 'vitest';
import { syntheticEmbeddings } from './synthetic.ts';
import { benchTreeBuild } from './tree-build.ts';

describe('syntheticEmbeddings', () => {
  it('is seeded, unit-length and topical', () => {
    const a = syntheticEmbeddings(50, 16, 3);
    const b = syntheticEmbeddings(50, 16, 3);
    expect(a.vectors.map((v) => Array.from(v))).toEqual(b.vectors.map((v) => Array.from(v)));
    expect(a.topics).toEqual(b.topics);
    for (const v of a.vectors) expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    expect(new Set(a.topics).size).toBeGreaterThan(1);
  });
});

describe('benchTreeBuild', () => {
  it('reports the levels of a small synthetic build', async () => {
    const r = await benchTreeBuild({ n: 150, dim: 24, seed: 1 });
    expect(r.n).toBe(150);
    expect(r.dim).toBe(24);
    expect(r.levels).toBe(r.nodes.length);
    expect(r.nodes[0]).toBe(150);
    expect(r.nodes.at(-1)).toBeLessThanOrEqual(15);
    for (let l = 1; l < r.nodes.length; l++) expect(r.nodes[l]!).toBeLessThan(r.nodes[l - 1]!);
    for (const ms of [r.ms_umap, r.ms_gmm, r.ms_total]) expect(ms).toBeGreaterThanOrEqual(0);
    expect(r.ari_topics).toBeGreaterThan(0);
  });

  it('takes its vectors from input when given', async () => {
    const { vectors } = syntheticEmbeddings(40, 8, 2);
    const r = await benchTreeBuild({ input: vectors.map((v) => Array.from(v)) });
    expect(r.n).toBe(40);
    expect(r.dim).toBe(8);
    expect(r.nodes[0]).toBe(40);
    expect(r.ari_topics).toBeUndefined();
  });
});
