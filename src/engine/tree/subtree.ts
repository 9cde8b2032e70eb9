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

const centroids = new WeakMap<MemoryTree, Map<NodeId, Vector | null>>();

/**
 * The (unnormalised) sum of the fact embeddings under `id`: the direction of everything a node
 * stands for. Without an LLM a summary is one member fact, so this steers better than its text.
 * Cached per tree (trees are immutable), and built bottom-up: a node's sum is its children's
 * sums added, so a walk's first question does not add up 30,000 fact vectors once per level.
 */
export function factCentroid(tree: MemoryTree, id: NodeId): Vector | undefined {
  let cache = centroids.get(tree);
  if (!cache) centroids.set(tree, (cache = new Map()));
  return centroidIn(tree, cache, id) ?? undefined;
}

/** Hands `from`'s centroids to `to`, the same tree with other summary texts (relabelled.ts). */
export function keepCentroidsFor(to: MemoryTree, from: MemoryTree): void {
  const kept = centroids.get(from);
  if (kept && !centroids.has(to)) centroids.set(to, kept);
}

function centroidIn(
  tree: MemoryTree,
  cache: Map<NodeId, Vector | null>,
  id: NodeId,
): Vector | null {
  const known = cache.get(id);
  if (known !== undefined) return known;
  const node = tree.nodes.get(id);
  let sum: Float32Array | null = null;
  if (node) {
    const add = (v: Vector) => {
      const into = (sum ??= new Float32Array(v.length));
      for (let i = 0; i < v.length; i++) into[i] = (into[i] as number) + (v[i] as number);
    };
    if (node.level === 0) add(node.embedding);
    for (const child of node.children) {
      const below = tree.nodes.get(child);
      if (!below) continue;
      if (below.level === 0 && below.children.length === 0) add(below.embedding);
      else {
        const v = centroidIn(tree, cache, child);
        if (v) add(v);
      }
    }
  }
  cache.set(id, sum);
  return sum;
}
