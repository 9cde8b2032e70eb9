/**
 * A no-LLM judge that scores a node by the centroid of the facts under it, rather than by the
 * embedding of its summary text. Without an LLM a summary is one central member fact, so the
 * plain embedding judge steers by a single fact per cluster; the centroid stands for all of
 * them (RAPTOR-style). Keeps the `beam` best nodes of each level, like the embedding judge.
 */
import type { NodeJudge } from '../tree/judges.ts';
import type { MemoryTree, NodeId, Vector } from '../types.ts';
import { cosine } from '../vector.ts';

const centroids = new WeakMap<MemoryTree, Map<NodeId, Vector>>();

function centroidOf(tree: MemoryTree, id: NodeId): Vector | undefined {
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

export function centroidJudge(options: { readonly beam?: number } = {}): NodeJudge {
  const beam = options.beam ?? 3;
  return {
    name: 'embedding',
    unit: 'level',
    callsFor: () => 0,
    judge(groups, ctx) {
      const query = ctx.queryVector;
      if (!query)
        throw new Error('The centroid judge needs the question embedded (no embedder given)');
      const scored = groups.flat().map((node) => {
        const c = node.level === 0 ? node.embedding : centroidOf(ctx.tree, node.id);
        return { node, score: c ? cosine(c, query) : -1 };
      });
      const kept = new Set(
        [...scored]
          .sort((a, b) => b.score - a.score)
          .slice(0, beam)
          .map((s) => s.node),
      );
      return Promise.resolve(
        scored.map(({ node, score }) => ({
          node,
          keep: kept.has(node),
          score,
          reason: `centroid cosine ${score.toFixed(3)}${kept.has(node) ? ` in top ${beam}` : ''}`,
          tokens: 0,
        })),
      );
    },
  };
}
