/**
 * How much LLM time a memory search may spend, as the user chooses it:
 *
 * - `quick`: no LLM judging; the hybrid walk alone (0 calls).
 * - `balanced` (the default): the hybrid walk proposes a frontier of leaf clusters and the LLM
 *   chooses among them in one call (frontier-judge.ts).
 * - `thorough`: the paper's walk, one LLM call per visited node, up to `THOROUGH_MAX_CALLS`; the
 *   hybrid judges the rest once they are spent.
 *
 * Every effort ranks what it found by the hybrid's fusion and hands the answerer at most the
 * walk's context budget: the paper's walk alone collects every fact of every kept leaf (tens of
 * thousands of tokens on a big memory), more than a small model's context holds.
 *
 * Without an LLM every effort is the hybrid walk.
 */
import type { EmbedderPort, LlmPort } from '../ports.ts';
import type { Retriever } from '../retrieval.ts';
import type { MemoryTree } from '../types.ts';
import { frontierJudge } from './frontier-judge.ts';
import { llmNodeJudge, noLlmJudge, type NodeJudge } from './judges.ts';
import type { SessionTexts } from './lexicon.ts';
import { createTreeRetriever } from './retrieve.ts';

export const MEMORY_EFFORTS = ['quick', 'balanced', 'thorough'] as const;
export type MemoryEffort = (typeof MEMORY_EFFORTS)[number];
export const DEFAULT_MEMORY_EFFORT: MemoryEffort = 'balanced';

/** LLM calls the paper's walk may spend on one question before the hybrid takes over. */
export const THOROUGH_MAX_CALLS = 48;

export const isMemoryEffort = (value: unknown): value is MemoryEffort =>
  (MEMORY_EFFORTS as readonly unknown[]).includes(value);

export interface EffortJudge {
  readonly judge: NodeJudge;
  /** The walk's call budget (`maxCalls` of the tree retriever). */
  readonly maxCalls: number;
}

export function effortJudge(effort: MemoryEffort, llm: LlmPort | undefined): EffortJudge {
  if (!llm || effort === 'quick') return { judge: noLlmJudge(), maxCalls: 0 };
  if (effort === 'balanced') return { judge: frontierJudge(llm), maxCalls: 1 };
  return { judge: rankedByHybrid(llmNodeJudge(llm)), maxCalls: THOROUGH_MAX_CALLS };
}

/**
 * A judge that gives no fact scores, ranking what its walk found by the hybrid's fusion, so the
 * walk cuts the set to the context budget as it does the no-LLM walk's.
 */
export function rankedByHybrid(judge: NodeJudge): NodeJudge {
  const hybrid = noLlmJudge();
  return { ...judge, scoreFacts: (facts, ctx) => hybrid.scoreFacts?.(facts, ctx) ?? [] };
}

export interface MemorySearchOptions {
  readonly effort: MemoryEffort;
  readonly llm: LlmPort | undefined;
  readonly embedder: EmbedderPort;
  readonly sessionTexts?: SessionTexts;
}

/** Facts closest to the question returned when a chat search keeps nothing. */
export const CHAT_FALLBACK_K = 6;

/** The chat's memory search over a tree: the walk of the chosen effort (what the worker runs). */
export function memorySearch(tree: MemoryTree, options: MemorySearchOptions): Retriever {
  const { judge, maxCalls } = effortJudge(options.effort, options.llm);
  return createTreeRetriever(tree, {
    judge,
    maxCalls,
    embedder: options.embedder,
    fallbackK: CHAT_FALLBACK_K,
    ...(options.sessionTexts ? { sessionTexts: options.sessionTexts } : {}),
  });
}
