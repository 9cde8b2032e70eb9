/**
 * Level of detail for large forests: a person cannot read 30,000 facts on one canvas, so a large
 * forest opens showing its roots and upper summaries only, the deepest levels collapsed; a click
 * expands a node on demand, and search or "Show in tree" open the way to any fact (reveal.ts).
 */
import type { TreeOutline, NodeId } from '../../engine/types.ts';

/** Forests with more facts than this open collapsed (the canvas stays smooth at 3,000). */
export const LARGE_FOREST_FACTS = 5000;
/** At most this many nodes are shown when a large forest opens. */
export const OPENING_NODES = 1500;

export function isLargeForest(tree: TreeOutline | null): boolean {
  return (tree?.facts.size ?? 0) > LARGE_FOREST_FACTS;
}

/**
 * The nodes to collapse when `tree` opens: none for a small forest; else every node of the
 * deepest level whose levels above it (itself included) hold at most `budget` nodes, so their
 * children are hidden. The roots always show (collapsed when even they exceed the budget).
 */
export function openingCollapsed(
  tree: TreeOutline | null,
  budget: number = OPENING_NODES,
): ReadonlySet<NodeId> {
  if (!tree || !isLargeForest(tree)) return new Set();
  const top = tree.levels.length - 1;
  let shown = tree.levels[top]?.length ?? 0;
  let level = top;
  while (level > 1 && shown + (tree.levels[level - 1]?.length ?? 0) <= budget) {
    level--;
    shown += tree.levels[level]?.length ?? 0;
  }
  return new Set(level >= 1 ? (tree.levels[level] ?? []) : []);
}
