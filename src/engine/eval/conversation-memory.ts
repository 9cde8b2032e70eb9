/**
 * One benchmark conversation's memory, built the one way both `grove eval` and the explorer
 * build it: its sessions as Grove remembers them (memory-sessions.ts), then the engine pipeline
 * with the given embedder, LLM (none: extractive facts) and seed (default: the pipeline's).
 * `cachedMemory` shares the build between runs over the same file (npm run results).
 */
import type { EvalConversation, EvalSession } from '../datasets/eval-model.ts';
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
  /** See BuildOptions.largeLevel. */
  readonly largeLevel?: number;
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
      ...(options.largeLevel === undefined ? {} : { largeLevel: options.largeLevel }),
    }),
  };
}

/** Built memories by file, conversation, embedder, memory LLM and seed. */
export type MemoryCache = Map<string, Promise<MemoryBuild>>;

/** A conversation's memory from `cache` when a run over the same file already built it. */
export function cachedMemory(
  file: string,
  conversation: EvalConversation,
  options: ConversationMemoryOptions & { readonly cache?: MemoryCache | undefined },
): Promise<MemoryBuild> {
  const seed = options.seed ?? DEFAULT_SEED;
  const key = [
    file,
    conversation.id,
    options.embedder.id,
    options.llm?.id ?? 'extractive',
    seed,
    ...(options.largeLevel === undefined ? [] : [`large-level ${options.largeLevel}`]),
  ];
  const cached = options.cache?.get(key.join('|'));
  if (cached) return cached;
  const { cache, ...build } = options;
  const built = conversationMemory(conversation.sessions, build).memory;
  cache?.set(key.join('|'), built);
  return built;
}
