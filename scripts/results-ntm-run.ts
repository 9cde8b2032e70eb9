/**
 * Runs what the NTM section of docs/results.md reports: the `--llm none` replay at the default
 * settings (rows read back so that the target is read from counts, unrounded) and the k-fold
 * cross-validation that chose those settings. Used by `npm run results` and by
 * `npx tsx scripts/results-ntm.ts` (the NTM section alone).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NtmRow } from '../src/engine/eval/ntm-eval.ts';
import { runNtmEvalCommand } from './cli/eval-ntm.ts';
import { runNtmFoldsCommand, type NtmFoldsResult } from './cli/eval-ntm-folds.ts';
import type { NtmExact, NtmSection } from './results-doc-ntm.ts';

export const NTM_FOLDS = 5;

const quiet = { isTTY: false, write: () => true };

export async function runNtmSection(
  file: string,
  limitArgs: readonly string[] = [],
  progress: (line: string) => void = (line) => process.stderr.write(line),
  /** A saved cross-validation of the same file and code (its replay takes minutes). */
  savedFolds?: NtmFoldsResult,
): Promise<NtmSection> {
  if (!existsSync(file)) return { file, skipped: `\`${file}\` not found (pass \`--ntm <file>\`)` };
  const args = ['--llm', 'none', ...limitArgs];
  const t0 = Date.now();
  // The rows go to a fresh file (never resumed) so that the target is read from counts, unrounded.
  const dir = await mkdtemp(join(tmpdir(), 'grove-results-ntm-'));
  try {
    const rowsFile = join(dir, 'rows.jsonl');
    const { result } = await runNtmEvalCommand(
      ['--dataset', 'ntm', '--file', file, '--json', '--out', rowsFile, ...args],
      { progress: quiet },
    );
    const rows = (await readFile(rowsFile, 'utf8'))
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as NtmRow);
    const sum = (pick: (r: NtmRow) => number) => rows.reduce((a, r) => a + pick(r), 0);
    const linearTokens = sum((r) => r.linear_tokens_mean);
    const exact: NtmExact = {
      goals: sum((r) => r.goals),
      goals_covered: sum((r) => r.goals_covered),
      linear_goals_covered: sum((r) => r.linear_goals_covered),
      token_ratio: linearTokens === 0 ? 0 : sum((r) => r.context_tokens_mean) / linearTokens,
    };
    progress(
      `ntm: token ratio ${result.token_ratio}, goal coverage ${result.goal_coverage} (${Date.now() - t0} ms)\n`,
    );
    const folds =
      savedFolds ??
      (
        await runNtmFoldsCommand(
          ['--dataset', 'ntm', '--file', file, '--folds', String(NTM_FOLDS), ...args],
          { progress: quiet },
        )
      ).result;
    progress(
      `ntm ${NTM_FOLDS}-fold: mean gap ${folds.cv.mean.gap_points.toFixed(2)} points (${Date.now() - t0} ms)\n`,
    );
    return { file, args: args.join(' '), summary: result, exact, folds };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
