/**
 * One explorer question: TaciTree (LLM, no-LLM hybrid or oracle judge) and the baselines over the
 * same memory, scored against the question's gold sessions (the paper's retrieval F1), with the
 * answer when an LLM is loaded. Runs wherever the engine runs (the explorer worker, tests).
 */
import { createBaseline } from '../../engine/baselines/index.ts';
import type { EvalQuestion } from '../../engine/datasets/eval-model.ts';
import { ANSWER_MAX_TOKENS, answerPrompt } from '../../engine/eval/answer-check.ts';
import { retrievedSessionIds, setScores } from '../../engine/eval/metrics.ts';
import { LLM_PURPOSES } from '../../engine/llm-purposes.ts';
import type { EmbedderPort, LlmPort } from '../../engine/ports.ts';
import type { RetrievalResult, Retriever } from '../../engine/retrieval.ts';
import { llmNodeJudge, noLlmJudge, oracleJudge, type NodeJudge } from '../../engine/tree/judges.ts';
import { createTreeRetriever } from '../../engine/tree/retrieve.ts';
import type { Fact, MemoryTree, Session } from '../../engine/types.ts';
import type {
  ExplorerBaseline,
  ExplorerJudge,
  MethodRow,
  RunSummary,
} from './explorer-protocol.ts';

export interface MemoryContext {
  readonly sessions: readonly Session[];
  readonly facts: readonly Fact[];
  readonly tree: MemoryTree;
  readonly embedder: EmbedderPort;
  readonly llm?: LlmPort;
  /** Baselines built so far for this memory (their corpus embedded once). */
  readonly baselines: Map<ExplorerBaseline, Promise<Retriever>>;
}

export class JudgeUnavailableError extends Error {
  override readonly name = 'JudgeUnavailableError';
  constructor() {
    super(
      'The LLM judge needs a loaded LLM: load a model in Settings, or pick the no-LLM judge (hybrid: embedding + keywords).',
    );
  }
}

export const BASELINE_LABELS: Readonly<Record<ExplorerBaseline, string>> = {
  bm25: 'BM25 over raw sessions',
  'fact-rag': 'flat facts (embedding top-5)',
  'fact-hybrid': 'flat facts (hybrid top-5: the tree judge’s scorer, no tree)',
  'raw-rag': 'RAG over raw sessions (top-5)',
  'collapsed-tree': 'collapsed tree (top-5 nodes)',
};

function judgeFor(judge: ExplorerJudge, ctx: MemoryContext, question: EvalQuestion): NodeJudge {
  if (judge === 'oracle') return oracleJudge({ sessionIds: question.evidenceSessions });
  // 'embedding' is the no-LLM choice (the value predates the hybrid): the engine's default no-LLM
  // judge, the hybrid of embedding cosine and BM25 keywords, as the chat uses without an LLM.
  if (judge === 'embedding') return noLlmJudge();
  if (!ctx.llm) throw new JudgeUnavailableError();
  return llmNodeJudge(ctx.llm);
}

export function judgeLabel(judge: ExplorerJudge, llm: LlmPort | undefined): string {
  if (judge === 'oracle') return 'TaciTree · oracle judge (told the ground truth)';
  if (judge === 'embedding') return 'TaciTree · hybrid judge (embedding + BM25 keywords, no LLM)';
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
    `tacitree-${options.judge}`,
    judgeLabel(options.judge, ctx.llm),
    question,
    () =>
      createTreeRetriever(ctx.tree, {
        judge: judgeFor(options.judge, ctx, question),
        embedder: ctx.embedder,
      }).retrieve(question.question),
    answerLlm,
  );
  const rows: MethodRow[] = [tree.row];
  for (const name of options.baselines) {
    let retriever = ctx.baselines.get(name);
    if (!retriever) {
      retriever = createBaseline(name, {
        sessions: ctx.sessions,
        facts: ctx.facts,
        tree: ctx.tree,
        embedder: ctx.embedder,
        k: 5,
      });
      ctx.baselines.set(name, retriever);
      retriever.catch(() => ctx.baselines.delete(name));
    }
    const built = retriever;
    rows.push(
      (
        await row(
          name,
          BASELINE_LABELS[name],
          question,
          async () => (await built).retrieve(question.question),
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
