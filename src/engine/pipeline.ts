/**
 * Sessions in, memory tree out: extract facts (LLM or extractive), embed them, merge
 * near-duplicates, build the tree. The CLI and the workers both run memory through here.
 */
import { extractAll } from './facts/extract.ts';
import { extractAllExtractive } from './facts/extractive.ts';
import { dedupeFacts, type FactMerge } from './facts/dedup.ts';
import type { EmbedderPort, LlmPort } from './ports.ts';
import { stagedProgress, type ProgressCallback } from './progress.ts';
import { buildTree, type BuildReport } from './tree/build.ts';
import { factNodeId } from './tree/draft.ts';
import { insertFacts, type InsertReport } from './tree/insert.ts';
import { LayeredMap } from './layered-map.ts';
import { keywordSummariser, llmSummariser, type Summariser } from './tree/summarise.ts';
import { summaryCacheFrom } from './tree/summary-cache.ts';
import type { EmbeddedFact, Fact, MemoryTree, Session, SessionExtraction } from './types.ts';
import { TreeIntegrityError } from './tree/tree-integrity-error.ts';
import {
  assignLifetimes,
  rememberedFactsOf,
  type LifetimeReport,
  type RememberedFacts,
} from './lifetime/assign.ts';

export interface MemoryOptions {
  /** The LLM for extraction and summaries; without one, extractive facts and keyword-label summaries. */
  readonly llm?: LlmPort;
  readonly embedder: EmbedderPort;
  readonly seed?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: ProgressCallback;
  /** See BuildOptions.largeLevel. */
  readonly largeLevel?: number;
  /** addSessions: see InsertOptions.deferLabels. */
  readonly deferLabels?: boolean;
}

export interface MemoryBuild {
  readonly tree: MemoryTree;
  readonly extractions: readonly SessionExtraction[];
  readonly merged: readonly FactMerge[];
  readonly report: BuildReport;
  /** Which facts replaced which (engine/lifetime), and the supersede calls that failed. */
  readonly lifetimes: LifetimeReport;
}

export const DEFAULT_SEED = 42;
const EMBED_BATCH = 32;

export function summariserFor(llm: LlmPort | undefined): Summariser {
  return llm ? llmSummariser(llm) : keywordSummariser;
}

export async function embedFacts(
  embedder: EmbedderPort,
  facts: readonly Fact[],
  signal?: AbortSignal,
  onBatch?: (done: number, total: number) => void,
): Promise<EmbeddedFact[]> {
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
    onBatch?.(out.length, facts.length);
  }
  return out;
}

async function extract(
  sessions: readonly Session[],
  options: MemoryOptions,
  report: (d: number, t: number) => void,
) {
  const runOptions = {
    ...(options.signal ? { signal: options.signal } : {}),
    onProgress: ({ done, total }: { done: number; total: number }) => report(done, total),
  };
  return options.llm
    ? extractAll(options.llm, sessions, runOptions)
    : extractAllExtractive(sessions, runOptions);
}

