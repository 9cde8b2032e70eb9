/**
 * TaciTree retrieval: walk the tree from the roots, let a judge keep or prune each node, and
 * descend only into kept nodes, so whole irrelevant subtrees cost nothing. Every step is
 * emitted as a traversal event. A judge that ranks facts (the hybrid) also orders the result.
 */
import { contextTokens } from '../eval/metrics.ts';
import type { EmbedderPort, Tokenizer } from '../ports.ts';
import type {
  RetrievalResult,
  RetrievedItem,
  RetrieveOptions,
  Retriever,
  TraversalEvent,
} from '../retrieval.ts';
import { approximateTokenizer } from '../tokens.ts';
import type { Fact, FactId, MemoryTree, TreeNode, Vector } from '../types.ts';
import { cosine } from '../vector.ts';
import { noLlmJudge, type JudgeContext, type NodeJudge, type NodeVerdict } from './judges.ts';
import type { SessionTexts } from './lexicon.ts';
import { cutRankedSet, type SetCut } from './set-cut.ts';
import { factsUnder, nodeOf, roots, sessionsOf } from './subtree.ts';

export interface TreeRetrieverOptions {
  readonly judge: NodeJudge;
  /** Embeds the question: needed by the no-LLM judges and by both fallbacks. */
  readonly embedder?: EmbedderPort;
  /** Most LLM calls one retrieval may spend; the rest of the walk uses `budgetFallback`. */
  readonly maxCalls?: number;
  /** `collect`: all facts under kept leaf summaries (the paper). `judge`: judge those facts too. */
  readonly leafMode?: 'collect' | 'judge';
  /** Hand the answerer the facts, or the kept leaf summaries instead (fewer tokens). */
  readonly contextUnit?: 'facts' | 'summaries';
  /** Facts closest to the question returned when the walk keeps nothing (0 disables). */
  readonly fallbackK?: number;
  /** Judges the rest of the walk once `maxCalls` is spent (default: the no-LLM hybrid judge). */
  readonly budgetFallback?: NodeJudge;
  readonly tokenizer?: Tokenizer;
  /**
   * Most context tokens the walk hands the answerer, when its judge ranks facts: the ranked set
   * is cut after the last item that fits (the first item always stays). Default
   * `DEFAULT_CONTEXT_BUDGET`; `Infinity` keeps the whole set.
   */
  readonly maxContextTokens?: number;
  /** The transcripts of the tree's sessions, for the judges' lexical evidence (lexicon.ts). */
  readonly sessionTexts?: SessionTexts;
  /** Where a ranked set ends before the token cap (set-cut.ts; default `SET_CUT`). */
  readonly setCut?: SetCut;
}

/**
 * What a ranked walk hands the answerer at most: room for a small on-device model's 4k context
 * with the prompt, the conversation and the reply (the no-LLM walk hands 530 tokens on average on
 * LoCoMo dev with it, 770 without, at beam 4). recall@5 does not move with it: the top five
 * sessions come early in the ranking (81.94 at 500, 550 and 600 tokens).
 */
export const DEFAULT_CONTEXT_BUDGET = 550;

export function createTreeRetriever(tree: MemoryTree, options: TreeRetrieverOptions): Retriever {
  return {
    name: `tacitree:${options.judge.name}`,
    retrieve: (question, retrieveOptions) =>
      walkTree(tree, question, options, retrieveOptions ?? {}),
  };
}

