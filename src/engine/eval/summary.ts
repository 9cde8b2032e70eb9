/** The JSON summary of an evaluation run: means over its rows (issue 6's field names). */
import type { EvalRow } from './run-eval.ts';
import { mean } from '../scores.ts';

export interface EvalSummary {
  readonly dataset: string;
  readonly method: string;
  readonly embedder: string;
  readonly llm: string;
  /** What judged the tree walk (or "none"), in words. */
  readonly judge: string;
  /** Questions in the figures (done now or read back from the rows file). */
  readonly questions: number;
  /** Questions that failed this time (not in the figures; a re-run with the same --out retries them). */
  readonly failed_questions: number;
  /**
   * Model outputs given up on as unreadable after their bounded retries, per purpose (the
   * engine's fallback stood in for them: a judge kept its nodes, an extraction found nothing).
   */
  readonly unreadable_outputs: Readonly<Record<string, number>>;
  readonly retrieval_f1: number | null;
  readonly recall_at_k: number | null;
  readonly k: number;
  readonly tokens_mean: number;
  readonly llm_calls_mean: number;
  readonly brute_force_calls_mean: number;
  readonly ms_per_query: number;
  /** Share judged correct; null without a real LLM (no answers were generated). */
  readonly answer_accuracy: number | null;
  readonly recall_set: number | null;
  readonly set_size_mean: number;
  readonly notes: readonly string[];
}

export interface SummaryMeta {
  readonly dataset: string;
  readonly method: string;
  readonly embedder: string;
  readonly llm: string;
  readonly judge: string;
  readonly k: number;
  /** Questions that failed (default 0). */
  readonly failed?: number;
  /** Unreadable outputs per purpose (default none). */
  readonly unreadable?: Readonly<Record<string, number>>;
  readonly notes: readonly string[];
}

/** Mean of the non-null values; null when every value is null (no question had that metric). */
function meanOrNull(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : mean(present);
}

const round = (x: number, digits = 4): number => Number(x.toFixed(digits));
const roundOrNull = (x: number | null): number | null => (x === null ? null : round(x));

export function summarise(rows: readonly EvalRow[], meta: SummaryMeta): EvalSummary {
  const judged = rows.filter((r) => r.correct !== null);
  return {
    dataset: meta.dataset,
    method: meta.method,
    embedder: meta.embedder,
    llm: meta.llm,
    judge: meta.judge,
    questions: rows.length,
    failed_questions: meta.failed ?? 0,
    unreadable_outputs: meta.unreadable ?? {},
    retrieval_f1: roundOrNull(meanOrNull(rows.map((r) => r.retrieval_f1))),
    recall_at_k: roundOrNull(meanOrNull(rows.map((r) => r.recall_at_k))),
    k: meta.k,
    tokens_mean: round(mean(rows.map((r) => r.context_tokens)), 1),
    llm_calls_mean: round(mean(rows.map((r) => r.llm_calls)), 2),
    brute_force_calls_mean: round(mean(rows.map((r) => r.brute_force_calls)), 1),
    ms_per_query: round(mean(rows.map((r) => r.ms)), 2),
    answer_accuracy:
      judged.length === 0 ? null : round(judged.filter((r) => r.correct).length / judged.length),
    recall_set: roundOrNull(meanOrNull(rows.map((r) => r.recall_set))),
    set_size_mean: round(mean(rows.map((r) => r.set_size)), 2),
    notes: meta.notes,
  };
}
