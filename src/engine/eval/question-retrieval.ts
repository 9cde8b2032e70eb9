/**
 * One method over one conversation, then one question at a time: what `grove eval` scores and
 * what the explorer shows, from the same code. A question's items are those of its candidate
 * sessions (MS-TOD), a top-k method keeps its k best, and a set (a tree walk) is ranked by the
 * scores its judge gave its items, else by the best cosine of their facts to the question.
 */
import { cutRanking } from '../baselines/flat-hybrid.ts';
import type { EvalQuestion } from '../datasets/eval-model.ts';
import type { Clock } from '../ports.ts';
import type { RetrievalResult, RetrievedItem, Retriever } from '../retrieval.ts';
import type { FactId, SessionId, Vector } from '../types.ts';
import { cosine } from '../vector.ts';
import { datedItem, timeAwareItems } from '../lifetime/time-context.ts';
import {
  prepareMethod,
  rankingDepth,
  ranksTopK,
  returnsSet,
  type ConversationContext,
  type MethodOptions,
} from './methods.ts';

export interface PreparedConversation {
  readonly ctx: ConversationContext;
  readonly options: MethodOptions;
  readonly forQuestion: (question: EvalQuestion, k: number) => Promise<Retriever>;
  readonly factVectors: ReadonlyMap<FactId, Vector>;
}

export async function prepareConversation(
  ctx: ConversationContext,
  options: MethodOptions,
): Promise<PreparedConversation> {
  const forQuestion = await prepareMethod(ctx, options);
  const factVectors = new Map<FactId, Vector>();
  for (const node of ctx.memory.tree.nodes.values())
    if (node.factId !== undefined) factVectors.set(node.factId, node.embedding);
  return { ctx, options, forQuestion, factVectors };
}

export interface QuestionRetrieval {
  readonly result: RetrievalResult;
  /** The items scored: candidates only, cut to k or ranked as a set (see the file comment). */
  readonly items: RetrievedItem[];
  /** Retrieval and ranking time by the clock given (the retriever's preparation excluded). */
  readonly ms: number;
}

const systemClock: Clock = { now: () => Date.now() };

export async function retrieveQuestion(
  prepared: PreparedConversation,
  question: EvalQuestion,
  options: { readonly signal?: AbortSignal; readonly clock?: Clock } = {},
): Promise<QuestionRetrieval> {
  const { method, k, flatDepth } = prepared.options;
  const clock = options.clock ?? systemClock;
  const hidden = question.candidateSessions
    ? prepared.ctx.sessions.length - question.candidateSessions.length
    : 0;
  const retriever = await prepared.forQuestion(question, k + hidden);
  const started = clock.now();
  const result = await retriever.retrieve(
    question.question,
    options.signal ? { signal: options.signal } : {},
  );
  let items = onlyCandidates(result.items, question.candidateSessions);
  if (hidden > 0 && ranksTopK(method))
    items = cutRanking(items, k, rankingDepth(method, flatDepth));
  if (returnsSet(method)) {
    // The question is embedded again only when some item carries no score of its judge's.
    const scored = items.every((item) => item.score !== undefined);
    const [query] = scored
      ? []
      : await prepared.ctx.embedder.embed([question.question], options.signal);
    items = rankSet(items, prepared.factVectors, query);
  }
  items = withTime(prepared, question.question, items);
  return { result, items, ms: clock.now() - started };
}

/**
 * Dates on every method's items; the tree walks (Grove's memory) also bring the asker's facts on
 * the asked attribute, in the order the question's time asks for (engine/lifetime), as the chat does.
 */
function withTime(
  prepared: PreparedConversation,
  question: string,
  items: readonly RetrievedItem[],
): RetrievedItem[] {
  const options = {
    facts: prepared.ctx.memory.tree.facts,
    sessionTimes: new Map(prepared.ctx.sessions.map((s) => [s.id, s.time])),
  };
  return prepared.options.method.startsWith('tacitree-')
    ? timeAwareItems(question, items, options)
    : items.map((item) => datedItem(item, options));
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
