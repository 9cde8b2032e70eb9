/**
 * Tunes the no-LLM tree judge on LoCoMo without an LLM: every (judge, embedding weight, beam)
 * setting over the even-indexed conversations of the file (0, 2, 4, ...: tuning) and the
 * odd-indexed ones (1, 3, ...: confirmation), through the same evaluation loop as `grove eval`
 * (`tacitree-embedding --llm none`, bundled embedder, memories built once and shared).
 *
 *   npx tsx scripts/bench/tree-judge-tune.ts [--file ../shared/datasets/locomo/locomo-dev.json]
 *       [--weights 0,0.15,0.25,0.35,0.5,0.75] [--beams 2,3,4] [--json]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { EvalDataset } from '../../src/engine/datasets/eval-model.ts';
import { loadDataset } from '../../src/engine/datasets/load.ts';
import { DEFAULT_TREE_SETTINGS, type TreeSettings } from '../../src/engine/eval/methods.ts';
import { runEval, type EvalRow, type MemoryCache } from '../../src/engine/eval/run-eval.ts';
import type { EmbedderPort } from '../../src/engine/ports.ts';
import { DEFAULT_SEED } from '../../src/engine/pipeline.ts';
import { LazyNodeBundledEmbedder } from '../../src/models/embedder/node-bundled.ts';

export interface TuneFigures {
  readonly questions: number;
  readonly recall_at_5: number;
  readonly recall_set: number;
  readonly tokens: number;
  readonly set_size: number;
}

export interface TuneRow {
  readonly setting: string;
  readonly even: TuneFigures;
  readonly odd: TuneFigures;
  readonly all: TuneFigures;
}

/** The conversations at even (0, 2, ...) or odd file positions. */
export function half(dataset: EvalDataset, parity: 0 | 1): EvalDataset {
  return { ...dataset, conversations: dataset.conversations.filter((_, i) => i % 2 === parity) };
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

export function figures(rows: readonly EvalRow[]): TuneFigures {
  const scored = rows.filter((r) => r.recall_at_k !== null);
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return {
    questions: scored.length,
    recall_at_5: r3(mean(scored.map((r) => r.recall_at_k ?? 0))),
    recall_set: r3(mean(scored.map((r) => r.recall_set ?? 0))),
    tokens: Math.round(mean(rows.map((r) => r.context_tokens))),
    set_size: Math.round(mean(rows.map((r) => r.set_size)) * 10) / 10,
  };
}

export async function tune(
  dataset: EvalDataset,
  embedder: EmbedderPort,
  settings: readonly { readonly label: string; readonly tree: TreeSettings }[],
): Promise<TuneRow[]> {
  const memoryCache: MemoryCache = new Map();
  const out: TuneRow[] = [];
  for (const { label, tree } of settings) {
    const rowsOf = async (parity: 0 | 1) =>
      (
        await runEval({
          dataset: half(dataset, parity),
          method: 'tacitree-embedding',
          mode: { kind: 'none' },
          embedder,
          k: 5,
          seed: DEFAULT_SEED,
          tree,
          memoryCache,
        })
      ).rows;
    const even = await rowsOf(0);
    const odd = await rowsOf(1);
    out.push({
      setting: label,
      even: figures(even),
      odd: figures(odd),
      all: figures([...even, ...odd]),
    });
  }
  return out;
}

async function main() {
  const { values } = parseArgs({
    options: {
      file: { type: 'string', default: '../shared/datasets/locomo/locomo-dev.json' },
      weights: { type: 'string', default: '0,0.15,0.25,0.35,0.5,0.75' },
      beams: { type: 'string', default: '2,3,4' },
      json: { type: 'boolean', default: false },
    },
  });
  const list = (s: string) => s.split(',').map(Number);
  const dataset = loadDataset('locomo', await readFile(values.file, 'utf8'), values.file);
  const settings = list(values.beams).flatMap((beam) => [
    {
      label: `embedding beam ${beam}`,
      tree: { ...DEFAULT_TREE_SETTINGS, judge: 'embedding' as const, beam },
    },
    ...list(values.weights).map((w) => ({
      label: `hybrid w ${w} beam ${beam}`,
      tree: { ...DEFAULT_TREE_SETTINGS, judge: 'hybrid' as const, embeddingWeight: w, beam },
    })),
  ]);
  const rows = await tune(dataset, new LazyNodeBundledEmbedder(), settings);
  if (values.json) {
    console.log(JSON.stringify(rows, null, 2));
    return;
  }
  const cell = (f: TuneFigures) =>
    `${(f.recall_at_5 * 100).toFixed(1)} / ${(f.recall_set * 100).toFixed(1)} / ${f.tokens}`;
  console.log('| setting | even r@5 / set / tokens | odd | all |');
  console.log('|---|---|---|---|');
  for (const r of rows)
    console.log(`| ${r.setting} | ${cell(r.even)} | ${cell(r.odd)} | ${cell(r.all)} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
