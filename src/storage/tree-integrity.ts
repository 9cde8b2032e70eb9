/** Structural checks of a loaded tree: every reference resolves, levels agree with nodes. */
import type { MemoryTree } from '../engine/types.ts';

/** Nodes checked between two pauses of `treeProblemsInSlices`. */
export const CHECK_SLICE = 250;

export function treeProblems(tree: MemoryTree): string[] {
  const problems: string[] = [];
  for (const _ of checks(tree, problems)) {
    // checked in one go
  }
  return problems;
}

/** The same checks, letting other work (a question) run between slices of `CHECK_SLICE` nodes. */
export async function treeProblemsInSlices(
  tree: MemoryTree,
  pause: () => Promise<void>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const _ of checks(tree, problems)) await pause();
  return problems;
}

/** Adds every problem to `problems`, yielding after each slice of nodes. */
function* checks(tree: MemoryTree, problems: string[]): Generator<void> {
  const listed = new Set(tree.levels.flat());
  if (listed.size !== tree.nodes.size) problems.push('levels do not list exactly the nodes');
  tree.levels.forEach((level, i) => {
    for (const id of level)
      if (tree.nodes.get(id)?.level !== i) problems.push(`node ${id} misplaced`);
  });
  yield;
  let n = 0;
  for (const node of tree.nodes.values()) {
    if (node.parent !== null && !tree.nodes.get(node.parent)?.children.includes(node.id)) {
      problems.push(`node ${node.id} has a dangling parent`);
    }
    for (const child of node.children) {
      if (tree.nodes.get(child)?.parent !== node.id)
        problems.push(`node ${node.id} has a dangling child`);
    }
    if (node.level === 0 && (node.factId === undefined || !tree.facts.has(node.factId))) {
      problems.push(`fact node ${node.id} has no fact`);
    }
    if (++n % CHECK_SLICE === 0) yield;
  }
  for (const id of tree.facts.keys()) {
    if (!tree.nodes.has(`f:${id}` as never)) problems.push(`fact ${id} has no node`);
  }
}
