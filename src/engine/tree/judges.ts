/**
 * Judges decide, level by level, which nodes of the tree could matter for a question.
 * `llm` asks once per node (the paper), `llm-listwise` once per group of siblings,
 * `llm-frontier` once per question over the hybrid walk's leaf frontier (frontier-judge.ts),
 * `embedding` keeps a cosine beam without any LLM, `hybrid` (the no-LLM default) a beam by
 * embedding cosine fused with BM25, `oracle` is told the ground truth (evaluation).
 */
import { z } from 'zod';
import { callStructured, throwIfCallFailed } from '../json-output.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import type { LlmPort } from '../ports.ts';
import { hybridScores } from '../scores.ts';
import type { Fact, FactId, MemoryTree, SessionId, TreeNode, Vector } from '../types.ts';
import { cosine } from '../vector.ts';
import { treeLexicon, type SessionTexts } from './lexicon.ts';
import { hybridQuery } from './hybrid-query.ts';
import { setCutFor, type SetCut } from './set-cut.ts';
import {
  JUDGE_MAX_TOKENS,
  LISTWISE_MAX_TOKENS,
  judgeChildrenPrompt,
  judgeNodePrompt,
} from './prompts.ts';
import { factCentroid, factsUnder } from './subtree.ts';

export const JUDGE_NAMES = [
  'llm',
  'llm-listwise',
  'llm-frontier',
  'embedding',
  'hybrid',
  'oracle',
] as const;
export type JudgeName = (typeof JUDGE_NAMES)[number];

export interface JudgeContext {
  readonly question: string;
  readonly queryVector?: Vector;
  readonly tree: MemoryTree;
  /** The transcripts of the tree's sessions, for the lexical side of the hybrid judge. */
  readonly sessionTexts?: SessionTexts;
  readonly signal?: AbortSignal;
}

export interface NodeVerdict {
  readonly node: TreeNode;
  readonly keep: boolean;
  readonly score?: number;
  readonly reason: string;
  /** Tokens spent on this verdict's LLM call (a listwise call's tokens go to its first verdict). */
  readonly tokens: number;
}

/** How much a judge looks at in one go: the retriever feeds it units of that size, live. */
export type JudgeUnit = 'node' | 'group' | 'level';

export interface NodeJudge {
  readonly name: JudgeName;
  readonly unit: JudgeUnit;
  /** LLM calls that judging these sibling groups costs: the retriever checks it against the budget. */
  callsFor(groups: readonly (readonly TreeNode[])[]): number;
  judge(groups: readonly (readonly TreeNode[])[], ctx: JudgeContext): Promise<NodeVerdict[]>;
  /**
   * How this judge ranks the facts a walk retrieved (higher first), one score per fact: the
   * retriever orders its items by it and puts it on their `score`. Without it the items keep
   * the walk's order and a caller ranks the set itself.
   */
  scoreFacts?(facts: readonly Fact[], ctx: JudgeContext): number[];
  /** Where this judge's ranked set ends for the question (set-cut.ts); default `SET_CUT`. */
  setCut?(ctx: JudgeContext): SetCut;
}

const nodeVerdictSchema = z.object({ relevant: z.boolean(), reason: z.string().default('') });
const listVerdictSchema = z.object({
  keep: z.array(z.union([z.string(), z.number()]).transform(String)),
  reason: z.string().default(''),
});

/**
 * The paper's judge: one LLM call per node. Unreadable output keeps the node (recall first); a
 * call that fails (server down, no model) throws its LlmCallError: it is never a keep.
 */
export function llmNodeJudge(llm: LlmPort): NodeJudge {
  return {
    name: 'llm',
    unit: 'node',
    callsFor: (groups) => groups.reduce((n, g) => n + g.length, 0),
    async judge(groups, ctx) {
      const verdicts: NodeVerdict[] = [];
      for (const node of groups.flat()) {
        const result = throwIfCallFailed(
          await callStructured(llm, {
            messages: judgeNodePrompt(ctx.question, node.text),
            schema: nodeVerdictSchema,
            maxTokens: JUDGE_MAX_TOKENS,
            purpose: LLM_PURPOSES.judgeNode,
            ...(ctx.signal ? { signal: ctx.signal } : {}),
          }),
        );
        const tokens = result.promptTokens + result.completionTokens;
        verdicts.push(
          result.ok
            ? { node, keep: result.value.relevant, reason: result.value.reason, tokens }
            : {
                node,
                keep: true,
                reason: `judge output unreadable, kept: ${result.error}`,
                tokens,
              },
        );
      }
      return verdicts;
    },
  };
}

/**
 * One LLM call per group of siblings, naming the kept ones by short ids ("1", "2", ...). As the
 * node judge: unreadable output keeps the group, a failed call throws.
 */
export function llmListwiseJudge(llm: LlmPort): NodeJudge {
  return {
    name: 'llm-listwise',
    unit: 'group',
    callsFor: (groups) => groups.filter((g) => g.length > 0).length,
    async judge(groups, ctx) {
      const verdicts: NodeVerdict[] = [];
      for (const group of groups) {
        if (group.length === 0) continue;
        const candidates = group.map((node, i) => ({ id: String(i + 1), text: node.text }));
        const result = throwIfCallFailed(
          await callStructured(llm, {
            messages: judgeChildrenPrompt(ctx.question, candidates),
            schema: listVerdictSchema,
            maxTokens: LISTWISE_MAX_TOKENS,
            purpose: LLM_PURPOSES.judgeChildren,
            ...(ctx.signal ? { signal: ctx.signal } : {}),
          }),
        );
        const tokens = result.promptTokens + result.completionTokens;
        const kept = result.ok ? new Set(result.value.keep.map((id) => id.trim())) : undefined;
        group.forEach((node, i) => {
          const spent = i === 0 ? tokens : 0;
          if (!result.ok) {
            verdicts.push({
              node,
              keep: true,
              reason: `judge output unreadable, kept: ${result.error}`,
              tokens: spent,
            });
            return;
          }
          const keep = kept?.has(String(i + 1)) ?? false;
          verdicts.push({ node, keep, reason: result.value.reason, tokens: spent });
        });
      }
      return verdicts;
    },
  };
}

