/** How tightly facts sit in their leaf clusters: measured at build, watched for drift after. */
import type { MemoryTree, NodeId, Vector } from '../types.ts';
import { cosine, meanDirection } from '../vector.ts';
import { TreeIntegrityError } from './tree-integrity-error.ts';

interface NodeView {
  readonly embedding: Vector;
  readonly children: readonly NodeId[];
}
type NodeLookup = (id: NodeId) => NodeView;

/** Unit mean direction of a node's children: the centre new members are routed by. */
export function centreOf(lookup: NodeLookup, id: NodeId): Vector {
  const children = lookup(id).children;
  if (children.length === 0) return lookup(id).embedding;
  return meanDirection(children.map((child) => lookup(child).embedding));
}

/** Mean and standard deviation of each fact's cosine to its leaf's centre. */
export function leafCohesion(
  leafIds: readonly NodeId[],
  lookup: NodeLookup,
): { mean: number; std: number } {
  const scores: number[] = [];
  for (const leaf of leafIds) {
    const centre = centreOf(lookup, leaf);
    for (const child of lookup(leaf).children) scores.push(cosine(lookup(child).embedding, centre));
  }
  if (scores.length === 0) return { mean: 1, std: 0 };
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  const variance = scores.reduce((a, s) => a + (s - mean) * (s - mean), 0) / scores.length;
  return { mean, std: Math.sqrt(variance) };
}

export function treeLookup(tree: MemoryTree): NodeLookup {
  return (id) => {
    const node = tree.nodes.get(id);
    if (!node) throw new TreeIntegrityError(`Memory tree is inconsistent: node ${id} is missing`);
    return node;
  };
}
