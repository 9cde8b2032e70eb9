/**
 * The topic step's candidates: each topic tree that holds a round, scored by the embedding
 * against its closest root-to-leaf path. A path's score is the query's cosine to its closest
 * round or to the path's mean direction, whichever is higher (a long path drifts, so its centre
 * alone would under-score a query about its latest rounds, and one round alone would miss a
 * query about the path as a whole).
 */
import { cosine, meanDirection } from '../vector.ts';
import type { TopicCandidate } from './decider.ts';
import { leaves, pathTo } from './forest.ts';
import type { DiscourseNode, DiscourseState, TreeId } from './types.ts';

export function pathScore(path: readonly DiscourseNode[], queryEmbedding: readonly number[]) {
  if (path.length === 0) return { score: 0, closest: 0, centre: 0 };
  let closest = Number.NEGATIVE_INFINITY;
  for (const node of path) closest = Math.max(closest, cosine(node.embedding, queryEmbedding));
  const centre = cosine(meanDirection(path.map((n) => n.embedding)), queryEmbedding);
  return { score: Math.max(closest, centre), closest, centre };
}

/** Every tree with a round, by its best path's score, best first (ties: the current tree, then the older tree). */
export function topicCandidates(
  state: DiscourseState,
  currentTreeId: TreeId | null,
  queryEmbedding: readonly number[],
): TopicCandidate[] {
  const candidates: TopicCandidate[] = [];
  state.trees.forEach((tree, treeIndex) => {
    if (tree.rootId === null) return;
    let best: TopicCandidate | undefined;
    for (const leaf of leaves(state, tree.id)) {
      const path = pathTo(state, leaf.id);
      const { score } = pathScore(path, queryEmbedding);
      if (!best || score > best.score) {
        best = { treeId: tree.id, path, score, current: tree.id === currentTreeId, treeIndex };
      }
    }
    if (best) candidates.push(best);
  });
  return candidates.sort(
    (a, b) =>
      b.score - a.score || Number(b.current) - Number(a.current) || a.treeIndex - b.treeIndex,
  );
}
