/**
 * The no-LLM default judge: a beam by embedding cosine fused with BM25 (the `hybrid` of
 * judges.ts), and the same fusion as a fact ranking (the walk's set, the flat-hybrid baseline).
 */
import { hybridScores } from '../scores.ts';
import type { Fact, MemoryTree, Vector } from '../types.ts';
import { cosine } from '../vector.ts';
import { hybridQuery } from './hybrid-query.ts';
import type { JudgeContext, NodeJudge } from './judges.ts';
import { treeLexicon, type SessionTexts } from './lexicon.ts';
import { setCutFor } from './set-cut.ts';
import { factCentroid } from './subtree.ts';

/**
 * Nodes the no-LLM judges keep per level by default (the walk's set is then cut to budget).
 * LoCoMo dev, w 0.25, transcripts: recall@5 81.1 at beam 4, 81.9 at 5, 82.0 at 6 and 8, 81.7 at 10.
 */
export const DEFAULT_NO_LLM_BEAM = 6;

/**
 * Weight of the embedding cosine against BM25 in the hybrid judge (the lexical side gets 1 − w).
 * First tuned without an LLM (bundled GloVe embedder, beam 3) on the conversations at even
 * positions of LoCoMo dev (scripts/bench/tree-judge-tune.ts): recall@5 77.0 to 77.6 for w from
 * 0.15 to 0.4 (0.5: 76.1, 0.75: 65.8, cosine alone: 48.8); the odd positions confirmed it. Since
 * the lexical side reads whole transcripts (lexicon.ts), on all of LoCoMo dev with beam 6:
 * recall@5 82.0 at w 0.2 and 0.25, 81.6 at 0.35, 81.1 at 0.45.
 */
export const DEFAULT_HYBRID_EMBEDDING_WEIGHT = 0.25;

export interface HybridJudgeOptions {
  /** Nodes kept per level at most (default 3). */
  readonly beam?: number;
  /** Weight w of the standardised cosine against the standardised BM25, in [0, 1]. */
  readonly embeddingWeight?: number;
  /** What the cosine compares the question with (default: the centroid of the facts below). */
  readonly nodeVector?: 'summary' | 'centroid';
  /** λ: the share of a fact's session in its lexical evidence (tree/lexicon.ts). */
  readonly sessionWeight?: number;
  /**
   * Steer by meaning where the question's words match little (lexical-signal.ts) and expand the
   * question with the facts closest to it (query-feedback.ts). Default true; false is the fixed
   * fusion of issue 13.
   */
  readonly adaptive?: boolean;
}

export class InvalidJudgeOptionError extends RangeError {
  override readonly name = 'InvalidJudgeOptionError';
}

/** Checks the hybrid's embedding weight: a number in [0, 1]. */
export function checkEmbeddingWeight(w: number): number {
  if (!(w >= 0 && w <= 1))
    throw new InvalidJudgeOptionError(
      `The hybrid judge's embedding weight must be in [0, 1], got ${w}`,
    );
  return w;
}

/**
 * No LLM: keeps the `beam` nodes of a level that score best on w·z(cosine) + (1 − w)·z(BM25),
 * standardised over the level's candidates. The cosine is the embedding judge's; the BM25 side
 * is the question against the facts under each node (its best fact, see lexicon.ts), so a
 * subtree holding the name, place or date the question asks about rises even where the word
 * vectors blur it. It ranks the retrieved facts by the same fusion (`scoreFacts`).
 */
