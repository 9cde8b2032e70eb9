import { describe, expect, it } from 'vitest';
import { syntheticForest } from '../../engine/testing/synthetic-forest.ts';
import type { Fact, FactId, NodeId, TreeOutline } from '../../engine/types.ts';
import { layoutForest } from './layout.ts';
import { replacedFactOf, replacedFlags } from './replaced.ts';

/** The forest with its first fact replaced by its second. */
function withReplaced(tree: TreeOutline): { tree: TreeOutline; old: Fact } {
  const [first, second] = [...tree.facts.values()] as [Fact, Fact];
  const old: Fact = { ...first, validTo: '2024-05', supersededBy: second.id };
  const facts = new Map<FactId, Fact>(tree.facts);
  facts.set(old.id, old);
  return { tree: { ...tree, facts }, old };
}

const nodeOf = (tree: TreeOutline, factId: FactId): NodeId =>
  [...tree.nodes.values()].find((n) => n.factId === factId)!.id;

describe('replaced facts in the tree view', () => {
  it('flags the node of a replaced fact, and no other', () => {
    const { tree, old } = withReplaced(syntheticForest(20));
    const layout = layoutForest(tree, { mode: 'tidy' });
    const flags = replacedFlags(layout, tree);
    const flagged = layout.nodes.filter((_, i) => flags[i] === 1).map((n) => n.id);
    expect(flagged).toEqual([nodeOf(tree, old.id)]);
    expect(replacedFactOf(tree, nodeOf(tree, old.id))?.id).toBe(old.id);
    expect(replacedFactOf(tree, tree.levels.at(-1)![0]!)).toBeUndefined();
  });

  it('follows a new tree drawn with the same layout (an undo)', () => {
    const plain = syntheticForest(20);
    const { tree } = withReplaced(plain);
    const layout = layoutForest(tree, { mode: 'tidy' });
    expect(replacedFlags(layout, tree).some((f) => f === 1)).toBe(true);
    expect(replacedFlags(layout, plain).every((f) => f === 0)).toBe(true);
  });
});
