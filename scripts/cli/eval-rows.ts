/**
 * The `--out` rows file of `grove eval`: one JSON object per question (JSON Lines), each tagged
 * with its run (dataset, method, llm, embedder, k, seed, noise) so that resuming never mixes
 * runs. An existing file is read back: its questions are skipped and count in the summary.
 */
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import type { EvalRow } from '../../src/engine/eval/run-eval.ts';
import { UsageError } from './args.ts';

export interface RunKey {
  readonly dataset: string;
  readonly method: string;
  readonly llm: string;
  readonly embedder: string;
  readonly k: number;
  readonly seed: number;
  readonly oracle_noise: number;
}

export type StoredRow = EvalRow & { readonly run: RunKey };

const sameRun = (a: RunKey, b: RunKey) =>
  (Object.keys(a) as (keyof RunKey)[]).every((key) => a[key] === b[key]);

/**
 * Rows already in `path` (none when it does not exist); rows of another run are an error. A run
 * killed mid-write leaves a partial last line: it is dropped (the file is rewritten without it)
 * and that question is simply done again.
 */
export async function readRows(path: string, run: RunKey): Promise<EvalRow[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const rows: EvalRow[] = [];
  let partial = false;
  lines.forEach((line, i) => {
    let stored: StoredRow;
    try {
      stored = JSON.parse(line) as StoredRow;
    } catch {
      if (i === lines.length - 1) {
        partial = true;
        return;
      }
      throw new UsageError(`${path}: row ${i + 1} is not JSON; pass another --out or delete it`);
    }
    if (!stored.run || !sameRun(stored.run, run)) {
      throw new UsageError(
        `${path} holds rows of another run (${JSON.stringify(stored.run ?? null)}); ` +
          'pass another --out to start this one, or delete the file',
      );
    }
    const { run: _run, ...row } = stored;
    rows.push(row);
  });
  if (partial)
    await writeFile(
      path,
      lines
        .slice(0, -1)
        .map((l) => `${l}\n`)
        .join(''),
    );
  return rows;
}

export function appendRow(path: string, run: RunKey, row: EvalRow): Promise<void> {
  return appendFile(path, `${JSON.stringify({ run, ...row })}\n`);
}
