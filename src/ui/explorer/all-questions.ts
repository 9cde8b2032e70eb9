/**
 * Every question of a loaded file at once: each method's recall@5 and F1 per question, and their
 * means, the figures `grove eval` prints for the same file (recall@5 over the first five distinct
 * retrieved sessions, F1 the paper's session F1).
 */
import type { MethodRow, QuestionSummary } from '../../explorer-backend/explorer-protocol.ts';

export interface QuestionResult {
  readonly question: QuestionSummary;
  readonly rows: readonly MethodRow[];
}

export interface MethodMeans {
  readonly method: string;
  readonly label: string;
  readonly questions: number;
  readonly recallAt5: number;
  readonly f1: number;
}

/** Recall@k of a row: the share of its gold sessions among its first k distinct retrieved ones. */
export function rowRecallAt(row: MethodRow, k = 5): number {
  const top = [...new Set(row.retrievedSessions)].slice(0, k);
  const gold = new Set(row.goldSessions);
  if (gold.size === 0) return top.length === 0 ? 1 : 0;
  return top.filter((s) => gold.has(s)).length / gold.size;
}

/** Each method's means over the questions it answered without an error, in first-seen order. */
export function methodMeans(results: readonly QuestionResult[]): MethodMeans[] {
  const byMethod = new Map<string, { label: string; recall: number[]; f1: number[] }>();
  for (const { rows } of results)
    for (const row of rows) {
      if (row.error !== undefined || row.goldSessions.length === 0) continue;
      const m = byMethod.get(row.method) ?? { label: row.label, recall: [], f1: [] };
      m.recall.push(rowRecallAt(row));
      m.f1.push(row.f1);
      byMethod.set(row.method, m);
    }
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
  return [...byMethod].map(([method, m]) => ({
    method,
    label: m.label,
    questions: m.recall.length,
    recallAt5: mean(m.recall),
    f1: mean(m.f1),
  }));
}
