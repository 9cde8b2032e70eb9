/**
 * One explorer question: TaciTree (LLM, no-LLM hybrid or oracle judge) and the baselines over the
 * same memory, scored against the question's gold sessions (the paper's retrieval F1), with the
 * answer when an LLM is loaded. Runs wherever the engine runs (the explorer worker, tests).
 *
 * TaciTree with the LLM or the no-LLM judge and every baseline run through `grove eval`'s own
 * code (engine/eval/question-retrieval.ts, default settings, k = 5): the same file gives the
 * same retrieved sessions here and in `grove eval` (issue 13). Only the oracle differs: here it
 * is told the gold sessions and counts no calls.
 */
import type { EvalQuestion } from '../engine/datasets/eval-model.ts';
import { isAbortError } from '../engine/errors.ts';
import { JudgeUnavailableError } from './explorer-errors.ts';
import { ANSWER_MAX_TOKENS, answerPrompt } from '../engine/eval/answer-check.ts';
import type { EvalMethod, JudgeMode } from '../engine/eval/methods.ts';
import { retrievedSessionIds, setScores } from '../engine/eval/metrics.ts';
import {
  prepareConversation,
  retrieveQuestion,
  type PreparedConversation,
} from '../engine/eval/question-retrieval.ts';
import { LLM_PURPOSES } from '../engine/llm-purposes.ts';
import type { MemoryBuild } from '../engine/pipeline.ts';
import type { EmbedderPort, LlmPort } from '../engine/ports.ts';
import type { RetrievalResult } from '../engine/retrieval.ts';
import { oracleJudge } from '../engine/tree/judges.ts';
import { createTreeRetriever } from '../engine/tree/retrieve.ts';
import type { Fact, MemoryTree, Session } from '../engine/types.ts';
import type {
  ExplorerBaseline,
  ExplorerJudge,
  MethodRow,
  RunSummary,
} from './explorer-protocol.ts';

export interface MemoryContext {
  readonly conversationId: string;
  readonly sessions: readonly Session[];
  readonly memory: MemoryBuild;
  readonly facts: readonly Fact[];
  readonly tree: MemoryTree;
  readonly embedder: EmbedderPort;
  readonly llm?: LlmPort;
  /** No-LLM methods prepared so far for this memory (a baseline's corpus embedded once). */
  readonly prepared: Map<string, Promise<PreparedConversation>>;
}

export const BASELINE_LABELS: Readonly<Record<ExplorerBaseline, string>> = {
  bm25: 'BM25 over raw sessions',
  'flat-facts': 'flat facts (embedding top-5)',
  'flat-hybrid': 'flat facts (hybrid top-5: the tree judge’s scorer, no tree)',
  'rag-raw': 'RAG over raw sessions (top-5)',
  'collapsed-tree': 'collapsed tree (top-5 nodes)',
};

const K = 5;

/**
 * A method over this memory as `grove eval` prepares it. Baselines are cached (their corpus
 * embedded once); a tree walk is prepared afresh (cheap), with the LLM of this run.
 */
function prepared(ctx: MemoryContext, method: EvalMethod, mode: JudgeMode) {
  const prepare = () =>
    prepareConversation(
      {
        conversationId: ctx.conversationId,
        sessions: ctx.sessions,
        memory: ctx.memory,
        embedder: ctx.embedder,
      },
      { method, mode, k: K },
    );
  if (mode.kind !== 'none') return prepare();
  let ready = ctx.prepared.get(method);
  if (!ready) {
    ready = prepare();
    ctx.prepared.set(method, ready);
    ready.catch(() => ctx.prepared.delete(method));
  }
  return ready;
}

/** One method's result for a question, through `grove eval`'s retrieval and set ranking. */
async function evalRetrieve(
  ctx: MemoryContext,
  method: EvalMethod,
  mode: JudgeMode,
  question: EvalQuestion,
): Promise<RetrievalResult> {
  const { result, items } = await retrieveQuestion(await prepared(ctx, method, mode), question);
  return { ...result, items };
}

