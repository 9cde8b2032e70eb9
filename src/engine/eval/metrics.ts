/**
 * Retrieval metrics (TaciTree paper, eq. 4, and MAP's Recall@k).
 *
 * Metrics work on sets of *context units*, compared as strings. For IMPLEXCONV the unit is the
 * session: gold = the sessions holding the evidence, retrieved = the sessions of the retrieved
 * items (duplicates count once: three facts from one session retrieve that session once).
 *
 * Zero denominators are defined, never NaN: a ratio whose denominator is 0 is 1 when both the
 * retrieved and the gold sets are empty (nothing to find, nothing retrieved: a perfect answer)
 * and 0 when only one of them is empty.
 */
import type { Tokenizer } from '../ports.ts';
import type { RetrievalResult, RetrievedItem } from '../retrieval.ts';
import type { SessionId } from '../types.ts';
import { approximateTokenizer } from '../tokens.ts';
import { mean } from '../scores.ts';

export interface SetScores {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

function ratio(numerator: number, denominator: number, bothEmpty: boolean): number {
  if (denominator === 0) return bothEmpty ? 1 : 0;
  return numerator / denominator;
}

/** Precision, recall and F1 = 2|Cr ∩ Cg| / (|Cr| + |Cg|) over distinct units. */
export function setScores(retrieved: Iterable<string>, gold: Iterable<string>): SetScores {
  const r = new Set(retrieved);
  const g = new Set(gold);
  let overlap = 0;
  for (const unit of r) if (g.has(unit)) overlap++;
  const bothEmpty = r.size === 0 && g.size === 0;
  return {
    precision: ratio(overlap, r.size, bothEmpty),
    recall: ratio(overlap, g.size, bothEmpty),
    f1: ratio(2 * overlap, r.size + g.size, bothEmpty),
  };
}

/** The paper's retrieval accuracy: 2|Cr ∩ Cg| / (|Cr| + |Cg|); 1 when both are empty. */
export function retrievalF1(retrieved: Iterable<string>, gold: Iterable<string>): number {
  return setScores(retrieved, gold).f1;
}

/**
 * Recall@k over a ranked list of units: the share of the gold units found among the first k
 * *distinct* units of the list (a unit repeated further down does not use up a rank).
 * k larger than the list uses the whole list. Empty gold: 1 when the top k is empty too, else 0.
 */
export function recallAtK(ranked: readonly string[], gold: Iterable<string>, k: number): number {
  if (!Number.isInteger(k) || k < 0) throw new RangeError(`recall@k needs a whole k ≥ 0, got ${k}`);
  const top = new Set<string>();
  for (const unit of ranked) {
    if (top.size >= k) break;
    top.add(unit);
  }
  const g = new Set(gold);
  let found = 0;
  for (const unit of g) if (top.has(unit)) found++;
  return ratio(found, g.size, top.size === 0 && g.size === 0);
}

/** The sessions of the retrieved items, distinct, in rank order (first appearance). */
export function retrievedSessionIds(items: readonly RetrievedItem[]): SessionId[] {
  const seen = new Set<SessionId>();
  for (const item of items) for (const id of item.sessionIds) seen.add(id);
  return [...seen];
}

/** Tokens of retrieved context: the sum over items of the tokens of their text. */
export function contextTokens(
  items: readonly RetrievedItem[],
  tokenizer: Tokenizer = approximateTokenizer,
): number {
  let total = 0;
  for (const item of items) total += tokenizer.count(item.text);
  return total;
}

/** Every retrieval metric of one question. */
export interface QuestionMetrics extends SetScores {
  /** Recall@k by k, over the retrieved sessions in rank order. */
  readonly recallAtK: Readonly<Record<number, number>>;
  readonly contextTokens: number;
  readonly llmCalls: number;
  readonly judgeTokens: number;
}

export interface ScoreOptions {
  /** The k values of recall@k to report (default none). */
  readonly ks?: readonly number[];
}

/** Scores one retrieval against the gold sessions of its question (unit = session). */
export function scoreRetrieval(
  result: RetrievalResult,
  goldSessions: readonly SessionId[],
  options: ScoreOptions = {},
): QuestionMetrics {
  const ranked = retrievedSessionIds(result.items);
  const atK: Record<number, number> = {};
  for (const k of options.ks ?? []) atK[k] = recallAtK(ranked, goldSessions, k);
  return {
    ...setScores(ranked, goldSessions),
    recallAtK: atK,
    contextTokens: result.contextTokens,
    llmCalls: result.llmCalls,
    judgeTokens: result.judgeTokens,
  };
}

export interface AggregateMetrics {
  readonly questions: number;
  readonly meanPrecision: number;
  readonly meanRecall: number;
  readonly meanF1: number;
  /** Mean recall@k for every k reported by all questions. */
  readonly meanRecallAtK: Readonly<Record<number, number>>;
  readonly meanContextTokens: number;
  readonly meanJudgeTokens: number;
  readonly totalLlmCalls: number;
  readonly meanLlmCalls: number;
}

/** Means of per-question metrics, plus total LLM calls. No questions: every figure is 0. */
export function aggregateMetrics(perQuestion: readonly QuestionMetrics[]): AggregateMetrics {
  const ks = new Set<number>();
  for (const [i, q] of perQuestion.entries()) {
    const own = Object.keys(q.recallAtK).map(Number);
    if (i === 0) own.forEach((k) => ks.add(k));
    else for (const k of ks) if (!own.includes(k)) ks.delete(k);
  }
  const atK: Record<number, number> = {};
  for (const k of [...ks].sort((a, b) => a - b)) {
    atK[k] = mean(perQuestion.map((q) => q.recallAtK[k] ?? 0));
  }
  const totalLlmCalls = perQuestion.reduce((sum, q) => sum + q.llmCalls, 0);
  return {
    questions: perQuestion.length,
    meanPrecision: mean(perQuestion.map((q) => q.precision)),
    meanRecall: mean(perQuestion.map((q) => q.recall)),
    meanF1: mean(perQuestion.map((q) => q.f1)),
    meanRecallAtK: atK,
    meanContextTokens: mean(perQuestion.map((q) => q.contextTokens)),
    meanJudgeTokens: mean(perQuestion.map((q) => q.judgeTokens)),
    totalLlmCalls,
    meanLlmCalls: perQuestion.length === 0 ? 0 : totalLlmCalls / perQuestion.length,
  };
}
