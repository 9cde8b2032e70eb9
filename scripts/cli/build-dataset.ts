/**
 * `grove build --dataset NAME --file F`: every conversation of a benchmark file built as
 * `grove eval` builds it (its sessions through `memorySessions`, the same seed and models), and
 * the label coverage of the trees (a mean over all their labelled summaries) with a few labels.
 */
import { factQuality, type FactQuality } from '../../src/engine/facts/fact-quality.ts';
import { DATASET_NAMES } from '../../src/engine/datasets/eval-model.ts';
import { cachedMemory, type MemoryCache } from '../../src/engine/eval/conversation-memory.ts';
import { DEFAULT_SEED } from '../../src/engine/pipeline.ts';
import {
  labelCoverage,
  labelReport,
  type LabelReport,
} from '../../src/engine/tree/label-coverage.ts';
import { choice, intOption, required } from './args.ts';
import { readDataset } from './eval-command.ts';
import { modelsFrom } from './models.ts';

export interface DatasetBuild {
  readonly dataset: string;
  readonly models: { readonly llm: string; readonly embedder: string };
  readonly conversations: readonly {
    readonly id: string;
    readonly facts: number;
    readonly nodesPerLevel: readonly number[];
    readonly label_coverage: { readonly nodes: number; readonly coverage: number };
  }[];
  /** Over every conversation's tree. */
  readonly label_coverage: LabelReport;
  /** Questions and fragments among the trees' facts. */
  readonly fact_quality: FactQuality;
}

export async function buildDataset(
  name: string,
  values: {
    file?: string | undefined;
    llm?: string | undefined;
    embedder?: string | undefined;
    seed?: string | undefined;
  },
  /** Memories a run over the same file already built (npm run results' eval runs). */
  memoryCache?: MemoryCache,
): Promise<DatasetBuild> {
  const datasetName = choice(name, 'dataset', DATASET_NAMES, 'locomo');
  const dataset = await readDataset(datasetName, required(values.file, 'file'), false);
  const models = modelsFrom(values);
  const seed = intOption(values.seed, 'seed', DEFAULT_SEED);
  const trees = [];
  const conversations = [];
  for (const conversation of dataset.conversations) {
    const { tree } = await cachedMemory(dataset.file, conversation, {
      embedder: models.embedder,
      seed,
      cache: memoryCache,
      ...(models.llm ? { llm: models.llm } : {}),
    });
    trees.push(tree);
    conversations.push({
      id: conversation.id,
      facts: tree.facts.size,
      nodesPerLevel: tree.levels.map((level) => level.length),
      label_coverage: labelCoverage(tree),
    });
  }
  return {
    dataset: datasetName,
    models: models.labels,
    conversations,
    label_coverage: labelReport(trees),
    fact_quality: factQuality(trees.flatMap((tree) => [...tree.facts.values()])),
  };
}

export function formatDatasetBuild(build: DatasetBuild): string {
  const { label_coverage: all } = build;
  return [
    `Dataset: ${build.dataset}   LLM: ${build.models.llm}   Embedder: ${build.models.embedder}`,
    ...build.conversations.map(
      (c) =>
        `  ${c.id}: ${c.facts} facts, levels ${c.nodesPerLevel.join('/')}, label coverage ${c.label_coverage.coverage.toFixed(3)}`,
    ),
    `Label coverage: ${all.coverage.toFixed(3)} over ${all.nodes} labelled summaries`,
    'Example labels:',
    ...all.examples.map((label) => `  - ${label}`),
  ].join('\n');
}
