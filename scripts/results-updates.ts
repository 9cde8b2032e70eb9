/**
 * `npm run results:updates`: the memory-over-time figures (`grove eval --dataset updates`) of
 * the no-LLM walk, the oracle-judged walk and two flat baselines on the updates development set,
 * written into docs/results.md between its "memory over time" markers (`npm run results` keeps
 * that block as it is).
 *
 *   npm run results:updates [-- --file path] [--out docs/results.md]
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { runEvalCommand } from './cli/eval-command.ts';
import type { EvalSummary } from '../src/engine/eval/summary.ts';
import {
  UPDATES_BLOCK,
  replaceBlock,
  updatesSection,
  type UpdatesRun,
} from './results-doc-updates.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string', default: '../shared/datasets/updates/updates-dev.json' },
    out: { type: 'string', default: 'docs/results.md' },
  },
});

const RUNS: readonly { method: string; llm: string }[] = [
  { method: 'tacitree-embedding', llm: 'none' },
  { method: 'tacitree-llm', llm: 'oracle' },
  { method: 'flat-hybrid', llm: 'none' },
  { method: 'bm25', llm: 'none' },
];

const memoryCache = new Map();
const runs: UpdatesRun[] = [];
for (const run of RUNS) {
  const args = [
    '--dataset',
    'updates',
    '--file',
    values.file,
    '--method',
    run.method,
    '--llm',
    run.llm,
    '--json',
  ];
  const { result } = await runEvalCommand(args, { memoryCache });
  runs.push({ ...run, args: args.join(' '), summary: result as EvalSummary });
}
const section = updatesSection(values.file, runs);
const doc = replaceBlock(await readFile(values.out, 'utf8'), UPDATES_BLOCK, section);
const style = (await resolveConfig(values.out)) ?? {};
await writeFile(
  values.out,
  await format(doc, { ...style, parser: 'markdown', filepath: values.out }),
);
process.stderr.write(`results:updates: wrote the memory-over-time section of ${values.out}\n`);
