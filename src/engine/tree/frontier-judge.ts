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
import { clipToTokens } from '../tokens.ts';
import type { TreeNode } from '../types.ts';
import { hybridJudge, type NodeJudge, type NodeVerdict } from './judges.ts';
import { FRONTIER_MAX_TOKENS, judgeChildrenPrompt } from './prompts.ts';

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
 * `grove bench turn-cost`: 93.7% with 16 leaves, 95.8% with 20 and 97.2% with 24 (815 and 952
 * prompt tokens). 24 leaves keep a margin above 95% for memories not seen in tuning, for about
 * 0.1 s more prefill on a fast device than 20. Shown by their first 20 tokens and kept at most 6,
 * they keep 96.5% with 679 prompt and 18 completion tokens (p95 first token 5.8 s typical, 1.6 s
 * fast, against 7.9 s and 2.2 s shown whole and unbounded); at most 8 keep the same 96.5%, at
 * most 4 keep 95.1%.
 */
export const DEFAULT_FRONTIER_BEAM = 12;
export const DEFAULT_FRONTIER_SIZE = 24;
/**
 * Tokens of each leaf cluster's text the call shows (its start: a summary's subject, a label's
 * keywords): prefill is most of this call's time on the device, and 24 full summaries are about
 * 900 prompt tokens.
 */
export const FRONTIER_TEXT_TOKENS = 20;
/**
 * Leaf clusters the call may keep. Its answer's decode is the call's other cost (about two tokens
 * a kept number); the kept clusters' facts are ranked and cut to the reply's memory budget after,
 * which a handful of clusters already fills.
 */
export const FRONTIER_MAX_KEEP = 6;

const frontierSchema = z.object({
  keep: z.array(z.union([z.string(), z.number()]).transform(String)),
});

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
        text: clipToTokens(v.node.text, FRONTIER_TEXT_TOKENS),
      }));
      const result = throwIfCallFailed(
        await callStructured(llm, {
          messages: judgeChildrenPrompt(ctx.question, candidates, {
            reason: false,
            atMost: FRONTIER_MAX_KEEP,
          }),
          schema: frontierSchema,
          maxTokens: FRONTIER_MAX_TOKENS,
          maxAttempts: 1,
          purpose: LLM_PURPOSES.judgeChildren,
          ...(ctx.signal ? { signal: ctx.signal } : {}),
        }),
      );
      const tokens = result.promptTokens + result.completionTokens;
      const kept = result.ok
        ? new Set(result.value.keep.slice(0, FRONTIER_MAX_KEEP).map((id) => id.trim()))
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
