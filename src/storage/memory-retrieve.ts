/**
 * Retrieval over a profile's live tree, for the chat's "memories used" and the live tree view:
 * the engine's level-by-level walk with the worker's LLM judge (or the engine's no-LLM judge
 * without one: the hybrid of embedding cosine and BM25, as in `grove eval --llm none`), every
 * traversal event passed on as it happens.
 */
import type { LlmPort } from '../engine/ports.ts';
import type { TraversalEvent } from '../engine/retrieval.ts';
import { llmNodeJudge, noLlmJudge } from '../engine/tree/judges.ts';
import { createTreeRetriever } from '../engine/tree/retrieve.ts';
import type { MemoryEngine } from './memory-engine.ts';
import type { MemoryStore } from './memory-store.ts';
import type { RetrieveReply, RetrieveRequest } from './worker-protocol.ts';

/** LLM calls one chat retrieval may spend before the no-LLM (hybrid) judge takes over. */
export const DEFAULT_RETRIEVE_CALLS = 48;

export async function retrieveMemories(
  store: MemoryStore,
  engine: MemoryEngine,
  judgeLlm: LlmPort | undefined,
  question: string,
  request: RetrieveRequest = {},
  onEvent?: (event: TraversalEvent) => void,
): Promise<RetrieveReply> {
  const [{ tree }, sessionTexts] = await Promise.all([store.liveTree(), store.sessionTexts()]);
  const judge = judgeLlm && request.judge !== 'embedding' ? llmNodeJudge(judgeLlm) : noLlmJudge();
  const retriever = createTreeRetriever(tree, {
    judge,
    embedder: engine.embedder,
    maxCalls: request.maxCalls ?? DEFAULT_RETRIEVE_CALLS,
    fallbackK: 6,
    sessionTexts,
  });
  const result = await retriever.retrieve(question, onEvent ? { onEvent } : {});
  return {
    items: result.items,
    judge: retriever.name,
    contextTokens: result.contextTokens,
    llmCalls: result.llmCalls,
    judgeTokens: result.judgeTokens,
    events: result.events,
  };
}
