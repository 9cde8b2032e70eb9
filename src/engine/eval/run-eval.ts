/**
 * The evaluation loop, pure: for each conversation, build its memory once (cached across runs
 * that share a cache), prepare the method, then retrieve for each of its questions and score the
 * retrieval against the gold sessions. One row per question, handed out as it is done, so a
 * caller can append it to a file and resume later.
 */
import { cutRanking, type FlatDepth } from '../baselines/flat-hybrid.ts';
import type { EvalConversation, EvalDataset, EvalQuestion } from '../datasets/eval-model.ts';
import { buildMemory, type MemoryBuild } from '../pipeline.ts';
import type { Clock, EmbedderPort, LlmPort } from '../ports.ts';
import type { RetrievedItem } from '../retrieval.ts';
import type { FactId, SessionId, Vector } from '../types.ts';
import { cosine } from '../vector.ts';
import { checkAnswer } from './answer-check.ts';
import { memorySessions } from './memory-sessions.ts';
import { contextTokens, recallAtK, retrievedSessionIds, setScores } from './metrics.ts';
import {
  prepareMethod,
  ranksTopK,
  returnsSet,
  type EvalMethod,
  type JudgeMode,
  type TreeSettings,
} from './methods.ts';

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

/** Memories by conversation, shared by runs over the same data and models (built once). */
export type MemoryCache = Map<string, Promise<MemoryBuild>>;

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
    const sessions = memorySessions(conversation.sessions);
    const forQuestion = await prepareMethod(
      {
        conversationId: conversation.id,
        sessions,
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
    const factVectors = new Map<FactId, Vector>();
    for (const node of memory.tree.nodes.values())
      if (node.factId !== undefined) factVectors.set(node.factId, node.embedding);
    for (const question of questions) {
      options.signal?.throwIfAborted();
      const hidden = question.candidateSessions
        ? sessions.length - question.candidateSessions.length
        : 0;
      const retriever = await forQuestion(question, options.k + hidden);
      const started = clock.now();
      const result = await retriever.retrieve(
        question.question,
        options.signal ? { signal: options.signal } : {},
      );
      let items = onlyCandidates(result.items, question.candidateSessions);
      if (hidden > 0 && ranksTopK(options.method))
        items = cutRanking(
          items,
          options.k,
          options.method === 'flat-hybrid' ? (options.flatDepth ?? 'facts') : 'facts',
        );
      if (returnsSet(options.method)) {
        // The question is embedded again only when some item carries no score of its judge's.
        const scored = items.every((item) => item.score !== undefined);
        const [query] = scored
          ? []
          : await options.embedder.embed([question.question], options.signal);
        items = rankSet(items, factVectors, query);
      }
      const ms = clock.now() - started;
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
  const key = [
    options.dataset.file,
    conversation.id,
    options.embedder.id,
    options.memoryLlm?.id ?? 'extractive',
    options.seed,
  ].join('|');
  const cached = options.memoryCache?.get(key);
  if (cached) return cached;
  const built = buildMemory(memorySessions(conversation.sessions), {
    embedder: options.embedder,
    seed: options.seed,
    ...(options.memoryLlm ? { llm: options.memoryLlm } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  options.memoryCache?.set(key, built);
  return built;
}

/** Keeps only items from the question's candidate sessions (MS-TOD: earlier sessions). */
function onlyCandidates(
  items: readonly RetrievedItem[],
  candidates: readonly SessionId[] | undefined,
): RetrievedItem[] {
  if (!candidates) return [...items];
  const allowed = new Set(candidates);
  return items.flatMap((item) => {
    const sessionIds = item.sessionIds.filter((s) => allowed.has(s));
    return sessionIds.length === 0 ? [] : [{ ...item, sessionIds }];
  });
}

/**
 * Ranks a retrieved set by its items' own scores (the hybrid tree judge scores its facts), else by
 * the best cosine of their facts to the question (stable on ties; unscored items last without
 * a question vector).
 */
function rankSet(
  items: readonly RetrievedItem[],
  vectors: ReadonlyMap<FactId, Vector>,
  query: Vector | undefined,
): RetrievedItem[] {
  const score = (item: RetrievedItem) =>
    query
      ? Math.max(
          -2,
          ...(item.factIds ?? []).map((id) => {
            const v = vectors.get(id);
            return v ? cosine(v, query) : -2;
          }),
        )
      : -2;
  return items
    .map((item, i) => ({ item, i, s: item.score ?? score(item) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map(({ item, s }) => ({ ...item, score: s }));
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
