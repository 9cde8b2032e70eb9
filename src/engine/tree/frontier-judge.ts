/**
 * The budgeted LLM judge: the no-LLM hybrid walk generates candidates, and the LLM is asked once,
 * over the walk's frontier of leaf clusters, which of them could matter.
 *
 * Above the leaves the judge is the hybrid (no call) with a wide beam; at the leaf level it ranks
 * the leaf clusters by the hybrid and hands the best `frontier` of them to one listwise call with
 * no free-text reason. The walk then collects the facts of the kept leaves and ranks them by the
 * hybrid's fusion, as the no-LLM walk does. A question costs one LLM call, whatever the tree
 * holds, against one per visited node for the paper's walk (`llm`), which stays available as the
 * thorough setting. An unreadable answer keeps the whole frontier (recall first); a call that
 * fails throws its LlmCallError (a failed call is never a keep).
 */
import { z } from 'zod';
import { callStructured, throwIfCallFailed } from '../json-output.ts';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import type { LlmPort } from '../ports.ts';
import type { TreeNode } from '../types.ts';
import { type NodeJudge, type NodeVerdict } from './judges.ts';
import { hybridJudge } from './hybrid-judge.ts';
import { frontierLine } from './frontier-line.ts';
import { FRONTIER_MAX_TOKENS, frontierPrompt } from './prompts.ts';

export interface FrontierJudgeOptions {
  /** Nodes the hybrid keeps per level above the leaves. */
  readonly beam?: number;
  /** Leaf clusters the one LLM call chooses from. */
  readonly frontier?: number;
}

/**
 * Tuned on LoCoMo dev (60 questions over a 3,347-fact memory, oracle-quality answers): of the
 * gold sessions the paper's per-node walk keeps, the frontier walk keeps 92.4% with beam 12 and
 * 10 leaves, 94.9% with 12, 96.2% with 14, 97.5% with 16 and 100% with 24 (about 500, 560, 640,
 * 710 and 990 prompt tokens); beam 8 with 16 leaves 96.2%. On the 100 questions of
 * `grove bench turn-cost` (dated memories, issue 25), 24 leaves: beam 12 kept at most 6 keep 95.1%,
 * at most 5 93.7%, at most 4 93.0%, at most 8 95.1%; 32 leaves 95.8% for about 75 more prompt
 * tokens; beam 8, 16, 20 and 24 with 24 leaves kept at most 6 keep 94.4%, 97.2%, 96.5% and 97.2%
 * (the prompt does not change: a wider beam only draws the 24 from more clusters). Shown by their
 * content words (frontier-line.ts, 7 tokens a line) with the ids back as a bare array, the call
 * is 328 prompt and 12 completion tokens (679 and 18 shown by their first 20 tokens with a
 * `{"keep": …}` answer): 1.6 s on a typical laptop GPU instead of 2.7 s.
 */
export const DEFAULT_FRONTIER_BEAM = 16;
export const DEFAULT_FRONTIER_SIZE = 24;
/**
 * Tokens of each leaf cluster's line (frontier-line.ts: its content words, in order): prefill is
 * most of this call's time on the device, and 24 full summaries are about 900 prompt tokens.
 */
export const FRONTIER_TEXT_TOKENS = 7;
/**
 * Leaf clusters the call may keep. Its answer's decode is the call's other cost (about two tokens
 * a kept number); the kept clusters' facts are ranked and cut to the reply's memory budget after,
 * which a handful of clusters already fills.
 */
export const FRONTIER_MAX_KEEP = 6;

/**
 * A bare array of ids: at 20 tokens a second of decode, the `{"keep": …}` wrapper alone is about
 * 0.2 s of every balanced turn. A server that can only answer objects is still read.
 */
const frontierSchema = z.array(z.union([z.string(), z.number()]).transform(String));
const bareKeep = (json: unknown): unknown =>
  json !== null && typeof json === 'object' && !Array.isArray(json) && 'keep' in json
    ? json.keep
    : json;

/** Leaf clusters: the nodes whose children are facts. */
const isLeafCluster = (node: TreeNode) => node.level === 1;

export function frontierJudge(llm: LlmPort, options: FrontierJudgeOptions = {}): NodeJudge {
  const upper = hybridJudge({ beam: options.beam ?? DEFAULT_FRONTIER_BEAM });
  const preselect = hybridJudge({ beam: options.frontier ?? DEFAULT_FRONTIER_SIZE });
  return {
    name: 'llm-frontier',
    unit: 'level',
    callsFor: (groups) => (groups.flat().some(isLeafCluster) ? 1 : 0),
    async judge(groups, ctx) {
      const nodes = groups.flat();
      if (!nodes.some(isLeafCluster)) return upper.judge(groups, ctx);
      const ranked = await preselect.judge(groups, ctx);
      const frontier = ranked.filter((v) => v.keep);
      const candidates = frontier.map((v, i) => ({
        id: String(i + 1),
        text: frontierLine(v.node.text, FRONTIER_TEXT_TOKENS),
      }));
      const result = throwIfCallFailed(
        await callStructured(llm, {
          messages: frontierPrompt(ctx.question, candidates, FRONTIER_MAX_KEEP),
          schema: frontierSchema,
          prepare: bareKeep,
          maxTokens: FRONTIER_MAX_TOKENS,
          maxAttempts: 1,
          purpose: LLM_PURPOSES.judgeChildren,
          ...(ctx.signal ? { signal: ctx.signal } : {}),
        }),
      );
      const tokens = result.promptTokens + result.completionTokens;
      const kept = result.ok
        ? new Set(result.value.slice(0, FRONTIER_MAX_KEEP).map((id) => id.trim()))
        : undefined;
      const position = new Map(frontier.map((v, i) => [v.node.id, String(i + 1)]));
      let first = true;
      return ranked.map((verdict): NodeVerdict => {
        const id = position.get(verdict.node.id);
        if (id === undefined)
          return { ...verdict, reason: `${verdict.reason}; not in the frontier` };
        const spent = first ? tokens : 0;
        first = false;
        if (!kept)
          return {
            ...verdict,
            keep: true,
            reason: `frontier answer unreadable, kept: ${result.ok ? '' : result.error}`,
            tokens: spent,
          };
        const keep = kept.has(id);
        return {
          ...verdict,
          keep,
          reason: keep ? 'the model kept it from the frontier' : 'the model left it out',
          tokens: spent,
        };
      });
    },
    scoreFacts: (facts, ctx) => preselect.scoreFacts?.(facts, ctx) ?? [],
  };
}
