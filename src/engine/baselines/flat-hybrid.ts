/**
 * Flat hybrid retrieval: every fact of the memory ranked by the no-LLM tree judge's own fusion,
 * w·z(cosine) + (1 − w)·z(BM25) (tree/judges.ts `hybridFactScores`, the BM25 index of
 * tree/lexicon.ts), z-scored over all facts. No tree walk: the fair baseline for the
 * hybrid-judged walk, which scores with the same function but only the facts it reached.
 *
 * The fact vectors are the tree's level-0 embeddings (nothing is embedded up front); each query
 * costs one embedding call and no LLM call.
 */
import type { EmbedderPort, Tokenizer } from '../ports.ts';
import type { Retriever } from '../retrieval.ts';
import type { MemoryTree, SessionId } from '../types.ts';
import { approximateTokenizer } from '../tokens.ts';
import { throwIfAborted } from '../errors.ts';
import type { SessionTexts } from '../tree/lexicon.ts';
import {
  checkEmbeddingWeight,
  DEFAULT_HYBRID_EMBEDDING_WEIGHT,
  hybridFactScores,
} from '../tree/hybrid-judge.ts';
import { checkK, selectionResult, unitSelection } from './flat-result.ts';
import { EmbeddingCountError, unitsFromFacts, type UnitSource } from './flat-topk.ts';

/**
 * How deep a flat ranking of facts goes: the top k facts, or down to the fact that brings in the
 * k-th distinct session (the depth recall@k reads, as it does from a tree walk's ranked set).
 */
export type FlatDepth = 'facts' | 'sessions';
export const FLAT_DEPTHS = ['facts', 'sessions'] as const satisfies readonly FlatDepth[];

export interface FlatHybridOptions {
  readonly name?: string;
  readonly tree: MemoryTree;
  /** Embeds the query: must be the embedder the tree was built with. */
  readonly embedder: EmbedderPort;
  readonly k: number;
  /** What k counts (default `facts`). */
  readonly depth?: FlatDepth;
  /** Weight w of the standardised cosine (BM25 gets 1 − w); default the tree judge's. */
  readonly embeddingWeight?: number;
  /** The sessions' transcripts, for the session side of the lexical evidence (tree/lexicon.ts). */
  readonly sessionTexts?: SessionTexts;
  /** The judge's per-question weighing and feedback (tree/judges.ts `hybridQuery`; default true). */
  readonly adaptive?: boolean;
  readonly tokenizer?: Tokenizer;
}

/** A ranking cut at the depth: its first k items, or those up to the k-th distinct session. */
export function cutRanking<T extends Pick<UnitSource, 'sessionIds'>>(
  ranked: readonly T[],
  k: number,
  depth: FlatDepth,
): T[] {
  if (depth === 'facts') return ranked.slice(0, k);
  const sessions = new Set<SessionId>();
  const kept: T[] = [];
  for (const unit of ranked) {
    if (sessions.size >= k) break;
    kept.push(unit);
    for (const id of unit.sessionIds) sessions.add(id);
  }
  return kept;
}

/** All the tree's facts ranked by the hybrid judge's fact score, down to the depth; ties keep the tree's fact order. */
export function createFlatHybridRetriever(options: FlatHybridOptions): Retriever {
  const { tree, embedder } = options;
  const k = checkK(options.k);
  const depth = options.depth ?? 'facts';
  const w = checkEmbeddingWeight(options.embeddingWeight ?? DEFAULT_HYBRID_EMBEDDING_WEIGHT);
  const tokenizer = options.tokenizer ?? approximateTokenizer;
  const facts = [...tree.facts.values()];
  const units = unitsFromFacts(facts);
  return {
    name: options.name ?? 'flat-hybrid',
    async retrieve(query, retrieveOptions = {}) {
      throwIfAborted(retrieveOptions.signal);
      const [q] = await embedder.embed([query], retrieveOptions.signal);
      throwIfAborted(retrieveOptions.signal);
      if (!q) throw new EmbeddingCountError(embedder.id, 1, 0);
      const scores = hybridFactScores(tree, query, q, facts, {
        embeddingWeight: w,
        ...(options.adaptive !== undefined ? { adaptive: options.adaptive } : {}),
        ...(options.sessionTexts ? { sessionTexts: options.sessionTexts } : {}),
      });
      const ranked = units
        .map((unit, i) => ({ unit, i, sessionIds: unit.sessionIds, score: scores[i] ?? 0 }))
        .sort((a, b) => b.score - a.score || a.i - b.i);
      const selections = cutRanking(ranked, k, depth).map(({ unit, score }) =>
        unitSelection(unit, score),
      );
      return selectionResult(selections, tokenizer, retrieveOptions);
    },
  };
}
