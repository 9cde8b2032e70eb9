/**
 * `npm run results`: every evaluation method on the LoCoMo dev conversations with the bundled
 * embedder, without an LLM (`--llm none`) and with the oracle judge (`--llm oracle`), plus a few
 * tree settings (the cosine-only judge beside the hybrid, beams, node vectors, leaf mode, oracle
 * noise) and flat-hybrid ranked as deep as recall@5 reads a tree's set; then MAP's task-memory
 * methods on MS-TOD (and two ablations) and Context-Agent on NTM, both without an LLM; writes
 * docs/results.md (the tables and a reading computed from them). The "Rebuild growth" section
 * is rendered from the committed docs/bench/tree-growth.json (`grove bench tree-growth`), not
 * re-run.
 *
 *   npm run results [-- --limit N] [--file path] [--ms-tod folder] [--ntm file] [--out docs/results.md]
 *
 * One process, one memory per conversation shared by every LoCoMo run (the tree is built once).
 * A missing MS-TOD folder (or its SGD schemas) or NTM file skips that section, saying so.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { buildDataset } from './cli/build-dataset.ts';
import { labelsSection, type LabelCoverageRow } from './results-doc-labels.ts';
import type { FactQuality } from '../src/engine/facts/fact-quality.ts';
import { runEvalCommand } from './cli/eval-command.ts';
import { runMsTodCommand } from './cli/eval-ms-tod.ts';
import { runNtmSection } from './results-ntm-run.ts';
import { EVAL_METHODS } from '../src/engine/eval/methods.ts';
import { MS_TOD_METHODS } from '../src/engine/eval/ms-tod-eval.ts';
import type { EvalRow, MemoryCache } from '../src/engine/eval/run-eval.ts';
import { exampleSection } from './results-doc-example.ts';
import { readBlock, UPDATES_BLOCK } from './results-doc-updates.ts';
import { implicitSection, type ImplicitRun, type ImplicitVariant } from './results-doc-implicit.ts';
import { costSection } from './results-doc-cost.ts';
import { growthSection } from './results-doc-growth.ts';
import type { TreeGrowthResult } from './bench/tree-growth.ts';
import { benchTurnCost } from './bench/turn-cost.ts';
import { readDataset } from './cli/eval-command.ts';
import { modelsFrom } from './cli/models.ts';
import type { EvalSummary } from '../src/engine/eval/summary.ts';
import { MS_TOD_OPEN_TASK_WEIGHT } from '../src/engine/task-memory/open-tasks.ts';
import {
  resultsMarkdown,
  type MsTodResultRun,
  type MsTodSection,
  type ResultRun,
} from './results-doc.ts';

const DEFAULTS = {
  file: '../shared/datasets/locomo/locomo-dev.json',
  'ms-tod': '../shared/datasets/ms-tod',
  ntm: '../shared/datasets/ntm/ntm-dev.jsonl',
} as const;

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: DEFAULTS.file },
    'ms-tod': { type: 'string', default: DEFAULTS['ms-tod'] },
    ntm: { type: 'string', default: DEFAULTS.ntm },
    out: { type: 'string', default: 'docs/results.md' },
    limit: { type: 'string' },
  },
});
const file = values.file;
if (!existsSync(file)) {
  process.stderr.write(
    `results: ${file} not found. The LoCoMo dev file lives in ../shared/datasets (see its README); pass --file.\n`,
  );
  process.exit(2);
}

const cache: MemoryCache = new Map();
const quiet = { isTTY: false, write: () => true };
const started = Date.now();
const base = ['--dataset', 'locomo', '--file', file, '--embedder', 'bundled', '--json'];
if (values.limit !== undefined) base.push('--limit', values.limit);

async function run(label: string, args: string[]): Promise<ResultRun> {
  const t0 = Date.now();
  const { result } = await runEvalCommand([...base, ...args], {
    memoryCache: cache,
    progress: quiet,
  });
  const summary = result as EvalSummary;
  process.stderr.write(
    `${label}: recall@5 ${summary.recall_at_k}, set recall ${summary.recall_set} (${Date.now() - t0} ms)\n`,
  );
  return { label, args: args.join(' '), summary };
}

const main: ResultRun[] = [];
for (const llm of ['none', 'oracle']) {
  for (const method of EVAL_METHODS) {
    main.push(await run(`${method} / ${llm}`, ['--method', method, '--llm', llm]));
  }
}
const settings: ResultRun[] = [];
// The judge before the hybrid, side by side with it, and the hybrid's scorer without the tree.
settings.push(
  await run('tacitree-embedding, embedding judge (cosine only)', [
    '--method',
    'tacitree-embedding',
    '--tree-judge',
    'embedding',
  ]),
);
settings.push(
  await run('flat-hybrid, facts until 5 sessions', [
    '--method',
    'flat-hybrid',
    '--flat-depth',
    'sessions',
  ]),
);
settings.push(
  await run('tacitree-embedding, hybrid judge, summary vectors', [
    '--method',
    'tacitree-embedding',
    '--node-vector',
    'summary',
  ]),
);
for (const beam of ['1', '4', '10']) {
  settings.push(
    await run(`tacitree-embedding, hybrid judge, beam ${beam}`, [
      '--method',
      'tacitree-embedding',
      '--beam',
      beam,
    ]),
  );
}
// Issue 15's large-level path (NN-descent kNN, sampled mixture), taken on every level here:
// LoCoMo conversations are far below the 5,000 points that take it by default.
settings.push(
  await run('tacitree-embedding, large-level path on every level', [
    '--method',
    'tacitree-embedding',
    '--large-level',
    '0',
  ]),
);
settings.push(
  await run('tacitree-embedding, hybrid judge, leaf-mode judge', [
    '--method',
    'tacitree-embedding',
    '--leaf-mode',
    'judge',
  ]),
);
settings.push(
  await run('tacitree-llm oracle leaf-mode judge', [
    '--method',
    'tacitree-llm',
    '--llm',
    'oracle',
    '--leaf-mode',
    'judge',
  ]),
);
for (const noise of ['0.05', '0.1']) {
  settings.push(
    await run(`tacitree-llm oracle noise ${noise}`, [
      '--method',
      'tacitree-llm',
      '--llm',
      'oracle',
      '--oracle-noise',
      noise,
    ]),
  );
}

const limitArgs = values.limit === undefined ? [] : ['--limit', values.limit];

/** The SGD schemas `grove eval --dataset ms-tod` reads by default: the `sgd` folder beside the data. */
function sgdBeside(path: string): string {
  const base = resolve(path);
  return join(statSync(base).isDirectory() ? dirname(base) : dirname(dirname(base)), 'sgd');
}

