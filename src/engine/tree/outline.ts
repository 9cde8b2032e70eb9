/**
 * A memory tree's outline: what the page holds and draws (engine/types.ts TreeOutline), the tree
 * less its nodes' embeddings. Derived once per tree (trees are immutable), so a worker that hands
 * the outline out again for the same tree copies nothing new.
 */
import type { MemoryTree, NodeId, OutlineNode, TreeOutline } from '../types.ts';

const outlines = new WeakMap<MemoryTree, TreeOutline>();

export function treeOutline(tree: MemoryTree): TreeOutline {
  const kept = outlines.get(tree);
  if (kept) return kept;
  const nodes = new Map<NodeId, OutlineNode>();
  for (const node of tree.nodes.values()) {
    nodes.set(node.id, {
      id: node.id,
      level: node.level,
      text: node.text,
      parent: node.parent,
      children: node.children,
      ...(node.factId === undefined ? {} : { factId: node.factId }),
    });
  }
  const outline: TreeOutline = { nodes, levels: tree.levels, facts: tree.facts };
  outlines.set(tree, outline);
  return outline;
}