export function hybridJudge(options: HybridJudgeOptions = {}): NodeJudge {
  const beam = options.beam ?? DEFAULT_NO_LLM_BEAM;
  const w = checkEmbeddingWeight(options.embeddingWeight ?? DEFAULT_HYBRID_EMBEDDING_WEIGHT);
  const centroid = (options.nodeVector ?? 'centroid') === 'centroid';
  const adaptive = options.adaptive ?? true;
  const queryOf = (ctx: JudgeContext): Vector => {
    if (!ctx.queryVector)
      throw new Error('The hybrid judge needs the question embedded (no embedder given)');
    return ctx.queryVector;
  };
  return {
    name: 'hybrid',
    unit: 'level',
    callsFor: () => 0,
    judge(groups, ctx) {
      const lexicon = treeLexicon(ctx.tree, ctx.sessionTexts);
      const { vector: query, embeddingWeight } = hybridQuery(
        ctx.tree,
        lexicon,
        ctx.question,
        queryOf(ctx),
        w,
        adaptive,
      );
      const nodes = groups.flat();
      const cosines = nodes.map((node) => {
        const vector =
          centroid && node.level > 0 ? factCentroid(ctx.tree, node.id) : node.embedding;
        return vector ? cosine(vector, query) : -1;
      });
      const lexical = nodes.map((node) =>
        lexicon.nodeScore(ctx.question, node.id, options.sessionWeight),
      );
      const scores = hybridScores(cosines, lexical, embeddingWeight);
      const kept = new Set(
        nodes
          .map((node, i) => ({ node, i, score: scores[i] ?? 0 }))
          .sort((a, b) => b.score - a.score || a.i - b.i)
          .slice(0, beam)
          .map((s) => s.node),
      );
      return Promise.resolve(
        nodes.map((node, i) => {
          const score = scores[i] ?? 0;
          const why = `hybrid ${score.toFixed(2)} (cosine ${(cosines[i] ?? 0).toFixed(3)}, BM25 ${(lexical[i] ?? 0).toFixed(2)})`;
          return {
            node,
            keep: kept.has(node),
            score,
            reason: kept.has(node) ? `${why} in top ${beam}` : why,
            tokens: 0,
          };
        }),
      );
    },
    setCut(ctx) {
      const lexicon = treeLexicon(ctx.tree, ctx.sessionTexts);
      return setCutFor(
        hybridQuery(ctx.tree, lexicon, ctx.question, queryOf(ctx), w, adaptive).embeddingWeight,
      );
    },
    scoreFacts(facts, ctx) {
      return hybridFactScores(ctx.tree, ctx.question, queryOf(ctx), facts, {
        embeddingWeight: w,
        adaptive,
        ...(options.sessionWeight !== undefined ? { sessionWeight: options.sessionWeight } : {}),
        ...(ctx.sessionTexts ? { sessionTexts: ctx.sessionTexts } : {}),
      });
    },
  };
}

/**
 * The hybrid judge's fact ranking: w·z(cosine of each fact's vector to the question) +
 * (1 − w)·z(BM25 of the question against the fact), z-scored over the given facts. The judge
 * scores the set its walk retrieved with it; the flat-hybrid baseline scores every fact of the
 * tree with it (baselines/flat-hybrid.ts), so the two rank by one scorer.
 */
export interface HybridFactScoreOptions {
  readonly embeddingWeight?: number;
  /** See HybridJudgeOptions.adaptive (default true). */
  readonly adaptive?: boolean;
  readonly sessionWeight?: number;
  readonly sessionTexts?: SessionTexts;
}

export function hybridFactScores(
  tree: MemoryTree,
  question: string,
  queryVector: Vector,
  facts: readonly Fact[],
  options: HybridFactScoreOptions = {},
): number[] {
  const { sessionWeight } = options;
  const lexicon = treeLexicon(tree, options.sessionTexts);
  const { vector, embeddingWeight } = hybridQuery(
    tree,
    lexicon,
    question,
    queryVector,
    options.embeddingWeight ?? DEFAULT_HYBRID_EMBEDDING_WEIGHT,
    options.adaptive ?? true,
  );
  const cosines = facts.map((fact) => {
    const v = lexicon.factVector(fact.id);
    return v ? cosine(v, vector) : -1;
  });
  const lexical = facts.map((fact) => lexicon.factScore(question, fact.id, sessionWeight));
  const fused = hybridScores(cosines, lexical, embeddingWeight);
  return facts.map((fact, i) =>
    fact.category === 'request' ? (fused[i] ?? 0) - REQUEST_PENALTY : (fused[i] ?? 0),
  );
}

/**
 * How far below a statement of the same fused score a request fact ranks (z units): what the user
 * asked ("Asked about cheap, protein, ideas") is weaker evidence about them than what they said,
 * and question-only sessions are mostly errands. implicit-dev, no LLM: recall@5 of the walk 35.4
 * without it, 37.0 at 0.5 and 1, 40.1 at 2 (as before request facts existed); the built-in example
 * 44.4 throughout. Request facts stay in the tree, so a walk (or the oracle) still reaches them.
 */
export const REQUEST_PENALTY = 2;
