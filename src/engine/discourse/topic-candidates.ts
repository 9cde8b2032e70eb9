/**
 * The topic step's candidates: each topic tree that holds a round, scored by meaning and by words.
 *
 *   - meaning: the embedding's cosine to the tree's closest root-to-leaf path. A path's score is
 *     the query's cosine to its closest round or to the path's mean direction, whichever is higher
 *     (a long path drifts, so its centre alone would under-score a query about its latest rounds,
 *     and one round alone would miss a query about the path as a whole);
 *   - words: the idf-weighted share of the query's stemmed content words that the tree's rounds
 *     hold (topic-words.ts);
 *   - score = (1 − wordWeight) · meaning + wordWeight · words, the hybrid the memory walk uses for
 *     facts (embedding cosine and a lexical score), here on a topic's rounds.
 */
import { cosine, meanDirection } from '../vector.ts';
import type { TopicCandidate } from './decider.ts';
import { leaves, pathTo, treeNodes } from './forest.ts';
import { stemCounts, topicStems, wordOverlap } from './topic-words.ts';
import type { DiscourseNode, DiscourseState, TreeId } from './types.ts';

export function pathScore(path: readonly DiscourseNode[], queryEmbedding: readonly number[]) {
  if (path.length === 0) return { score: 0, closest: 0, centre: 0 };
  let closest = Number.NEGATIVE_INFINITY;
  for (const node of path) closest = Math.max(closest, cosine(node.embedding, queryEmbedding));
  const centre = cosine(meanDirection(path.map((n) => n.embedding)), queryEmbedding);
  return { score: Math.max(closest, centre), closest, centre };
}

const roundStems = (node: DiscourseNode) => topicStems(`${node.user}\n${node.assistant}`);

/** Every tree with a round, by its score, best first (ties: the current tree, then the older tree). */
export function topicCandidates(
  state: DiscourseState,
  currentTreeId: TreeId | null,
  queryEmbedding: readonly number[],
  query = '',
  wordWeight = 0,
): TopicCandidate[] {
  const stems = new Map<string, Set<string>>();
  for (const node of Object.values(state.nodes)) stems.set(node.id, roundStems(node));
  const counts = stemCounts([...stems.values()]);
  const queryStems = topicStems(query);
  const candidates: TopicCandidate[] = [];
  state.trees.forEach((tree, treeIndex) => {
    if (tree.rootId === null) return;
    let best: { path: DiscourseNode[]; meaning: number } | undefined;
    for (const leaf of leaves(state, tree.id)) {
      const path = pathTo(state, leaf.id);
      const { score } = pathScore(path, queryEmbedding);
      if (!best || score > best.meaning) best = { path, meaning: score };
    }
    if (!best) return;
    const nodes = treeNodes(state, tree.id);
    const treeStems = new Set(nodes.flatMap((n) => [...(stems.get(n.id) ?? [])]));
    const words = wordOverlap(queryStems, treeStems, counts);
    candidates.push({
      treeId: tree.id,
      path: best.path,
      meaning: best.meaning,
      words,
      score: (1 - wordWeight) * best.meaning + wordWeight * words,
      rounds: nodes.length,
      current: tree.id === currentTreeId,
      treeIndex,
    });
  });
  return candidates.sort(
    (a, b) =>
      b.score - a.score || Number(b.current) - Number(a.current) || a.treeIndex - b.treeIndex,
  );
}
