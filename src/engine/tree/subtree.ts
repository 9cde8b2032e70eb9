/** Walking a memory tree: facts under a node, sessions under a node. */
import type { Fact, MemoryTree, NodeId, SessionId, TreeNode } from '../types.ts';

export function nodeOf(tree: MemoryTree, id: NodeId): TreeNode {
  const node = tree.nodes.get(id);
  if (!node) throw new Error(`Memory tree is inconsistent: node ${id} is referenced but missing`);
  return node;
}

/** The facts (level-0 nodes) under `id`, in tree order. */
export function factsUnder(tree: MemoryTree, id: NodeId): Fact[] {
  const out: Fact[] = [];
  const stack: NodeId[] = [id];
  while (stack.length > 0) {
    const node = nodeOf(tree, stack.pop() as NodeId);
    if (node.factId !== undefined) {
      const fact = tree.facts.get(node.factId);
      if (fact) out.push(fact);
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as NodeId);
  }
  return out;
}

export function sessionsOf(facts: readonly Fact[]): SessionId[] {
  const seen = new Set<SessionId>();
  for (const fact of facts) for (const source of fact.sources) seen.add(source.sessionId);
  return [...seen];
}

export function roots(tree: MemoryTree): readonly NodeId[] {
  return tree.levels[tree.levels.length - 1] ?? [];
}
