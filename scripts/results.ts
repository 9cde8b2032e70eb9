/**
 * `npm run results`: every evaluation method on the LoCoMo dev conversations with the bundled
 * embedder, without an LLM (`--llm none`) and with the oracle judge (`--llm oracle`), plus a few
 * tree settings; writes docs/results.md (the tables and a reading computed from them).
 *
 *   npm run results [-- --limit N] [--file path] [--out docs/results.md]
 *
 * One process, one memory per conversation shared by every run (the tree is built once).
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { runEvalCommand } from './cli/eval-command.ts';
import { EVAL_METHODS } from '../src/engine/eval/methods.ts';
import type { MemoryCache } from '../src/engine/eval/run-eval.ts';
import type { EvalSummary } from '../src/engine/eval/summary.ts';
import { resultsMarkdown, type ResultRun } from './results-doc.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: '../shared/datasets/locomo/locomo-dev.json' },
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
const started = Date.now();
const base = ['--dataset', 'locomo', '--file', file, '--embedder', 'bundled', '--json'];
if (values.limit !== undefined) base.push('--limit', values.limit);

async function run(label: string, args: string[]): Promise<ResultRun> {
  const t0 = Date.now();
  const { result } = await runEvalCommand([...base, ...args], {
    memoryCache: cache,
    progress: { isTTY: false, write: () => true },
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
settings.push(
  await run('tacitree-embedding summary vectors', [
    '--method',
    'tacitree-embedding',
    '--node-vector',
    'summary',
  ]),
);
for (const beam of ['1', '6', '10']) {
  settings.push(
    await run(`tacitree-embedding beam ${beam}`, [
      '--method',
      'tacitree-embedding',
      '--beam',
      beam,
    ]),
  );
}
settings.push(
  await run('tacitree-embedding leaf-mode judge', [
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

const seconds = Math.round((Date.now() - started) / 1000);
const doc = resultsMarkdown({
  file,
  limit: values.limit,
  seconds,
  main,
  settings,
  command: `npm run results${values.limit !== undefined ? ` -- --limit ${values.limit}` : ''}`,
});
// Formatted as `npm run format` would, so that the committed doc passes `format:check`.
const style = (await resolveConfig(values.out)) ?? {};
await writeFile(
  values.out,
  await format(doc, { ...style, parser: 'markdown', filepath: values.out }),
);
process.stderr.write(`results: wrote ${values.out} in ${seconds} s\n`);
