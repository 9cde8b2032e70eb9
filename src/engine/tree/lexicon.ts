/**
 * The lexical side of the hybrid tree judge: a BM25 index over the facts of a tree (the shared
 * Okapi BM25 of baselines/bm25.ts), and a node's lexical score for a question: the best BM25 score
 * of any fact under it ("does this subtree hold a fact naming what the question names?").
 *
 * The index is derived from the facts alone (no per-node text is stored), built lazily once per
 * tree and cached: trees are immutable, so inserting facts yields a new tree whose index is built
 * on its first query (one tokenisation pass over the facts), and no insert, split or edit code
 * has anything to keep in sync. Per question, the facts are scored once and node scores are
 * memoised, so a walk's levels share the work.
 */
import { createBm25Index, type Bm25Index } from '../baselines/bm25.ts';
import type { FactId, MemoryTree, NodeId, Vector } from '../types.ts';
import { nodeOf } from './subtree.ts';

export interface TreeLexicon {
  /** BM25 of `question` against one fact (0 when it shares no term with the question). */
  factScore(question: string, factId: FactId): number;
  /** The best BM25 score of `question` against any fact under `node` (0 without facts). */
  nodeScore(question: string, node: NodeId): number;
  /** The embedding of a fact's level-0 node. */
  factVector(factId: FactId): Vector | undefined;
}

interface QueryScores {
  readonly question: string;
  readonly facts: readonly number[];
  readonly nodes: Map<NodeId, number>;
}

const lexicons = new WeakMap<MemoryTree, TreeLexicon>();

/** The tree's lexicon, built on first use and cached for the tree's lifetime. */
export function treeLexicon(tree: MemoryTree): TreeLexicon {
  let lexicon = lexicons.get(tree);
  if (!lexicon) lexicons.set(tree, (lexicon = buildLexicon(tree)));
  return lexicon;
}

function buildLexicon(tree: MemoryTree): TreeLexicon {
  const factIds = [...tree.facts.keys()];
  const position = new Map(factIds.map((id, i) => [id, i]));
  const vectors = new Map<FactId, Vector>();
  for (const node of tree.nodes.values())
    if (node.factId !== undefined) vectors.set(node.factId, node.embedding);
  let index: Bm25Index | undefined;
  // One question at a time is memoised (a walk asks level after level about the same question).
  let last: QueryScores | undefined;

  const scoresFor = (question: string): QueryScores => {
    if (last?.question === question) return last;
    index ??= createBm25Index(factIds.map((id) => tree.facts.get(id)?.text ?? ''));
    last = { question, facts: index.scores(question), nodes: new Map() };
    return last;
  };
  const factScore = (scores: QueryScores, id: FactId | undefined): number => {
    const i = id === undefined ? undefined : position.get(id);
    return i === undefined ? 0 : (scores.facts[i] ?? 0);
  };
  const nodeScore = (scores: QueryScores, id: NodeId): number => {
    const known = scores.nodes.get(id);
    if (known !== undefined) return known;
    const node = nodeOf(tree, id);
    let best = factScore(scores, node.factId);
    for (const child of node.children) best = Math.max(best, nodeScore(scores, child));
    scores.nodes.set(id, best);
    return best;
  };
  return {
    factScore: (question, id) => factScore(scoresFor(question), id),
    nodeScore: (question, id) => nodeScore(scoresFor(question), id),
    factVector: (id) => vectors.get(id),
  };
}