/** Builds a user's memory from scratch. Failed sessions are reported in `extractions`. */
export async function buildMemory(
  sessions: readonly Session[],
  options: MemoryOptions,
): Promise<MemoryBuild> {
  const progress = stagedProgress(
    'build-memory',
    [
      { name: 'extract', weight: options.llm ? 60 : 5 },
      { name: 'embed', weight: 10 },
      { name: 'tree', weight: options.llm ? 30 : 85 },
    ],
    options.onProgress,
  );
  const extractions = await extract(sessions, options, (d, t) => progress.report('extract', d, t));
  const facts = extractions.flatMap((e) => e.facts);
  const embedded = await embedFacts(options.embedder, facts, options.signal, (d, t) =>
    progress.report('embed', d, t),
  );
  const deduped = dedupeFacts(embedded);
  const { merged } = deduped;
  const lifetimes = await assignLifetimes(rememberedFactsOf([]), deduped.kept, {
    ...(options.llm ? { llm: options.llm } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const kept = lifetimes.incoming;
  const { tree, report } = await buildTree(kept, {
    embedder: options.embedder,
    summariser: summariserFor(options.llm),
    seed: options.seed ?? DEFAULT_SEED,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.largeLevel === undefined ? {} : { largeLevel: options.largeLevel }),
    onLevel: (done, total) => progress.report('tree', done, total),
  });
  progress.done();
  return { tree, extractions, merged, report, lifetimes: lifetimes.report };
}

/** The tree's facts with their embeddings (from their level-0 nodes), ready for a fresh build. */
export function embeddedFactsOf(tree: MemoryTree): EmbeddedFact[] {
  return [...tree.facts.values()].map((fact) => {
    const node = tree.nodes.get(factNodeId(fact.id));
    if (!node)
      throw new TreeIntegrityError(`Memory tree is inconsistent: fact ${fact.id} has no node`);
    return { ...fact, embedding: node.embedding };
  });
}

/** The tree's facts as they are, their embeddings read from their level-0 nodes when asked. */
function rememberedFactsOfTree(tree: MemoryTree): RememberedFacts {
  return {
    facts: tree.facts,
    embeddingOf: (fact) => {
      const node = tree.nodes.get(factNodeId(fact.id));
      if (!node)
        throw new TreeIntegrityError(`Memory tree is inconsistent: fact ${fact.id} has no node`);
      return node.embedding;
    },
  };
}

/** Builds trees; with a `previous` tree, its summaries of unchanged clusters are reused. */
function treeBuilder(options: MemoryOptions, previous?: MemoryTree) {
  const summariser = summariserFor(options.llm);
  const summaryCache =
    previous &&
    summaryCacheFrom(previous, { summariser: summariser.name, embedder: options.embedder.id });
  return async (facts: readonly EmbeddedFact[]) =>
    (
      await buildTree(facts, {
        embedder: options.embedder,
        summariser,
        seed: options.seed ?? DEFAULT_SEED,
        ...(options.largeLevel === undefined ? {} : { largeLevel: options.largeLevel }),
        ...(summaryCache ? { summaryCache } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      })
    ).tree;
}

/**
 * A fresh full build of an existing memory: what a background rebuild runs when drift says so.
 * Only the clusters whose inputs changed, and their ancestors, are summarised again.
 */
export function rebuildMemory(tree: MemoryTree, options: MemoryOptions): Promise<MemoryTree> {
  return treeBuilder(options, tree)(embeddedFactsOf(tree));
}

/** Adds new sessions to an existing memory without a rebuild. */
export async function addSessions(
  tree: MemoryTree,
  sessions: readonly Session[],
  options: MemoryOptions,
): Promise<{
  tree: MemoryTree;
  extractions: readonly SessionExtraction[];
  report: InsertReport;
  lifetimes: LifetimeReport;
}> {
  const extractions = await extract(sessions, options, () => undefined);
  const fresh = await embedFacts(
    options.embedder,
    extractions.flatMap((e) => e.facts),
    options.signal,
  );
  const lifetimes = await assignLifetimes(rememberedFactsOfTree(tree), fresh, {
    ...(options.llm ? { llm: options.llm } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const embedded = lifetimes.incoming;
  const inserted = await insertFacts(withFacts(tree, lifetimes.updated.values()), embedded, {
    summariser: summariserFor(options.llm),
    embedder: options.embedder,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.deferLabels ? { deferLabels: true } : {}),
    rebuild: treeBuilder(options),
  });
  return { ...inserted, extractions, lifetimes: lifetimes.report };
}

/** The tree with some of its facts' fields changed (a lifetime): no node moves. */
export function withFacts(tree: MemoryTree, changed: Iterable<Fact>): MemoryTree {
  const facts = LayeredMap.edit(tree.facts);
  let any = false;
  for (const fact of changed) {
    if (!facts.has(fact.id)) continue;
    const { embedding: _embedding, ...plain } = fact as Fact & { embedding?: unknown };
    facts.set(fact.id, plain);
    any = true;
  }
  return any ? { ...tree, facts: facts.freeze() } : tree;
}