async function msTodSection(folder: string): Promise<MsTodSection> {
  if (!existsSync(folder))
    return { folder, skipped: `\`${folder}\` not found (pass \`--ms-tod <folder>\`)` };
  const sgd = sgdBeside(folder);
  if (!existsSync(sgd))
    return { folder, skipped: `no SGD schemas at \`${sgd}\` (the task slots come from them)` };
  const msTodRun = async (label: string, args: string[]): Promise<MsTodResultRun> => {
    const t0 = Date.now();
    const { result } = await runMsTodCommand(
      ['--dataset', 'ms-tod', '--file', folder, '--k', '5', '--json', ...limitArgs, ...args],
      { progress: quiet },
    );
    process.stderr.write(
      `ms-tod ${label}: recall@5 ${result.recall_at['5']} (${Date.now() - t0} ms)\n`,
    );
    return { label, args: args.join(' '), summary: result };
  };
  const methods: MsTodResultRun[] = [];
  for (const method of MS_TOD_METHODS) methods.push(await msTodRun(method, ['--method', method]));
  const ablations = [
    await msTodRun('open-task prior', [
      '--method',
      'map-embedding-nojudge',
      '--open-task-weight',
      String(MS_TOD_OPEN_TASK_WEIGHT),
    ]),
    await msTodRun('all turns in the query', ['--method', 'map-embedding', '--query-turns', 'all']),
  ];
  return { folder, methods, ablations };
}

const EXAMPLE_FILE = 'public/examples/grove-implexconv-example.json';

/** One row per question of a `grove eval` run (its --out file, read back). */
async function exampleRows(args: string[]): Promise<EvalRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'grove-example-'));
  try {
    const out = join(dir, 'rows.jsonl');
    await runEvalCommand([...args, '--out', out], { memoryCache: cache, progress: quiet });
    const text = await readFile(out, 'utf8');
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as EvalRow);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
const labelRuns = [
  { dataset: 'LoCoMo dev', name: 'locomo', file },
  { dataset: 'built-in example', name: 'implexconv', file: EXAMPLE_FILE },
];
const labelRows: LabelCoverageRow[] = [];
const factRows: { dataset: string; quality: FactQuality }[] = [];
for (const run of labelRuns) {
  const built = await buildDataset(run.name, { file: run.file }, cache);
  labelRows.push({ dataset: run.dataset, report: built.label_coverage });
  factRows.push({ dataset: run.dataset, quality: built.fact_quality });
}
const exampleArgs = [
  '--dataset',
  'implexconv',
  '--file',
  EXAMPLE_FILE,
  '--method',
  'tacitree-embedding',
  '--llm',
  'none',
];
const example = exampleSection(
  await exampleRows(exampleArgs),
  `grove eval ${exampleArgs.join(' ')}`,
);
// Issue 22: implicit questions, every no-LLM method (the LLM tree methods fall back to the same
// walk), per question so that categories can be told apart.
const IMPLICIT_FILE = '../shared/datasets/implicit/implicit-dev.json';
const implicitFiles = [
  ...(existsSync(IMPLICIT_FILE) ? [{ file: 'implicit-dev', path: IMPLICIT_FILE }] : []),
  { file: 'built-in example', path: EXAMPLE_FILE },
];
const implicitRuns: ImplicitRun[] = [];
for (const { file: label, path } of implicitFiles)
  for (const method of EVAL_METHODS.filter(
    (m) => m !== 'tacitree-llm' && m !== 'tacitree-listwise',
  ))
    implicitRuns.push({
      file: label,
      method,
      rows: await exampleRows([
        '--dataset',
        'implexconv',
        '--file',
        path,
        '--method',
        method,
        '--llm',
        'none',
      ]),
    });
