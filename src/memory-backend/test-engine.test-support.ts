/**
 * A MemoryEngine for tests: extractive facts, the hashing embedder and keyword summaries, with
 * chunked trees instead of UMAP + GMM, so host tests run fast and need no model.
 */
import { extractAllExtractive } from '../engine/facts/extractive.ts';
import { insertFacts } from '../engine/tree/insert.ts';
import { keywordSummariser } from '../engine/tree/summarise.ts';
import { chunkedTree, HashEmbedder } from '../engine/testing/index.ts';
import type { NodeId } from '../engine/types.ts';
import type { MemoryEngine } from './memory-engine.ts';

export function testEngine(embedder = new HashEmbedder({ dimension: 64 })): MemoryEngine {
  const embedAll = async (facts: readonly { text: string }[]) =>
    embedder.embed(facts.map((f) => f.text));
  return {
    embedder,
    summariser: keywordSummariser,
    async addSession(tree, session) {
      const [extraction] = await extractAllExtractive([session]);
      const facts = extraction?.facts ?? [];
      const vectors = await embedAll(facts);
      const embedded = facts.map((f, i) => ({ ...f, embedding: vectors[i] as Float32Array }));
      const { tree: next } = await insertFacts(tree, embedded, {
        embedder,
        summariser: keywordSummariser,
        rebuild: (all) => Promise.resolve(chunkedTree(all)),
        deferLabels: true,
      });
      return next;
    },
    rebuild(tree) {
      const all = [...tree.facts.values()].map((f) => ({
        ...f,
        embedding: tree.nodes.get(`f:${f.id}` as NodeId)!.embedding,
      }));
      return Promise.resolve(chunkedTree(all));
    },
  };
}
