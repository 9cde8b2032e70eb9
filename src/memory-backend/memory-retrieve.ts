/**
 * Retrieval over a profile's live tree, for the chat's "memories used" and the live tree view:
 * the engine's level-by-level walk with the judge of the chosen memory effort (one frontier call
 * by default; the no-LLM hybrid of embedding cosine and BM25 without an LLM, as in
 * `grove eval --llm none`), every traversal event passed on as it happens.
 */
import { throwIfAborted } from '../engine/errors.ts';
import { nextTask, sliced, yieldToForeground } from './background-slices.ts';
import { countTermsAhead } from '../engine/baselines/bm25-terms.ts';
import type { LlmPort } from '../engine/ports.ts';
import type { TraversalEvent } from '../engine/retrieval.ts';
import { treeLexicon } from '../engine/tree/lexicon.ts';
import { prepareInsert } from '../engine/tree/insert-index.ts';
import { prepareLabels } from '../engine/tree/label-terms.ts';
import { factCentroid, roots } from '../engine/tree/subtree.ts';
import { prepareFactReadings } from '../engine/lifetime/fact-readings.ts';
import { timeAwareItems } from '../engine/lifetime/time-context.ts';
import { fillSlotIndex } from '../engine/lifetime/slot-index.ts';
import { DEFAULT_MEMORY_EFFORT, memorySearch } from '../engine/tree/memory-effort.ts';
import type { MemoryEngine } from './memory-engine.ts';
import type { MemoryTree } from '../engine/types.ts';
import type { MemoryStore } from '../storage/memory-store.ts';
import type { RetrieveReply, RetrieveRequest } from './worker-protocol.ts';

export async function retrieveMemories(
  store: MemoryStore,
  engine: MemoryEngine,
  judgeLlm: LlmPort | undefined,
  question: string,
  request: RetrieveRequest & {
    readonly onEvent?: (event: TraversalEvent) => void;
    /** Stops the walk (AbortError). */
    readonly signal?: AbortSignal;
  } = {},
): Promise<RetrieveReply> {
  const { onEvent, signal } = request;
  throwIfAborted(signal);
  const { tree } = await store.liveTree();
  const sessionTexts = await store.sessionTexts(tree);
  const retriever = memorySearch(tree, {
    effort: request.effort ?? DEFAULT_MEMORY_EFFORT,
    llm: judgeLlm,
    embedder: engine.embedder,
    sessionTexts,
  });
  const result = await retriever.retrieve(question, {
    ...(onEvent ? { onEvent } : {}),
    ...(signal ? { signal } : {}),
  });
  return {
    // Dated, and the asker's facts on the asked attribute first in the order its time wants.
    items: timeAwareItems(question, result.items, { facts: tree.facts }),
    judge: retriever.name,
    contextTokens: result.contextTokens,
    llmCalls: result.llmCalls,
    judgeTokens: result.judgeTokens,
    events: result.events,
  };
}

/**
 * What the next question would otherwise wait for, done now (a profile just opened, or a
 * session just remembered): the live tree and the session transcripts read into the store's
 * caches, and the no-LLM judge's lexicon over them built. The next retrieval finds the same tree
 * and transcripts, so it reuses all three. At open (`opening`) the turns are read beside the
 * tree; after an ingestion the store already holds them (MemoryStore.keepLiveTree).
 */
export async function prepareRetrieval(
  store: MemoryStore,
  { opening = false }: { opening?: boolean } = {},
): Promise<MemoryTree> {
  if (opening) {
    // The turns are read beside the tree, not after it, and their words counted for the lexicon
    // while the worker waits for the tree's pages.
    const early = store.prefetchSessionTexts();
    void early
      ?.then((texts) => countTermsAhead(texts.values(), sliced(nextTask)))
      .catch(() => undefined); // only a head start: the lexicon counts what is left
  }
  await store.liveTree();
  // The calls that came in while the tree was read (the page's outline) go first: their checks
  // of the live tree are queued before these (LiveTreeCache), and the lexicon blocks the worker.
  const { tree } = await store.liveTree();
  treeLexicon(tree, await store.sessionTexts(tree)).prepare();
  // The walk steers by each node's fact centroid: summed bottom-up once, from the roots.
  for (const root of roots(tree)) factCentroid(tree, root);
  return tree;
}

/**
 * What the next insert (or a question about the asker) would otherwise wait for, done while the
 * worker is idle, in slices that let a question go first: which facts state each of the asker's
 * attributes (lifetime/slot-index.ts), the live tree's facts laid out for the duplicate and leaf look-ups,
 * the leaves' centres (engine/tree/insert-index.ts), the label keywords' counts
 * (label-tree.ts) and which slots each fact's words may state (lifetime/fact-readings.ts). An
 * insert keeps all of them for the tree it makes, so only a freshly read tree (a profile just
 * opened, a rebuild) needs this.
 */
export async function prepareInsertAhead(tree: MemoryTree): Promise<void> {
  // A waiting call (a question) runs between two slices of a few milliseconds each.
  await yieldToForeground();
  const pause = sliced(yieldToForeground);
  // First which facts state each of the asker's attributes, which a question about the asker
  // reads (time-context.ts; a question asked sooner reads only the facts not yet reached), then
  // every fact's slot readings, which an insert's supersede check reads.
  await fillSlotIndex(tree.facts, pause);
  await prepareFactReadings(tree.facts.values(), pause);
  await prepareInsert(tree, pause);
  await prepareLabels(tree, pause);
}

/**
 * What the next open would otherwise read slowly, written while the worker is idle: the live
 * tree's image (storage/tree-image.ts), in slices that let a question or an ingestion go first.
 */
export async function keepTreeImageAhead(store: MemoryStore): Promise<void> {
  await yieldToForeground();
  await store.keepTreeImage(sliced(yieldToForeground));
}
