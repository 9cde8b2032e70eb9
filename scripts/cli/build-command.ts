/**
 * `grove build`: conversation file → memory tree; prints the tree's shape and how well its
 * keyword labels name the facts under them. With `--dataset` (locomo, implexconv…), builds every
 * conversation of a benchmark file the way `grove eval` does and reports their label coverage.
 */
import { readFile } from 'node:fs/promises';
import {
  parseGroveConversation,
  type Conversation,
} from '../../src/engine/datasets/grove-format.ts';
import { buildMemory, DEFAULT_SEED, type MemoryBuild } from '../../src/engine/pipeline.ts';
import { labelCoverage } from '../../src/engine/tree/label-coverage.ts';
import { intOption, parse, required, UsageError } from './args.ts';
import { buildDataset, formatDatasetBuild } from './build-dataset.ts';
import { modelsFrom, type CliModels } from './models.ts';

export const buildOptions = {
  file: { type: 'string' },
  llm: { type: 'string' },
  embedder: { type: 'string' },
  seed: { type: 'string' },
  json: { type: 'boolean' },
} as const;

export async function loadConversation(path: string): Promise<Conversation> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return parseGroveConversation(text, path);
}

export interface BuiltMemory {
  readonly conversation: Conversation;
  readonly models: CliModels;
  readonly build: MemoryBuild;
}

export async function buildFromArgs(values: {
  file?: string | undefined;
  llm?: string | undefined;
  embedder?: string | undefined;
  seed?: string | undefined;
}): Promise<BuiltMemory> {
  const conversation = await loadConversation(required(values.file, 'file'));
  const models = modelsFrom(values);
  const build = await buildMemory(conversation.sessions, {
    ...(models.llm ? { llm: models.llm } : {}),
    embedder: models.embedder,
    seed: intOption(values.seed, 'seed', DEFAULT_SEED),
  });
  return { conversation, models, build };
}

export function shapeOf({ conversation, models, build }: BuiltMemory) {
  const { tree, extractions } = build;
  return {
    sessions: conversation.sessions.length,
    models: models.labels,
    extraction: {
      ok: extractions.filter((e) => e.status === 'ok').length,
      empty: extractions.filter((e) => e.status === 'empty').map((e) => e.sessionId),
      failed: extractions.flatMap((e) =>
        e.status === 'failed' ? [{ session: e.sessionId, error: e.error }] : [],
      ),
    },
    facts: tree.facts.size,
    merged: build.merged.length,
    levels: tree.levels.length,
    nodesPerLevel: tree.levels.map((level) => level.length),
    roots: (tree.levels[tree.levels.length - 1] ?? []).map((id) => tree.nodes.get(id)?.text ?? id),
    summaries: build.report.summaries,
    label_coverage: labelCoverage(tree),
  };
}

export async function runBuild(argv: string[]) {
  const values = parse(argv, { ...buildOptions, dataset: { type: 'string' } });
  if (values.dataset !== undefined && values.dataset !== 'grove') {
    const result = await buildDataset(values.dataset, values);
    return { json: values.json === true, result, text: formatDatasetBuild(result) };
  }
  const shape = shapeOf(await buildFromArgs(values));
  return { json: values.json === true, result: shape, text: formatShape(shape) };
}

function formatShape(shape: ReturnType<typeof shapeOf>): string {
  const lines = [
    `LLM: ${shape.models.llm}`,
    `Embedder: ${shape.models.embedder}`,
    `Sessions: ${shape.sessions} (${shape.extraction.ok} with facts, ${shape.extraction.empty.length} empty, ${shape.extraction.failed.length} failed)`,
    ...shape.extraction.failed.map((f) => `  failed ${f.session}: ${f.error}`),
    `Facts: ${shape.facts} (${shape.merged} near-duplicates merged)`,
    `Levels: ${shape.levels}`,
    ...shape.nodesPerLevel.map(
      (n, level) => `  level ${level}: ${n} ${level === 0 ? 'facts' : 'summaries'}`,
    ),
    `Label coverage: ${shape.label_coverage.coverage.toFixed(3)} over ${shape.label_coverage.nodes} labelled summaries`,
    'Roots:',
    ...shape.roots.map((r) => `  - ${r}`),
  ];
  return lines.join('\n');
}
