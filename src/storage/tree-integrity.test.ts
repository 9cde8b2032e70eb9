import { describe, expect, it } from 'vitest';
import { HashEmbedder } from '../engine/testing/index.ts';
import { tinyTree } from '../engine/tree/tiny-tree.test-support.ts';
import { measureDrift, measureLeavesInSlices } from '../engine/tree/drift.ts';
import type { MemoryTree, NodeId } from '../engine/types.ts';
import { treeProblems, treeProblemsInSlices } from './tree-integrity.ts';

describe('tree health in slices', () => {
  it('finds the same problems as the one-go check, pausing between slices', async () => {
    const tree = await tinyTree(new HashEmbedder());
    let pauses = 0;
    const pause = () => {
      pauses++;
      return Promise.resolve();
    };
    expect(await treeProblemsInSlices(tree, pause)).toEqual([]);
    expect(pauses).toBeGreaterThan(0);
    const root = tree.levels.at(-1)![0]!;
    const nodes = new Map(tree.nodes);
    nodes.set(root, { ...tree.nodes.get(root)!, children: ['s9:missing' as NodeId] });
    const broken: MemoryTree = { ...tree, nodes };
    const problems = await treeProblemsInSlices(broken, pause);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems).toEqual(treeProblems(broken));
  });

  it('measures the leaves ahead, and the drift report is the one measured in one go', async () => {
    const embedder = new HashEmbedder();
    const ahead = await tinyTree(embedder);
    let pauses = 0;
    await measureLeavesInSlices(
      ahead,
      () => {
        pauses++;
        return Promise.resolve();
      },
      1,
    );
    expect(pauses).toBe(ahead.levels[1]!.length);
    expect(measureDrift(ahead)).toEqual(measureDrift(await tinyTree(embedder)));
  });
});
