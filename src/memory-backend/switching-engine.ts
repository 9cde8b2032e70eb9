/**
 * A MemoryEngine that uses the LLM engine while a model is available and the extractive one
 * otherwise, decided per call: loading or unloading a model on the page takes effect at once.
 */
import type { MemoryEngine } from './memory-engine.ts';

export function switchingEngine(
  withoutLlm: MemoryEngine,
  withLlm: MemoryEngine,
  llmAvailable: () => boolean,
): MemoryEngine {
  const pick = () => (llmAvailable() ? withLlm : withoutLlm);
  return {
    get embedder() {
      return pick().embedder;
    },
    get summariser() {
      return pick().summariser;
    },
    addSession: (tree, session, signal) => pick().addSession(tree, session, signal),
    rebuild: (tree, signal) => pick().rebuild(tree, signal),
  };
}
