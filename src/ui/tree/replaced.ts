/**
 * Which drawn nodes are facts another fact replaced (engine/lifetime): the tree view dims them,
 * strikes their labels through and draws them hollow. One flag per laid-out node, kept per
 * layout and tree (both immutable), so a redraw costs nothing more.
 */
import type { Fact, NodeId, TreeOutline } from '../../engine/types.ts';
import type { TreeLayout } from './layout.ts';

/** The fact a node stands for, when it is a fact another one replaced. */
export function replacedFactOf(tree: TreeOutline | null, id: NodeId): Fact | undefined {
  const factId = tree?.nodes.get(id)?.factId;
  const fact = factId === undefined ? undefined : tree?.facts.get(factId);
  return fact?.supersededBy === undefined ? undefined : fact;
}

const kept = new WeakMap<TreeLayout, { tree: TreeOutline | null; flags: Uint8Array }>();

export function replacedFlags(layout: TreeLayout, tree: TreeOutline | null): Uint8Array {
  const cached = kept.get(layout);
  if (cached?.tree === tree) return cached.flags;
  const flags = new Uint8Array(layout.nodes.length);
  layout.nodes.forEach((n, i) => {
    if (n.level === 0 && replacedFactOf(tree, n.id as NodeId)) flags[i] = 1;
  });
  kept.set(layout, { tree, flags });
  return flags;
}
