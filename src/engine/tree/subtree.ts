/** Walking a memory tree: facts under a node, sessions under a node. */
import type {
  Fact,
  MemoryTree,
  NodeId,
  OutlineNode,
  SessionId,
  TreeNode,
  TreeOutline,
  Vector,
} from '../types.ts';
import { TreeIntegrityError } from './tree-integrity-error.ts';

export function nodeOf(tree: MemoryTree, id: NodeId): TreeNode;
export function nodeOf(tree: TreeOutline, id: NodeId): OutlineNode;
export function nodeOf(tree: TreeOutline, id: NodeId): OutlineNode {
  const node = tree.nodes.get(id);
  if (!node)
    throw new TreeIntegrityError(
      `Memory tree is inconsistent: node ${id} is referenced but missing`,
    );
  return node;
}

/** The facts (level-0 nodes) under `id`, in tree order. */
export function factsUnder(tree: TreeOutline, id: NodeId): Fact[] {
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

const centroids = new WeakMap<MemoryTree, Map<NodeId, Vector>>();

/**
 * The (unnormalised) sum of the fact embeddings under `id`: the direction of everything a node
 * stands for. Without an LLM a summary is one member fact, so this steers better than its text.
 * Cached per tree (trees are immutable).
 */
export function factCentroid(tree: MemoryTree, id: NodeId): Vector | undefined {
  let cache = centroids.get(tree);
  if (!cache) centroids.set(tree, (cache = new Map()));
  const known = cache.get(id);
  if (known) return known;
  const vectors: Vector[] = [];
  const stack: NodeId[] = [id];
  while (stack.length > 0) {
    const node = tree.nodes.get(stack.pop() as NodeId);
    if (!node) continue;
    if (node.level === 0) vectors.push(node.embedding);
    stack.push(...node.children);
  }
  const first = vectors[0];
  if (!first) return undefined;
  const sum = new Float32Array(first.length);
  for (const v of vectors) for (let i = 0; i < v.length; i++) sum[i] = (sum[i] ?? 0) + (v[i] ?? 0);
  cache.set(id, sum);
  return sum;
}
