/**
 * One benchmark conversation's memory, built the one way both `grove eval` and the explorer
 * build it: its sessions as Grove remembers them (memory-sessions.ts), then the engine pipeline
 * with the given embedder, LLM (none: extractive facts) and seed (default: the pipeline's).
 */
import type { EvalSession } from '../datasets/eval-model.ts';
import { buildMemory, DEFAULT_SEED, type MemoryBuild } from '../pipeline.ts';
import type { EmbedderPort, LlmPort } from '../ports.ts';
import type { ProgressCallback } from '../progress.ts';
import type { Session } from '../types.ts';
import { memorySessions } from './memory-sessions.ts';

export interface ConversationMemoryOptions {
  readonly embedder: EmbedderPort;
  readonly llm?: LlmPort;
  readonly seed?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: ProgressCallback;
}

export interface ConversationMemory {
  readonly sessions: Session[];
  readonly memory: Promise<MemoryBuild>;
}

export function conversationMemory(
  sessions: readonly EvalSession[],
  options: ConversationMemoryOptions,
): ConversationMemory {
  const remembered = memorySessions(sessions);
  return {
    sessions: remembered,
    memory: buildMemory(remembered, {
      embedder: options.embedder,
      seed: options.seed ?? DEFAULT_SEED,
      ...(options.llm ? { llm: options.llm } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    }),
  };
}
