/**
 * One evaluated question as `grove eval` records it: its row (retrieval scored against the gold
 * sessions, tokens, calls, the answer and its verdict), or its failed row (why it could not be
 * evaluated; the next run retries it).
 */
import type { EvalConversation, EvalQuestion } from '../datasets/eval-model.ts';
import type { RetrievedItem } from '../retrieval.ts';
import { isUpdateQuestion } from '../datasets/updates.ts';
import { recallAtK, retrievedSessionIds, setScores } from './metrics.ts';
import { updateFigures, type UpdateFigures } from './updates-metrics.ts';

export interface EvalRow {
  readonly question_id: string;
  readonly conversation: string;
  readonly question: string;
  readonly category: string | null;
  readonly gold_sessions: readonly string[];
  /**
   * Retrieved sessions, distinct, best first (a set is ranked by its items' scores where the
   * retriever gives them, the hybrid judge's, else by cosine to the question).
   */
  readonly retrieved_sessions: readonly string[];
  /** Null where the benchmark has no retrieval ground truth (NTM). */
  readonly recall_at_k: number | null;
  readonly recall_set: number | null;
  readonly retrieval_f1: number | null;
  readonly set_size: number;
  readonly context_tokens: number;
  readonly llm_calls: number;
  readonly judge_tokens: number;
  /** Calls a judge checking every fact one by one would spend: the conversation's fact count. */
  readonly brute_force_calls: number;
  readonly ms: number;
  readonly answer: string | null;
  readonly correct: boolean | null;
  /** The memory-updates measures, for a question of that data set (updates-metrics.ts). */
  readonly update?: UpdateFigures;
}

/** A question that could not be evaluated: kept in the rows file, retried on the next run. */
export interface FailedRow {
  readonly question_id: string;
  readonly conversation: string;
  readonly question: string;
  readonly category: string | null;
  readonly error: string;
}

export interface RowFigures {
  readonly k: number;
  readonly contextTokens: number;
  readonly llmCalls: number;
  readonly judgeTokens: number;
  readonly bruteForce: number;
  readonly ms: number;
  readonly answer: string | null;
  readonly correct: boolean | null;
}

export function scoreRow(
  conversation: EvalConversation,
  question: EvalQuestion,
  items: readonly RetrievedItem[],
  f: RowFigures,
): EvalRow {
  const ranked = retrievedSessionIds(items);
  const gold = question.evidenceSessions;
  const hasGold = gold.length > 0;
  const set = setScores(ranked, gold);
  return {
    question_id: question.id,
    conversation: conversation.id,
    question: question.question,
    category: question.category ?? null,
    gold_sessions: gold,
    retrieved_sessions: ranked,
    recall_at_k: hasGold ? recallAtK(ranked, gold, f.k) : null,
    recall_set: hasGold ? set.recall : null,
    retrieval_f1: hasGold ? set.f1 : null,
    set_size: items.length,
    context_tokens: f.contextTokens,
    llm_calls: f.llmCalls,
    judge_tokens: f.judgeTokens,
    brute_force_calls: f.bruteForce,
    ms: f.ms,
    answer: f.answer,
    correct: f.correct,
    ...(isUpdateQuestion(question) ? { update: updateFigures(question, items) } : {}),
  };
}
