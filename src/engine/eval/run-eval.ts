/**
 * The evaluation loop, pure: for each conversation, build its memory once (cached across runs
 * that share a cache), prepare the method, then retrieve for each of its questions and score the
 * retrieval against the gold sessions. One row per question, handed out in question order, so a
 * caller can append it to a file and resume later.
 *
 * Questions run `concurrency` at a time (default 1): a conversation is built when its first
 * question starts, and its other questions wait for that one build. Rows (and the returned
 * lists) keep the dataset's question order whatever order the questions finish in. A question
 * that throws (the LLM still failing after its retries, say: a judge's failed call throws), or
 * during which a watched model call failed (`calls`), becomes a failed row, handed out in its
 * place: recorded, retried by the next run, never dropped. Only cancellation throws.
 */
import type { FlatDepth } from '../baselines/flat-hybrid.ts';
import type { EvalConversation, EvalDataset, EvalQuestion } from '../datasets/eval-model.ts';
import type { MemoryBuild } from '../pipeline.ts';
import type { Clock, EmbedderPort, LlmPort } from '../ports.ts';
import { mapLimitedInOrder } from '../concurrency/map-limited.ts';
import { errorMessage, isAbortError } from '../errors.ts';
import { checkAnswer } from './answer-check.ts';
import { scoreRow, type EvalRow, type FailedRow } from './eval-row.ts';
import { cachedMemory, type MemoryCache } from './conversation-memory.ts';
import { memorySessions } from './memory-sessions.ts';
import { contextTokens } from './metrics.ts';
import type { EvalMethod, JudgeMode, TreeSettings } from './methods.ts';
import { throwIfCallsFailed, type CallWatch } from './watched-llm.ts';
import {
  prepareConversation,
  retrieveQuestion,
  type PreparedConversation,
} from './question-retrieval.ts';

export type { EvalRow, FailedRow } from './eval-row.ts';
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
  /** See BuildOptions.largeLevel. */
  readonly largeLevel?: number;
  readonly tree?: TreeSettings;
  /** flat-hybrid: whether k counts facts (default) or distinct sessions. */
  readonly flatDepth?: FlatDepth;
  /** Question ids already done (resuming): skipped, and their conversations not built. */
  readonly done?: ReadonlySet<string>;
  readonly memoryCache?: MemoryCache;
  readonly onRow?: (row: EvalRow) => void | Promise<void>;
  /** A question that failed, in its place among the rows. */
  readonly onFailure?: (failure: FailedRow) => void | Promise<void>;
  readonly onProgress?: (done: number, total: number) => void;
  /** Questions evaluated at once (default 1). */
  readonly concurrency?: number;
  /**
   * The run's LLM failures (watched-llm.ts): a question, or a conversation's build, during which
   * a model call failed is a failed row, whatever fallback the engine step took.
   */
  readonly calls?: CallWatch;
  readonly clock?: Clock;
  readonly signal?: AbortSignal;
}

export interface EvalRunResult {
  /** The questions selected (after --limit), done before or now. */
  readonly selected: readonly EvalQuestion[];
  readonly rows: readonly EvalRow[];
  /** The questions that failed this time, in question order. */
  readonly failed: readonly FailedRow[];
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
  const todo = options.dataset.conversations.flatMap((conversation) =>
    conversation.questions
      .filter((q) => wanted.has(q.id) && !done.has(q.id))
      .map((question) => ({ conversation, question })),
  );
  const rows: EvalRow[] = [];
  const failed: FailedRow[] = [];
  let progress = selected.length - todo.length;
  options.onProgress?.(progress, selected.length);
  const prepared = new Map<string, Promise<PreparedConversation>>();
  const prepare = (conversation: EvalConversation) => {
    let ready = prepared.get(conversation.id);
    if (!ready) {
      ready = prepareOf(conversation, options);
      ready.catch(() => undefined); // each question awaits it; the failure becomes their rows
      prepared.set(conversation.id, ready);
    }
    return ready;
  };
  await mapLimitedInOrder(
    todo,
    options.concurrency ?? 1,
    async ({ conversation, question }) => {
      const outcome = await evaluateQuestion(conversation, question, prepare, options);
      options.onProgress?.(++progress, selected.length);
      return outcome;
    },
    async (result) => {
      if ('error' in result) {
        failed.push(result);
        await options.onFailure?.(result);
      } else {
        rows.push(result);
        await options.onRow?.(result);
      }
    },
    options.signal,
  );
  return { selected, rows, failed };
}

/** One question's row, or its failed row; throws only when cancelled. */
async function evaluateQuestion(
  conversation: EvalConversation,
  question: EvalQuestion,
  prepare: (conversation: EvalConversation) => Promise<PreparedConversation>,
  options: RunEvalOptions,
): Promise<EvalRow | FailedRow> {
  const mark = options.calls?.mark() ?? 0;
  try {
    options.signal?.throwIfAborted();
    const prepared = await prepare(conversation);
    const { result, items, ms } = await retrieveQuestion(prepared, question, {
      clock: options.clock ?? systemClock,
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
    throwIfCallsFailed(options.calls, mark);
    return scoreRow(conversation, question, items, {
      k: options.k,
      contextTokens: contextTokens(items),
      llmCalls: result.llmCalls,
      judgeTokens: result.judgeTokens,
      bruteForce: prepared.ctx.memory.tree.facts.size,
      ms,
      answer: check?.response ?? null,
      correct: check ? check.correct : null,
    });
  } catch (error) {
    if (options.signal?.aborted || isAbortError(error)) throw error;
    return {
      question_id: question.id,
      conversation: conversation.id,
      question: question.question,
      category: question.category ?? null,
      error: errorMessage(error),
    };
  }
}

/** A conversation's memory and the method prepared over it. */
async function prepareOf(
  conversation: EvalConversation,
  options: RunEvalOptions,
): Promise<PreparedConversation> {
  const mark = options.calls?.mark() ?? 0;
  const memory = await memoryOf(conversation, options);
  // A failed extraction or summary call leaves a memory that is not the method's: not scored.
  throwIfCallsFailed(options.calls, mark);
  return prepareConversation(
    {
      conversationId: conversation.id,
      sessions: memorySessions(conversation.sessions),
      memory,
      embedder: options.embedder,
      ...(conversation.sessionSummaries ? { datasetSummaries: conversation.sessionSummaries } : {}),
    },
    {
      method: options.method,
      mode: options.mode,
      k: options.k,
      ...(options.tree ? { tree: options.tree } : {}),
      ...(options.flatDepth ? { flatDepth: options.flatDepth } : {}),
    },
  );
}

function memoryOf(conversation: EvalConversation, options: RunEvalOptions): Promise<MemoryBuild> {
  return cachedMemory(options.dataset.file, conversation, {
    embedder: options.embedder,
    seed: options.seed,
    ...(options.largeLevel === undefined ? {} : { largeLevel: options.largeLevel }),
    cache: options.memoryCache,
    ...(options.memoryLlm ? { llm: options.memoryLlm } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
