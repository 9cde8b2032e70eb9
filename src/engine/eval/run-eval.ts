/**
 * The evaluation loop, pure: for each conversation, build its memory once (cached across runs
 * that share a cache), prepare the method, then retrieve for each of its questions and score the
 * retrieval against the gold sessions. One row per question, handed out as it is done, so a
 * caller can append it to a file and resume later.
 */
import type { FlatDepth } from '../baselines/flat-hybrid.ts';
import type { EvalConversation, EvalDataset, EvalQuestion } from '../datasets/eval-model.ts';
import type { MemoryBuild } from '../pipeline.ts';
import type { Clock, EmbedderPort, LlmPort } from '../ports.ts';
import type { RetrievedItem } from '../retrieval.ts';
import { checkAnswer } from './answer-check.ts';
import { cachedMemory, type MemoryCache } from './conversation-memory.ts';
import { memorySessions } from './memory-sessions.ts';
import { contextTokens, recallAtK, retrievedSessionIds, setScores } from './metrics.ts';
import type { EvalMethod, JudgeMode, TreeSettings } from './methods.ts';
import { prepareConversation, retrieveQuestion } from './question-retrieval.ts';

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
}

export type { MemoryCache } from './conversation-memory.ts';

export interface RunEvalOptions {
  readonly dataset: EvalDataset;
  readonly method: EvalMethod;
  readonly mode: JudgeMode;
  readonly embedder: EmbedderPort;
  /** Extracts facts and writes summaries; without it, extractive facts (the no-LLM mode). */
  readonly memoryLlm?: LlmPort;
  /** Answers and judges correctness: only given for a real LLM. */
  readonly answerLlm?: LlmPort;
  readonly k: number;
  readonly limit?: number;
  readonly seed: number;
  readonly tree?: TreeSettings;
  /** flat-hybrid: whether k counts facts (default) or distinct sessions. */
  readonly flatDepth?: FlatDepth;
  /** Question ids already done (resuming): skipped, and their conversations not built. */
  readonly done?: ReadonlySet<string>;
  readonly memoryCache?: MemoryCache;
  readonly onRow?: (row: EvalRow) => void | Promise<void>;
  readonly onProgress?: (done: number, total: number) => void;
  readonly clock?: Clock;
  readonly signal?: AbortSignal;
}

export interface EvalRunResult {
  /** The questions selected (after --limit), done before or now. */
  readonly selected: readonly EvalQuestion[];
  readonly rows: readonly EvalRow[];
}

/** The questions a run covers: dataset order, the first `limit`. */
export function selectQuestions(dataset: EvalDataset, limit?: number): EvalQuestion[] {
  const all = dataset.conversations.flatMap((c) => c.questions);
  return limit === undefined ? all : all.slice(0, Math.max(0, limit));
}

const systemClock: Clock = { now: () => Date.now() };

export async function runEval(options: RunEvalOptions): Promise<EvalRunResult> {
  const selected = selectQuestions(options.dataset, options.limit);
  const wanted = new Set(selected.map((q) => q.id));
  const done = options.done ?? new Set<string>();
  const todo = selected.filter((q) => !done.has(q.id));
  const rows: EvalRow[] = [];
  const clock = options.clock ?? systemClock;
  let progress = selected.length - todo.length;
  options.onProgress?.(progress, selected.length);
  for (const conversation of options.dataset.conversations) {
    const questions = conversation.questions.filter((q) => wanted.has(q.id) && !done.has(q.id));
    if (questions.length === 0) continue;
    const memory = await memoryOf(conversation, options);
    const prepared = await prepareConversation(
      {
        conversationId: conversation.id,
        sessions: memorySessions(conversation.sessions),
        memory,
        embedder: options.embedder,
        ...(conversation.sessionSummaries
          ? { datasetSummaries: conversation.sessionSummaries }
          : {}),
      },
      {
        method: options.method,
        mode: options.mode,
        k: options.k,
        ...(options.tree ? { tree: options.tree } : {}),
        ...(options.flatDepth ? { flatDepth: options.flatDepth } : {}),
      },
    );
    for (const question of questions) {
      options.signal?.throwIfAborted();
      const { result, items, ms } = await retrieveQuestion(prepared, question, {
        clock,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const check =
        options.answerLlm && question.answer !== undefined
          ? await checkAnswer(
              options.answerLlm,
              question.question,
              question.answer,
              items,
              options.signal,
            )
          : undefined;
      const row = scoreRow(conversation, question, items, {
        k: options.k,
        contextTokens: contextTokens(items),
        llmCalls: result.llmCalls,
        judgeTokens: result.judgeTokens,
        bruteForce: memory.tree.facts.size,
        ms,
        answer: check?.response ?? null,
        correct: check ? check.correct : null,
      });
      rows.push(row);
      await options.onRow?.(row);
      options.onProgress?.(++progress, selected.length);
    }
  }
  return { selected, rows };
}

function memoryOf(conversation: EvalConversation, options: RunEvalOptions): Promise<MemoryBuild> {
  return cachedMemory(options.dataset.file, conversation, {
    embedder: options.embedder,
    seed: options.seed,
    cache: options.memoryCache,
    ...(options.memoryLlm ? { llm: options.memoryLlm } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

interface RowFigures {
  readonly k: number;
  readonly contextTokens: number;
  readonly llmCalls: number;
  readonly judgeTokens: number;
  readonly bruteForce: number;
  readonly ms: number;
  readonly answer: string | null;
  readonly correct: boolean | null;
}

function scoreRow(
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
  };
}
