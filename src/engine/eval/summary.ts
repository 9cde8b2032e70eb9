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
  /** The memory-updates measures (--dataset updates), else absent. */
  readonly updates?: UpdatesSummary;
  readonly notes: readonly string[];
}

export interface KindFigures {
  readonly questions: number;
  readonly first_value_accuracy: number;
}

export interface UpdatesSummary {
  /** By question kind (current, past, as_of, stable). */
  readonly by_kind: Readonly<Record<string, KindFigures>>;
  /** Share of current questions whose context holds a stale value in a memory not marked replaced. */
  readonly stale_unmarked: number | null;
  readonly supersede_precision?: number | null;
  readonly supersede_recall?: number | null;
  readonly false_supersedes?: number;
  readonly supersede_links?: number;
  readonly gold_supersedes?: number;
  /** Supersede calls of the model that failed or could not be read (they replaced nothing). */
  readonly supersede_failures?: number;
}

function updatesSummary(rows: readonly EvalRow[]): UpdatesSummary | undefined {
  const figures = rows.flatMap((r) => (r.update ? [r.update] : []));
  if (figures.length === 0) return undefined;
  const by_kind: Record<string, KindFigures> = {};
  for (const kind of [...new Set(figures.map((f) => f.kind))].sort()) {
    const of = figures.filter((f) => f.kind === kind);
    by_kind[kind] = {
      questions: of.length,
      first_value_accuracy: round(of.filter((f) => f.first_value_correct).length / of.length),
    };
  }
  const current = figures.filter((f) => f.kind === 'current');
  return {
    by_kind,
    stale_unmarked:
      current.length === 0
        ? null
        : round(current.filter((f) => f.stale_unmarked).length / current.length),
  };
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
    ...(updatesSummary(rows) ? { updates: updatesSummary(rows) as UpdatesSummary } : {}),
    notes: meta.notes,
  };
}
