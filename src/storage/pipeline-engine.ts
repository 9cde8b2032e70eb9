/**
 * The product MemoryEngine: the engine's own pieces (extraction with the LLM or extractive
 * without one, batch embedding, incremental insert, full build) over the models the composer
 * injects. Nothing here picks a model or falls back to a fake.
 */
import { extractAll } from '../engine/facts/extract.ts';
import { extractAllExtractive } from '../engine/facts/extractive.ts';
import type { EmbedderPort, LlmPort } from '../engine/ports.ts';
import { insertFacts } from '../engine/tree/insert.ts';
import { factNodeId } from '../engine/tree/draft.ts';
import {
  centralMemberSummariser,
  llmSummariser,
  type Summariser,
} from '../engine/tree/summarise.ts';
import type { EmbeddedFact, Fact, MemoryTree } from '../engine/types.ts';
import type { MemoryEngine } from './memory-engine.ts';

/** The engine's full tree build (src/engine/tree/build.ts's buildTree), injected. */
export type BuildTree = (
  facts: readonly EmbeddedFact[],
  options: { embedder: EmbedderPort; summariser: Summariser; seed: number; signal?: AbortSignal },
) => Promise<{ tree: MemoryTree }>;

export interface PipelineEngineOptions {
  readonly embedder: EmbedderPort;
  /** Without an LLM: extractive facts and central-member summaries. */
  readonly llm?: LlmPort;
  readonly buildTree: BuildTree;
  readonly seed?: number;
}

const EMBED_BATCH = 32;

async function embedFacts(embedder: EmbedderPort, facts: readonly Fact[], signal?: AbortSignal) {
  const out: EmbeddedFact[] = [];
  for (let start = 0; start < facts.length; start += EMBED_BATCH) {
    const batch = facts.slice(start, start + EMBED_BATCH);
    const vectors = await embedder.embed(
      batch.map((f) => f.text),
      signal,
    );
    batch.forEach((fact, i) => {
      const embedding = vectors[i];
      if (!embedding)
        throw new Error(
          `The embedder returned ${vectors.length} vectors for ${batch.length} texts`,
        );
      out.push({ ...fact, embedding });
    });
  }
  return out;
}

export function pipelineEngine(options: PipelineEngineOptions): MemoryEngine {
  const { embedder, llm } = options;
  const summariser = llm ? llmSummariser(llm) : centralMemberSummariser;
  const seed = options.seed ?? 42;
  const build = async (facts: readonly EmbeddedFact[], signal?: AbortSignal) =>
    (
      await options.buildTree(facts, {
        embedder,
        summariser,
        seed,
        ...(signal ? { signal } : {}),
      })
    ).tree;
  return {
    embedder,
    summariser,
    async addSession(tree, session, signal) {
      const run = signal ? { signal } : {};
      const [extraction] = llm
        ? await extractAll(llm, [session], run)
        : await extractAllExtractive([session], run);
      if (extraction?.status === 'failed') {
        throw new Error(
          `Facts could not be extracted from session ${session.id}: ${extraction.error}`,
        );
      }
      const embedded = await embedFacts(embedder, extraction?.facts ?? [], signal);
      const { tree: next } = await insertFacts(tree, embedded, {
        embedder,
        summariser,
        ...(signal ? { signal } : {}),
        rebuild: (all) => build(all, signal),
      });
      return next;
    },
    rebuild(tree, signal) {
      const facts = [...tree.facts.values()].map((fact) => {
        const node = tree.nodes.get(factNodeId(fact.id));
        if (!node) throw new Error(`Memory tree is inconsistent: fact ${fact.id} has no node`);
        return { ...fact, embedding: node.embedding };
      });
      return build(facts, signal);
    },
  };
}