async function walkTree(
  tree: MemoryTree,
  question: string,
  options: TreeRetrieverOptions,
  { signal, onEvent }: RetrieveOptions,
): Promise<RetrievalResult> {
  const { judge } = options;
  const maxCalls = options.maxCalls ?? Number.POSITIVE_INFINITY;
  const budgetFallback = options.budgetFallback ?? noLlmJudge();
  const leafMode = options.leafMode ?? 'collect';
  const events: TraversalEvent[] = [];
  const emit = (event: TraversalEvent) => {
    events.push(event);
    onEvent?.(event);
  };
  signal?.throwIfAborted();
  const queryVector = options.embedder
    ? (await options.embedder.embed([question], signal))[0]
    : undefined;
  const ctx: JudgeContext = {
    question,
    tree,
    ...(queryVector ? { queryVector } : {}),
    ...(options.sessionTexts ? { sessionTexts: options.sessionTexts } : {}),
    ...(signal ? { signal } : {}),
  };

  let calls = 0;
  let judgeTokens = 0;
  let budgetSpent = false;
  const selected = new Map<FactId, Fact>();
  const keptLeaves: TreeNode[] = [];
  let groups: TreeNode[][] = [roots(tree).map((id) => nodeOf(tree, id))].filter(
    (g) => g.length > 0,
  );

  while (groups.length > 0) {
    const next: TreeNode[][] = [];
    for (const unit of judgingUnits(judge, orderByPromise(groups, queryVector))) {
      signal?.throwIfAborted();
      for (const node of unit.flat()) emit({ type: 'visit', node: node.id, level: node.level });
      const cost = judge.callsFor(unit);
      let verdicts: NodeVerdict[];
      if (calls + cost <= maxCalls) {
        verdicts = await judge.judge(unit, ctx);
        calls += cost;
      } else {
        if (!budgetSpent) emit({ type: 'budget-exhausted', calls });
        budgetSpent = true;
        verdicts = queryVector
          ? await budgetFallback.judge(unit, ctx)
          : unit
              .flat()
              .map((node) => ({ node, keep: false, reason: 'call budget exhausted', tokens: 0 }));
      }
      for (const v of verdicts) {
        judgeTokens += v.tokens;
        emit({
          type: v.keep ? 'keep' : 'prune',
          node: v.node.id,
          level: v.node.level,
          ...(v.score !== undefined ? { score: v.score } : {}),
          reason: v.reason,
          tokens: v.tokens,
          calls,
        });
        if (!v.keep) continue;
        const node = v.node;
        if (node.level === 0 || (node.level === 1 && leafMode === 'collect')) {
          if (node.level === 1) keptLeaves.push(node);
          for (const fact of factsUnder(tree, node.id)) select(fact, node);
        } else {
          next.push(node.children.map((id) => nodeOf(tree, id)));
        }
      }
    }
    groups = next;
  }

  function select(fact: Fact, from: TreeNode) {
    if (selected.has(fact.id)) return;
    selected.set(fact.id, fact);
    emit({ type: 'select', node: from.id, level: from.level, factId: fact.id });
  }

  let items: RetrievedItem[];
  if (selected.size === 0) {
    items = fallbackFacts(tree, queryVector, options.fallbackK ?? 6, emit).map(factItem);
  } else if (options.contextUnit === 'summaries' && keptLeaves.length > 0) {
    const coveredByLeaves = new Set(
      keptLeaves.flatMap((leaf) => factsUnder(tree, leaf.id)).map((f) => f.id),
    );
    items = [
      ...keptLeaves.map((leaf) => summaryItem(tree, leaf)),
      ...[...selected.values()].filter((f) => !coveredByLeaves.has(f.id)).map(factItem),
    ];
  } else {
    items = [...selected.values()].map(factItem);
  }
  const tokenizer = options.tokenizer ?? approximateTokenizer;
  if (judge.scoreFacts && items.length > 0) {
    items = rankItems(items, tree, judge, ctx);
    const cut = cutRankedSet(items, options.setCut ?? judge.setCut?.(ctx));
    if (cut.reason !== undefined)
      emit({
        type: 'trim',
        kept: cut.items.length,
        dropped: items.length - cut.items.length,
        reason: cut.reason,
      });
    items = cut.items;
    items = withinBudget(
      items,
      options.maxContextTokens ?? DEFAULT_CONTEXT_BUDGET,
      tokenizer,
      emit,
    );
  }
  emit({ type: 'done', selected: items.length, calls, tokens: judgeTokens });
  return {
    items,
    contextTokens: contextTokens(items, tokenizer),
    llmCalls: calls,
    judgeTokens,
    events,
  };
}