export interface EmbeddingJudgeOptions {
  /** Nodes kept per level at most. */
  readonly beam?: number;
  /** Nodes below this cosine are pruned even inside the beam. */
  readonly minScore?: number;
  /**
   * What a node is compared by: its summary's embedding, or the centroid of the facts under it
   * (better when summaries are single member facts, i.e. written without an LLM).
   */
  readonly nodeVector?: 'summary' | 'centroid';
}

/** No LLM: keeps the `beam` nodes of a level most similar to the question. */
export function embeddingJudge(options: EmbeddingJudgeOptions = {}): NodeJudge {
  const beam = options.beam ?? 3;
  const minScore = options.minScore ?? -1;
  const centroid = options.nodeVector === 'centroid';
  const label = centroid ? 'centroid cosine' : 'cosine';
  return {
    name: 'embedding',
    unit: 'level',
    callsFor: () => 0,
    judge(groups, ctx) {
      const query = ctx.queryVector;
      if (!query)
        throw new Error('The embedding judge needs the question embedded (no embedder given)');
      const vectorOf = (node: TreeNode) =>
        centroid && node.level > 0 ? factCentroid(ctx.tree, node.id) : node.embedding;
      const scored = groups.flat().map((node) => {
        const vector = vectorOf(node);
        return { node, score: vector ? cosine(vector, query) : -1 };
      });
      const ranked = [...scored].sort((a, b) => b.score - a.score);
      const kept = new Set(
        ranked
          .slice(0, beam)
          .filter((s) => s.score >= minScore)
          .map((s) => s.node),
      );
      return Promise.resolve(
        scored.map(({ node, score }) => ({
          node,
          keep: kept.has(node),
          score,
          reason: kept.has(node)
            ? `${label} ${score.toFixed(3)} in top ${beam}`
            : `${label} ${score.toFixed(3)}`,
          tokens: 0,
        })),
      );
    },
  };
}

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

/** The judges a walk can use without an LLM. */
export const NO_LLM_JUDGES = ['hybrid', 'embedding'] as const;
export type NoLlmJudgeName = (typeof NO_LLM_JUDGES)[number];

/**
 * Nodes the no-LLM judges keep per level by default (the walk's set is then cut to budget).
 * LoCoMo dev, w 0.25, transcripts: recall@5 81.1 at beam 4, 81.9 at 5, 82.0 at 6 and 8, 81.7 at 10.
 */
export const DEFAULT_NO_LLM_BEAM = 6;

/** The no-LLM judge everything uses by default (eval, chat, explorer, CLI): the hybrid. */
export const DEFAULT_NO_LLM_JUDGE: NoLlmJudgeName = 'hybrid';

export interface NoLlmJudgeOptions {
  readonly beam?: number;
  readonly nodeVector?: 'summary' | 'centroid';
  /** The hybrid judge's cosine weight (ignored by the embedding judge). */
  readonly embeddingWeight?: number;
  /** The hybrid judge's session weight λ (ignored by the embedding judge). */
  readonly sessionWeight?: number;
}

/** The named no-LLM judge (default: the hybrid, `DEFAULT_NO_LLM_BEAM`, fact centroids). */
export function noLlmJudge(
  name: NoLlmJudgeName = DEFAULT_NO_LLM_JUDGE,
  options: NoLlmJudgeOptions = {},
): NodeJudge {
  const nodeVector = options.nodeVector ?? 'centroid';
  const beam = options.beam ?? DEFAULT_NO_LLM_BEAM;
  return name === 'embedding'
    ? embeddingJudge({ beam, nodeVector })
    : hybridJudge({
        beam,
        nodeVector,
        ...(options.embeddingWeight !== undefined
          ? { embeddingWeight: options.embeddingWeight }
          : {}),
        ...(options.sessionWeight !== undefined ? { sessionWeight: options.sessionWeight } : {}),
      });
}

export interface OracleTruth {
  readonly factIds?: Iterable<FactId>;
  readonly sessionIds?: Iterable<SessionId>;
}

/** Evaluation only: keeps exactly the nodes whose subtree holds a gold fact or a gold session. */
export function oracleJudge(truth: OracleTruth): NodeJudge {
  const goldFacts = new Set(truth.factIds ?? []);
  const goldSessions = new Set(truth.sessionIds ?? []);
  return {
    name: 'oracle',
    unit: 'group',
    callsFor: () => 0,
    judge(groups, ctx) {
      return Promise.resolve(
        groups.flat().map((node) => {
          const facts = factsUnder(ctx.tree, node.id);
          const hit = facts.some(
            (f) => goldFacts.has(f.id) || f.sources.some((s) => goldSessions.has(s.sessionId)),
          );
          return {
            node,
            keep: hit,
            reason: hit ? 'holds ground truth' : 'no ground truth below',
            tokens: 0,
          };
        }),
      );
    },
  };
}
