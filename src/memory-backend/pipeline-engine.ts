/**
 * The product MemoryEngine: the engine's own pieces (extraction with the LLM or extractive
 * without one, batch embedding, incremental insert, full build) over the models the composer
 * injects. Nothing here picks a model or falls back to a fake.
 */
import { addSessions, rebuildMemory, summariserFor } from '../engine/pipeline.ts';
import type { EmbedderPort, LlmPort } from '../engine/ports.ts';
import type { MemoryEngine } from './memory-engine.ts';

export interface PipelineEngineOptions {
  readonly embedder: EmbedderPort;
  /** Without an LLM: extractive facts and keyword-label summaries. */
  readonly llm?: LlmPort;
  readonly seed?: number;
}

export function pipelineEngine(options: PipelineEngineOptions): MemoryEngine {
  const memoryOptions = (signal?: AbortSignal) => ({
    embedder: options.embedder,
    // The host commits a session's facts first and writes their labels in the background.
    deferLabels: true,
    ...(options.llm ? { llm: options.llm } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(signal ? { signal } : {}),
  });
  return {
    embedder: options.embedder,
    summariser: summariserFor(options.llm),
    async addSession(tree, session, signal) {
      const {
        tree: next,
        extractions,
        lifetimes,
      } = await addSessions(tree, [session], memoryOptions(signal));
      for (const failure of lifetimes.failures)
        // The fact is kept and replaces nothing; the log says why (engine/lifetime/assign.ts).
        console.warn(
          `Grove memory: the model's supersede call failed for fact ${failure.factId} of session ${session.id}: ${failure.error}. It replaced no older memory.`,
        );
      const failed = extractions.find((e) => e.status === 'failed');
      if (failed?.status === 'failed') {
        throw new Error(`Facts could not be extracted from session ${session.id}: ${failed.error}`);
      }
      return next;
    },
    rebuild: (tree, signal) => rebuildMemory(tree, memoryOptions(signal)),
  };
}