/** Spend the budget on the most promising subtrees first, when the question is embedded. */
function orderByPromise(groups: TreeNode[][], query: Vector | undefined): TreeNode[][] {
  if (!query) return groups;
  const best = (g: TreeNode[]) => Math.max(...g.map((n) => cosine(n.embedding, query)));
  return groups
    .map((g) => ({ g, score: best(g) }))
    .sort((a, b) => b.score - a.score)
    .map(({ g }) => g);
}

function judgingUnits(judge: NodeJudge, groups: TreeNode[][]): TreeNode[][][] {
  if (judge.unit === 'level') return [groups];
  if (judge.unit === 'group') return groups.map((g) => [g]);
  return groups.flatMap((g) => g.map((node) => [[node]]));
}

/**
 * What a walk that kept nothing returns: the `k` facts whose embeddings are closest (cosine) to
 * the question, with a 'fallback' event that says why, and how many it returns.
 */
function fallbackFacts(
  tree: MemoryTree,
  query: Vector | undefined,
  k: number,
  emit: (e: TraversalEvent) => void,
): Fact[] {
  const leaves = (tree.levels[0] ?? []).map((id) => nodeOf(tree, id));
  if (tree.facts.size === 0 || leaves.length === 0) {
    emit({ type: 'fallback', reason: 'the memory holds no facts yet' });
    return [];
  }
  if (!query || k <= 0) {
    emit({ type: 'fallback', reason: 'no memory was judged relevant' });
    return [];
  }
  const closest = leaves
    .map((node) => ({ node, score: cosine(node.embedding, query) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .flatMap(({ node }) => {
      const fact = node.factId !== undefined ? tree.facts.get(node.factId) : undefined;
      return fact ? [{ node, fact }] : [];
    });
  const n = closest.length;
  emit({
    type: 'fallback',
    reason: `no memory was judged relevant: returning the ${n === 1 ? 'fact' : `${n} facts`} closest to the question`,
  });
  for (const { node, fact } of closest)
    emit({ type: 'select', node: node.id, level: 0, factId: fact.id });
  return closest.map(({ fact }) => fact);
}

/**
 * Orders the items by the judge's fact scores, best first (ties keep the walk's order), each
 * carrying its score: a summary item scores as its best fact.
 */
function rankItems(
  items: readonly RetrievedItem[],
  tree: MemoryTree,
  judge: NodeJudge,
  ctx: JudgeContext,
): RetrievedItem[] {
  const facts = [
    ...new Set(items.flatMap((item) => item.factIds ?? []).map((id) => tree.facts.get(id))),
  ].filter((f): f is Fact => f !== undefined);
  const scores = judge.scoreFacts?.(facts, ctx) ?? [];
  const scoreOf = new Map(facts.map((f, i) => [f.id, scores[i] ?? 0]));
  return items
    .map((item, i) => ({
      item,
      i,
      score: Math.max(...(item.factIds ?? []).map((id) => scoreOf.get(id) ?? -Infinity)),
    }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ item, score }) => (Number.isFinite(score) ? { ...item, score } : item));
}

/** The best-ranked items that fit in `budget` context tokens (at least one), with a 'trim' event. */
function withinBudget(
  items: readonly RetrievedItem[],
  budget: number,
  tokenizer: Tokenizer,
  emit: (e: TraversalEvent) => void,
): RetrievedItem[] {
  let spent = 0;
  let kept = 0;
  for (const item of items) {
    const tokens = contextTokens([item], tokenizer);
    if (kept > 0 && spent + tokens > budget) break;
    spent += tokens;
    kept++;
  }
  if (kept < items.length)
    emit({
      type: 'trim',
      kept,
      dropped: items.length - kept,
      reason: `context budget of ${budget} tokens: the ${items.length - kept} lowest-ranked facts left out`,
    });
  return items.slice(0, kept);
}

function factItem(fact: Fact): RetrievedItem {
  return { id: fact.id, text: fact.text, sessionIds: sessionsOf([fact]), factIds: [fact.id] };
}

function summaryItem(tree: MemoryTree, leaf: TreeNode): RetrievedItem {
  const facts = factsUnder(tree, leaf.id);
  return {
    id: leaf.id,
    text: leaf.text,
    sessionIds: sessionsOf(facts),
    factIds: facts.map((f) => f.id),
  };
}
