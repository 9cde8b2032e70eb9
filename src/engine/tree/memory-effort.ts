/**
 * How much LLM time a memory search may spend, as the user chooses it:
 *
 * - `quick`: no LLM judging; the hybrid walk alone (0 calls).
 * - `balanced` (the default): the hybrid walk proposes a frontier of leaf clusters and the LLM
 *   chooses among them in one call (frontier-judge.ts).
 * - `thorough`: the paper's walk, one LLM call per visited node, up to `THOROUGH_MAX_CALLS`; the
 *   hybrid judges the rest once they are spent.
 *
 * Without an LLM every effort is the hybrid walk.
 */
import type { LlmPort } from '../ports.ts';
import { frontierJudge } from './frontier-judge.ts';
import { llmNodeJudge, noLlmJudge, type NodeJudge } from './judges.ts';

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
  return { judge: llmNodeJudge(llm), maxCalls: THOROUGH_MAX_CALLS };
}
