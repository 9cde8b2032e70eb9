/**
 * Regenerates only the NTM section of docs/results.md (the rest of the file is kept as it is):
 *
 *   npx tsx scripts/results-ntm.ts [--ntm ../shared/datasets/ntm/ntm-dev.jsonl] [--out docs/results.md]
 *     [--folds-json cv.json]
 *
 * `--folds-json` reuses a saved `grove eval --dataset ntm --folds 5 --json` result (minutes to
 * re-run) instead of running the cross-validation again; the default replay always runs.
 * The section is the one `npm run results` writes (results-ntm-run.ts, results-doc-ntm.ts), in
 * the same place: from "## NTM (Context-Agent)" to the next "## " heading.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import type { NtmFoldsResult } from './cli/eval-ntm-folds.ts';
import { ntmSection } from './results-doc-ntm.ts';
import { runNtmSection } from './results-ntm-run.ts';

const { values } = parseArgs({
  options: {
    ntm: { type: 'string', default: '../shared/datasets/ntm/ntm-dev.jsonl' },
    out: { type: 'string', default: 'docs/results.md' },
    'folds-json': { type: 'string' },
  },
});
const HEAD = '## NTM (Context-Agent)';

export function replaceNtmSection(doc: string, section: string): string {
  const start = doc.indexOf(HEAD);
  if (start < 0) throw new Error(`${values.out} has no "${HEAD}" section; run npm run results`);
  const next = doc.indexOf('\n## ', start + HEAD.length);
  const end = next < 0 ? doc.length : next + 1;
  return `${doc.slice(0, start)}${section.trimEnd()}\n\n${doc.slice(end)}`;
}

const out = values.out as string;
const savedFolds = values['folds-json']
  ? (JSON.parse(await readFile(values['folds-json'], 'utf8')) as NtmFoldsResult)
  : undefined;
const section = ntmSection(
  await runNtmSection(values.ntm as string, [], undefined, savedFolds),
).join('\n');
const doc = replaceNtmSection(await readFile(out, 'utf8'), section);
const style = (await resolveConfig(out)) ?? {};
await writeFile(out, await format(doc, { ...style, parser: 'markdown', filepath: out }));
process.stderr.write(`results-ntm: wrote the NTM section of ${out}\n`);