const implicit = implicitSection(
  implicitRuns,
  (
    JSON.parse(await readFile('docs/bench/implicit-variants.json', 'utf8')) as {
      rows: ImplicitVariant[];
    }
  ).rows,
  'npm run grove -- eval --dataset implexconv --file F --method M --llm none',
);
const turnCost = await benchTurnCost({
  dataset: await readDataset('locomo', file, false),
  embedder: modelsFrom({}).embedder,
  facts: 3000,
  questions: 100,
  forestTrees: 10,
  rebuildSizes: [1000, 3000, 10000],
  onStage: (stage) => process.stderr.write(`turn-cost: ${stage}\n`),
});
const cost = costSection(
  turnCost,
  `npm run grove -- bench turn-cost --dataset locomo --file ${file} --json`,
);
// Rebuild growth: rendered from the committed benchmark output (minutes to re-run), if present.
const GROWTH_FILE = 'docs/bench/tree-growth.json';
const growth = existsSync(GROWTH_FILE)
  ? growthSection(
      JSON.parse(await readFile(GROWTH_FILE, 'utf8')) as TreeGrowthResult,
      'npm run grove -- bench tree-growth --sizes 2000,5000,10000,20000,30000 ' +
        '--reference-sizes 2000,10000 --reseed-sizes 10000 --json',
    )
  : [];
const msTod = await msTodSection(values['ms-tod']);
const ntm = await runNtmSection(values.ntm, limitArgs);

const seconds = Math.round((Date.now() - started) / 1000);
const given = (['file', 'ms-tod', 'ntm'] as const)
  .filter((key) => values[key] !== DEFAULTS[key])
  .map((key) => `--${key} ${values[key]}`);
if (values.limit !== undefined) given.unshift(`--limit ${values.limit}`);
const noLlmMemory = [
  '',
  '## No-LLM memory: facts and labels',
  '',
  'Extractive facts (no LLM), bundled embedder; the trees `grove build --dataset` builds, as `grove eval` does. A fact is a question when it ends on one, a fragment when it has fewer than three content words.',
  '',
  '| data | facts | questions | fragments | share |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...factRows.map(
    ({ dataset, quality: q }) =>
      `| ${dataset} | ${q.facts} | ${q.questions} | ${q.fragments} | ${(100 * q.share).toFixed(1)}% |`,
  ),
  '',
  // Measured once, with the same definition, before sentence kinds existed (not re-run here).
  'Before facts were told from questions, greetings and fragments (commit 0c95187, the same definition): LoCoMo dev 25.3% of 8,897 facts, the built-in example 30.9%.',
  '',
  ...labelsSection(labelRows),
  ...example,
  ...implicit,
  ...cost,
  ...growth,
].join('\n');
const doc0 = resultsMarkdown({
  file,
  limit: values.limit,
  seconds,
  main,
  settings,
  msTod,
  ntm,
  command: `npm run results${given.length > 0 ? ` -- ${given.join(' ')}` : ''}`,
});
// The memory-over-time block is written by `npm run results:updates`: kept as it is.
const kept = existsSync(values.out)
  ? readBlock(await readFile(values.out, 'utf8'), UPDATES_BLOCK)
  : '';
const doc = `${doc0.trimEnd()}\n${noLlmMemory}\n${kept === '' ? '' : `\n${kept}\n`}`;
// Formatted as `npm run format` would, so that the committed doc passes `format:check`.
const style = (await resolveConfig(values.out)) ?? {};
await writeFile(
  values.out,
  await format(doc, { ...style, parser: 'markdown', filepath: values.out }),
);
process.stderr.write(`results: wrote ${values.out} in ${seconds} s\n`);