function treeRetrieve(
  judge: ExplorerJudge,
  ctx: MemoryContext,
  question: EvalQuestion,
): Promise<RetrievalResult> {
  if (judge === 'oracle')
    return createTreeRetriever(ctx.tree, {
      judge: oracleJudge({ sessionIds: question.evidenceSessions }),
      embedder: ctx.embedder,
    }).retrieve(question.question);
  // The no-LLM walk of `grove eval --method tacitree-embedding`: its judge is the hybrid of
  // embedding cosine and BM25 keywords.
  if (judge === 'hybrid')
    return evalRetrieve(ctx, 'tacitree-embedding', { kind: 'none' }, question);
  if (!ctx.llm) return Promise.reject(new JudgeUnavailableError());
  return evalRetrieve(ctx, 'tacitree-llm', { kind: 'llm', llm: ctx.llm }, question);
}

/**
 * The TaciTree row's method name: `grove eval`'s (tacitree-llm; tacitree-embedding walks with the
 * hybrid judge), and tacitree-oracle for the explorer's own oracle walk.
 */
const TREE_METHOD_OF: Readonly<Record<ExplorerJudge, string>> = {
  llm: 'tacitree-llm',
  hybrid: 'tacitree-embedding',
  oracle: 'tacitree-oracle',
};

export function judgeLabel(judge: ExplorerJudge, llm: LlmPort | undefined): string {
  if (judge === 'oracle') return 'TaciTree · oracle judge (told the ground truth)';
  if (judge === 'hybrid') return 'TaciTree · hybrid judge (embedding + BM25 keywords, no LLM)';
  return `TaciTree · LLM judge (${llm?.id ?? 'no LLM'})`;
}

async function answerWith(
  llm: LlmPort,
  question: string,
  result: RetrievalResult,
): Promise<string> {
  const reply = await llm.complete({
    messages: answerPrompt(question, result.items),
    maxTokens: ANSWER_MAX_TOKENS,
    temperature: 0,
    purpose: LLM_PURPOSES.answer,
  });
  return reply.text.trim();
}

async function row(
  method: string,
  label: string,
  question: EvalQuestion,
  retrieve: () => Promise<RetrievalResult>,
  llm: LlmPort | undefined,
): Promise<{ row: MethodRow; result?: RetrievalResult }> {
  const gold = question.evidenceSessions.map(String);
  const started = performance.now();
  try {
    const result = await retrieve();
    const ms = performance.now() - started;
    const retrieved = retrievedSessionIds(result.items).map(String);
    const scores = setScores(retrieved, gold);
    const answer = llm ? await answerWith(llm, question.question, result) : undefined;
    return {
      result,
      row: {
        method,
        label,
        retrievedSessions: retrieved,
        goldSessions: gold,
        ...scores,
        contextTokens: result.contextTokens,
        llmCalls: result.llmCalls,
        judgeTokens: result.judgeTokens,
        items: result.items.length,
        ms,
        ...(answer !== undefined ? { answer } : {}),
      },
    };
  } catch (error) {
    if (isAbortError(error)) throw error; // a cancelled run is no method's failure
    const message = error instanceof Error ? error.message : String(error);
    const empty = {
      precision: 0,
      recall: 0,
      f1: 0,
      contextTokens: 0,
      llmCalls: 0,
      judgeTokens: 0,
      items: 0,
    };
    return {
      row: {
        method,
        label,
        retrievedSessions: [],
        goldSessions: gold,
        ...empty,
        ms: 0,
        error: message,
      },
    };
  }
}

export async function runQuestion(
  ctx: MemoryContext,
  question: EvalQuestion,
  options: { judge: ExplorerJudge; baselines: readonly ExplorerBaseline[]; answer: boolean },
): Promise<Omit<RunSummary, 'question'>> {
  const answerLlm = options.answer ? ctx.llm : undefined;
  const tree = await row(
    TREE_METHOD_OF[options.judge],
    judgeLabel(options.judge, ctx.llm),
    question,
    () => treeRetrieve(options.judge, ctx, question),
    answerLlm,
  );
  const rows: MethodRow[] = [tree.row];
  for (const name of options.baselines) {
    rows.push(
      (
        await row(
          name,
          BASELINE_LABELS[name],
          question,
          () => evalRetrieve(ctx, name, { kind: 'none' }, question),
          answerLlm,
        )
      ).row,
    );
  }
  return {
    judge: options.judge,
    rows,
    traversal: tree.result?.events ?? [],
    bruteForceCalls: ctx.facts.length,
  };
}
