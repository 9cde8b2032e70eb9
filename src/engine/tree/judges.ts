/**
 * Judges decide, level by level, which nodes of the tree could matter for a question.
 * `llm` asks once per node (the paper), `llm-listwise` once per group of siblings,
 * `llm-frontier` once per question over the hybrid walk's leaf frontier (frontier-judge.ts),
 * `embedding` keeps a cosine beam without any LLM, `hybrid` (the no-LLM default,
 * hybrid-judge.ts) a beam by embedding cosine fused with BM25, `oracle` is told the ground truth
 * (evaluation).
 */
import { z } from 'zod';
import { callStructured, throwIfCallFailed } from '../json-output.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import type { LlmPort } from '../ports.ts';
import type { Fact, FactId, MemoryTree, SessionId, TreeNode, Vector } from '../types.ts';
import { cosine } from '../vector.ts';
import { DEFAULT_NO_LLM_BEAM, hybridJudge } from './hybrid-judge.ts';
import type { SessionTexts } from './lexicon.ts';
import type { SetCut } from './set-cut.ts';
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

/** The judges a walk can use without an LLM. */
export const NO_LLM_JUDGES = ['hybrid', 'embedding'] as const;
export type NoLlmJudgeName = (typeof NO_LLM_JUDGES)[number];

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
