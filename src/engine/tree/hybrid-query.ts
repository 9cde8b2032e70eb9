/**
 * The question as the no-LLM hybrid judge uses it (judges.ts): its vector and how much the
 * fusion trusts words over meaning, fixed or adapted to the question.
 */
import type { MemoryTree, Vector } from '../types.ts';
import type { TreeLexicon } from './lexicon.ts';
import { questionSignal, signalWeight } from './lexical-signal.ts';
import { feedbackQuery } from './query-feedback.ts';

/** What the hybrid compares with and how it weighs words, for one question (the hybrid judge's `adaptive` option). */
export interface HybridQuery {
  readonly vector: Vector;
  readonly embeddingWeight: number;
}

const hybridQueries = new WeakMap<
  TreeLexicon,
  WeakMap<Vector, HybridQuery & { readonly question: string; readonly w: number }>
>();

/**
 * The question's vector and cosine weight as the hybrid uses them: fixed (`adaptive` false), or
 * expanded by feedback (query-feedback.ts) and weighed by the question's lexical signal
 * (lexical-signal.ts). Memoised per query vector: a walk asks for it at every level.
 */
export function hybridQuery(
  tree: MemoryTree,
  lexicon: TreeLexicon,
  question: string,
  queryVector: Vector,
  w: number,
  adaptive: boolean,
): HybridQuery {
  if (!adaptive) return { vector: queryVector, embeddingWeight: w };
  let memo = hybridQueries.get(lexicon);
  if (!memo) hybridQueries.set(lexicon, (memo = new WeakMap()));
  const known = memo.get(queryVector);
  if (known?.question === question && known.w === w) return known;
  const signal = questionSignal(tree, lexicon, question, queryVector);
  const query = {
    question,
    w,
    vector: feedbackQuery(
      queryVector,
      lexicon.factVectors(),
      {},
      lexicon.factCosines(queryVector).cosines,
    ),
    embeddingWeight: signalWeight(signal, w),
  };
  memo.set(queryVector, query);
  return query;
}
