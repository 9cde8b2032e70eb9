/**
 * Failed questions in a `grove eval` run: the note that says what failed and how to retry it,
 * and the error a run in which nothing succeeded ends with (non-zero exit).
 */
import type { FailedRow } from '../../src/engine/eval/run-eval.ts';

/** An evaluation in which no question succeeded: `grove eval` exits non-zero with this message. */
export class EvalFailedError extends Error {
  override readonly name = 'EvalFailedError';
}

/**
 * A run in which every question failed (none done now or before) has no figures to give: it
 * stops with the first failure, non-zero, the failures already on record in `out`.
 */
export function throwIfNothingSucceeded(
  failed: readonly FailedRow[],
  done: number,
  out: string | undefined,
): void {
  const first = failed[0];
  if (done > 0 || first === undefined) return;
  throw new EvalFailedError(
    `every question failed (${failed.length} of ${failed.length}; first: ${first.question_id}: ${first.error})` +
      (out ? `; they are recorded in ${out}: run the same command again to retry them` : ''),
  );
}

/** What failed, and how to retry just those questions. */
export function failureNote(failed: readonly FailedRow[], out: string | undefined): string {
  const first = failed[0] as FailedRow;
  return (
    `${failed.length} question${failed.length === 1 ? '' : 's'} failed and ${failed.length === 1 ? 'is' : 'are'} left out of these figures ` +
    `(first: ${first.question_id}: ${first.error}); ` +
    (out
      ? `they are recorded in ${out}: run the same command again to retry them`
      : 'pass --out rows.jsonl to record them and retry only those')
  );
}
