/**
 * What an insert keeps for the next one (insert-index.ts layouts, label-terms.ts term counts,
 * drift's per-leaf cosines, subtree.ts centroids, the copy-on-write draft) changes nothing: the
 * same inserts on a cold copy of the tree (no cache can match it) give the same tree.
 */
import { describe, expect, it } from 'vitest';
import { chunkedTree } from '../testing/index.ts';
import { type MemoryTree, type NodeId, type Vector } from '../types.ts';
import { normalize } from '../vector.ts';
import { cloneableTree } from './cloneable-tree.ts';
import { leafCohesion, treeLookup } from './cohesion.ts';
import { measureDrift } from './drift.ts';
import { indexedTree, InsertIndex, prepareInsert, takeInsertLayout } from './insert-index.ts';
import { noLlmInsert as options, wordFacts as facts } from './insert-facts.test-support.ts';
import { insertFacts } from './insert.ts';
import { prepareLabels } from './label-terms.ts';
import { labelTree } from './label-tree.ts';
import { factCentroid, roots } from './subtree.ts';

/** The tree as plain data, for comparison. */
const shape = (t: MemoryTree) => ({
  levels: t.levels,
  nodes: [...t.nodes.values()].map((n) => [n.id, n.text, n.parent, n.children, [...n.embedding]]),
  facts: [...t.facts.values()],
});

const cold = (t: MemoryTree): MemoryTree => structuredClone(cloneableTree(t));

describe('what an insert keeps for the next', () => {
  it('gives the same trees as inserting into cold copies', async () => {
    const base = labelTree(chunkedTree(facts(240, 'base', 1)));
    await prepareInsert(base);
    await prepareLabels(base);
    let warm = base;
    let coldTree = cold(base);
    for (let round = 0; round < 4; round++) {
      const batch = facts(9, `new${round}`, 10 + round);
      warm = (await insertFacts(warm, batch, options)).tree;
      coldTree = (await insertFacts(cold(coldTree), batch, options)).tree;
      expect(shape(warm)).toEqual(shape(coldTree));
      expect(measureDrift(warm)).toEqual(measureDrift(cold(warm)));
    }
    // The tree it started from is untouched by the copy-on-write draft.
    expect(shape(base)).toEqual(shape(cold(base)));
  });

  it('never uses a kept centre or fact row that no longer matches the tree', async () => {
    const tree = chunkedTree(facts(60, 'base', 7));
    await prepareInsert(tree);
    const kept = takeInsertLayout(tree)!;
    expect(kept.laidOut).toBe(60);
    // Another tree: one leaf's facts moved far away (new embeddings), the level-0 order changed.
    const leaf = tree.levels[1]![0]!;
    const moved = tree.nodes.get(leaf)!.children[0]!;
    const far = normalize(Array.from({ length: 16 }, (_, i) => (i === 0 ? 1 : 0))) as Vector;
    const nodes = new Map(tree.nodes);
    for (const child of tree.nodes.get(leaf)!.children)
      nodes.set(child, { ...tree.nodes.get(child)!, embedding: far });
    const level0 = [...tree.levels[0]!];
    [level0[0], level0[1]] = [level0[1]!, level0[0]!];
    const other: MemoryTree = { ...tree, nodes, levels: [level0, ...tree.levels.slice(1)] };
    const reused = new InsertIndex(indexedTree(other), kept);
    const fresh = new InsertIndex(indexedTree(other));
    for (let level = 1; level < other.levels.length; level++) {
      expect(reused.closestAt(level, far)).toEqual(fresh.closestAt(level, far));
    }
    expect(reused.closestLeaf(far)).toEqual({ leaf, score: expect.closeTo(1, 5) });
    expect(reused.firstAtLeast(far, 0.999)).toBe(fresh.firstAtLeast(far, 0.999));
    expect(level0.indexOf(reused.firstAtLeast(far, 0.999)!)).toBeLessThanOrEqual(
      level0.indexOf(moved),
    );
  });

  it('lays out a large tree in slices, pausing between them, to the same layout', async () => {
    const tree = chunkedTree(facts(2500, 'big', 9));
    let pauses = 0;
    await prepareInsert(tree, async () => void pauses++);
    expect(pauses).toBeGreaterThanOrEqual(2);
    const kept = takeInsertLayout(tree)!;
    expect(kept.laidOut).toBe(2500);
    const probe = facts(1, 'probe', 11)[0]!.embedding;
    const reused = new InsertIndex(indexedTree(tree), kept);
    const fresh = new InsertIndex(indexedTree(tree));
    expect(reused.closestLeaf(probe)).toEqual(fresh.closestLeaf(probe));
    expect(reused.firstAtLeast(probe, 0.5)).toBe(fresh.firstAtLeast(probe, 0.5));
  });

  it('measures drift as leafCohesion does, per leaf kept', async () => {
    const tree = labelTree(chunkedTree(facts(120, 'base', 3)));
    const after = (await insertFacts(tree, facts(5, 'x', 4), options)).tree;
    for (const t of [tree, after]) {
      const expected = t.build.leafCohesion - leafCohesion(t.levels[1] ?? [], treeLookup(t)).mean;
      expect(measureDrift(t).cohesionDrop).toBeCloseTo(expected, 12);
    }
  });

  it('sums a node’s fact centroid bottom-up to the sum of the facts under it', () => {
    const tree = chunkedTree(facts(100, 'base', 5));
    for (const root of roots(tree)) {
      const sum = new Float64Array(16);
      const stack: NodeId[] = [root];
      while (stack.length > 0) {
        const node = tree.nodes.get(stack.pop() as NodeId)!;
        if (node.level === 0) node.embedding.forEach((x, i) => (sum[i]! += x));
        stack.push(...node.children);
      }
      const got = factCentroid(tree, root)!;
      got.forEach((x, i) => expect(x).toBeCloseTo(sum[i]!, 4));
    }
  });
});
