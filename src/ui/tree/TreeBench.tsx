/**
 * `/?view=tree-bench`: a bare tree view for the fps benchmark (e2e/bench-tree-fps.bench.ts).
 * `window.grove.treeBench.load(n)` builds a synthetic n-fact forest and walks it with the real
 * tree retriever and the app's default no-LLM judge (`noLlmJudge()`: the hybrid of cosine and
 * BM25, its default beam, fact centroids; here over hashed-word vectors), then shows the walk's replay:
 * the kind the Memory view shows when no LLM is loaded.
 * Benchmark tooling only: the synthetic forest is built on the page thread.
 */
import { useEffect, useState } from 'react';
import { registerTestApi } from '../../app/test-api.ts';
import type { TraversalEvent } from '../../engine/retrieval.ts';
import { noLlmJudge } from '../../engine/tree/judges.ts';
import { createTreeRetriever } from '../../engine/tree/retrieve.ts';
import type { MemoryTree } from '../../engine/types.ts';
import { TreeView } from './TreeView.tsx';
import { syntheticEmbedder, syntheticForest } from '../../engine/testing/synthetic-forest.ts';

const QUESTION = 'Would the user enjoy a sourdough baking class or a cello concert?';

interface Shown {
  tree: MemoryTree;
  traversal: TraversalEvent[];
}

function treeBenchApi(show: (shown: Shown) => void) {
  return {
    async load(factCount: number) {
      const started = performance.now();
      const tree = syntheticForest(factCount);
      const result = await createTreeRetriever(tree, {
        judge: noLlmJudge(),
        embedder: syntheticEmbedder(),
      }).retrieve(QUESTION);
      show({ tree, traversal: [...result.events] });
      return {
        facts: tree.facts.size,
        nodes: tree.nodes.size,
        levels: tree.levels.map((l) => l.length),
        events: result.events.length,
        buildMs: performance.now() - started,
      };
    },
  };
}

/** `window.grove.treeBench` (e2e test build only). */
export type TreeBenchTestApi = ReturnType<typeof treeBenchApi>;

declare module '../../app/test-api.ts' {
  interface GroveTestApi {
    treeBench?: TreeBenchTestApi;
  }
}

export function TreeBench() {
  const [data, setData] = useState<Shown | null>(null);
  useEffect(() => registerTestApi('treeBench', treeBenchApi(setData)), []);
  return (
    <section aria-label="Tree view benchmark">
      <h2>Tree view benchmark</h2>
      <TreeView tree={data?.tree ?? null} {...(data ? { traversal: data.traversal } : {})} />
    </section>
  );
}
