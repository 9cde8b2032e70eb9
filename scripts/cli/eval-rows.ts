/**
 * The `--out` rows file of `grove eval`: one JSON object per question (JSON Lines), each tagged
 * with its run (dataset, method, llm, embedder, k, seed, noise) so that resuming never mixes
 * runs. An existing file is read back: its questions are skipped and count in the summary.
 * A question that failed has a failed row (`error`): it stays in the file and is done again
 * by the next run, whose row then follows it.
 */
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { canonicalMethodName } from '../../src/engine/eval/methods.ts';
import type { EvalRow, FailedRow } from '../../src/engine/eval/run-eval.ts';
import { UsageError } from './args.ts';

export interface RunKey {
  readonly dataset: string;
  readonly method: string;
  readonly llm: string;
  readonly embedder: string;
  readonly k: number;
  readonly seed: number;
  readonly oracle_noise: number;
  /** Only when --large-level is given. */
  readonly large_level?: number;
}

export type StoredRow = (EvalRow | FailedRow) & { readonly run: RunKey };

export interface RunRecords {
  /** Questions done, in file order. */
  readonly rows: EvalRow[];
  /** Questions whose last record is a failure: to be done again. */
  readonly failed: FailedRow[];
}

const isFailed = (row: EvalRow | FailedRow): row is FailedRow => 'error' in row;

/**
 * The same run: every key of either equal (an optional key such as large_level on one side only
 * is another run). Rows written under a method's old name (`collapsed`) resume under its current one.
 */
const sameRun = (stored: RunKey, run: RunKey) =>
  [...new Set([...Object.keys(run), ...Object.keys(stored)] as (keyof RunKey)[])].every((key) =>
    key === 'method' ? canonicalMethodName(stored.method) === run.method : stored[key] === run[key],
  );

/**
 * Rows already in `path` (none when it does not exist); rows of another run are an error. A run
 * killed mid-write leaves a partial last line: it is dropped (the file is rewritten without it)
 * and that question is simply done again.
 */
export async function readRows(path: string, run: RunKey): Promise<EvalRow[]> {
  return (await readRunRecords(path, run)).rows;
}

/** The rows done and the questions that failed (and were not done since), from `path`. */
export async function readRunRecords(path: string, run: RunKey): Promise<RunRecords> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { rows: [], failed: [] };
    throw error;
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const rows: EvalRow[] = [];
  const failures = new Map<string, FailedRow>();
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
    if (isFailed(row)) failures.set(row.question_id, row);
    else {
      failures.delete(row.question_id);
      rows.push(row);
    }
  });
  if (partial)
    await writeFile(
      path,
      lines
        .slice(0, -1)
        .map((l) => `${l}\n`)
        .join(''),
    );
  const done = new Set(rows.map((r) => r.question_id));
  return { rows, failed: [...failures.values()].filter((f) => !done.has(f.question_id)) };
}

/** Appends a row, or a failed row (kept, so that the failure is on record and retried). */
export function appendRow(path: string, run: RunKey, row: EvalRow | FailedRow): Promise<void> {
  return appendFile(path, `${JSON.stringify({ run, ...row })}\n`);
}
