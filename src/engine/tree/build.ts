/**
 * A full TaciTree build: facts are level 0; clusters of each level are summarised (one sentence)
 * and embedded into the level above, until a level has at most L nodes: the roots. Summaries no
 * LLM wrote are then given keyword labels (`labelTree`). Deterministic for a fixed seed, summariser and embedder.
 * A summary cache (summary-cache.ts) hands back the summaries of clusters whose inputs did not
 * change since they were written, without a call.
 */
import { OrderedSteps } from '../concurrency/ordered-steps.ts';
import type { EmbedderPort } from '../ports.ts';
import type { EmbeddedFact, FactId, MemoryTree, NodeId } from '../types.ts';
import { leafCohesion } from './cohesion.ts';
import { TreeDraft } from './draft.ts';
import { labelTree } from './label-tree.ts';
import type { Summariser, Summary } from './summarise.ts';
import { summaryKey, type SummaryCache } from './summary-cache.ts';

export interface BuildOptions {
  readonly embedder: EmbedderPort;
  readonly summariser: Summariser;
  readonly seed: number;
  /** Summaries written before (e.g. the previous tree's, `summaryCacheFrom`): a hit makes no call. */
  readonly summaryCache?: SummaryCache;
  readonly signal?: AbortSignal;
  /** Summaries written so far and how many the level being built will have. */
  readonly onLevel?: (done: number, total: number, level: number) => void;
  /**
   * Levels above this many points take the large-level path (cluster/policy.ts LARGE_LEVEL by
   * default); evaluation sets it to compare the two paths on real data (`--large-level`).
   */
  readonly largeLevel?: number;
}

export interface BuildReport {
  readonly nodesPerLevel: readonly number[];
  readonly summaries: {
    readonly llm: number;
    /** Summaries written without an LLM: keyword labels. */
    readonly keywords: number;
    /** LLM summaries that failed and fell back to a keyword label, with why. */
    readonly failed: readonly string[];
    /** Summaries the summary cache handed back, without a call. */
    readonly reused: number;
  };
  readonly msUmap: number;
  /** Levels clustered on the large-level path (NN-descent kNN, a sampled mixture). */
  readonly largeLevels: number;
  readonly msGmm: number;
  readonly msSummarise: number;
}

export async function buildTree(
  facts: readonly EmbeddedFact[],
  options: BuildOptions,
): Promise<{ tree: MemoryTree; report: BuildReport }> {
  const { embedder, summariser, signal } = options;
  const draft = TreeDraft.empty();
  /** Every fact below each node: part of its summary's cache key. */
  const factsBelow = new Map<NodeId, readonly FactId[]>();
  const levelIds: NodeId[][] = [
    facts.map((fact) => {
      const { id } = draft.addFact(fact, fact.embedding);
      factsBelow.set(id, [fact.id]);
      return id;
    }),
  ];
  const counts = { llm: 0, keywords: 0, failed: [] as string[], reused: 0 };
  const inOrder = new OrderedSteps();

  // The clustering stack (UMAP, the mixtures, ml-matrix) loads when a tree is first built: a
  // worker that opens a memory, answers and remembers never parses it.
  const { buildHierarchy } = await import('../cluster/hierarchy.ts');
  const hierarchy = await buildHierarchy(
    facts.map((f) => f.embedding),
    {
      seed: options.seed,
      ...(signal ? { signal } : {}),
      ...(options.largeLevel === undefined ? {} : { largeLevel: options.largeLevel }),
      onProgress: ({ level, done, total }) => options.onLevel?.(done, total, level),
      concurrency: summariser.concurrency ?? 1,
      summarize: (level, members) => {
        const children = members.map((i) => levelIds[level]?.[i] as NodeId);
        const childNodes = children.map((id) => draft.node(id));
        const factIds = children.flatMap((id) => factsBelow.get(id) ?? []);
        const cached = options.summaryCache?.get(
          summaryKey({
            summariser: summariser.name,
            embedder: embedder.id,
            factIds,
            childTexts: childNodes.map((n) => n.text),
          }),
        );
        // The summaries of a level are written concurrently; they enter the tree (node ids,
        // counts, embedding calls) in cluster order, as in a sequential build.
        const written: Promise<Summary> = cached
          ? Promise.resolve({ ...cached, method: 'llm' })
          : summariser.summarise(childNodes, signal);
        written.catch(() => undefined); // awaited in its step below; never an unhandled rejection
        return inOrder.then(async () => {
          const summary = await written;
          if (cached) counts.reused++;
          else if (summary.method === 'llm') counts.llm++;
          else counts.keywords++;
          if (summary.error !== undefined) counts.failed.push(summary.error);
          const embedding = summary.embedding ?? (await embedder.embed([summary.text], signal))[0];
          if (!embedding) throw new Error('The embedder returned no vector for a summary');
          const node = draft.addSummary(level + 1, summary.text, embedding, children);
          factsBelow.set(node.id, factIds);
          (levelIds[level + 1] ??= []).push(node.id);
          return embedding;
        });
      },
    },
  );

  const cohesion = leafCohesion(draft.levels[1] ?? [], (id) => draft.node(id));
  const tree = labelTree(
    draft.freeze(
      {
        seed: options.seed,
        factCount: facts.length,
        leafCohesion: cohesion.mean,
        leafCohesionStd: cohesion.std,
      },
      0,
    ),
  );
  return {
    tree,
    report: {
      nodesPerLevel: tree.levels.map((level) => level.length),
      summaries: counts,
      msUmap: hierarchy.msUmap,
      largeLevels: hierarchy.largeLevels,
      msGmm: hierarchy.msGmm,
      msSummarise: hierarchy.msSummarize,
    },
  };
}
