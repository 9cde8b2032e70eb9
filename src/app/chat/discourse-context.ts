/**
 * Context-Agent in the chat (guide §1.2): each user turn is routed through the conversation's
 * topic forest before the reply, and the LLM sees the selected context (the active path, one
 * system line of other topics' summaries, the question) instead of the linear history. That
 * routing makes no LLM call, so the reply starts sooner; after the reply the model's decisions
 * place the round in the forest (engine/discourse/reply-first.ts). A task turn (task-assist.ts) is routed and committed
 * the same way, its task reply being the round's answer (its wording is not changed by the
 * routing). Turns are serialised: a turn is routed only once the previous one is committed. Any
 * routing failure is shown under the reply, and the chat falls back to the linear history for
 * that turn.
 */
import {
  discourseDeps,
  routeForReply,
  settleTurn,
  type DiscourseDeps,
  type DiscourseState,
  type RoutedTurn,
} from '../../engine/discourse/index.ts';
import type {
  ChatMessage,
  CompletionRequest,
  EmbedderPort,
  LlmPort,
  Tokenizer,
} from '../../engine/ports.ts';
import { approximateTokenizer } from '../../engine/tokens.ts';
import type { RetrievedItem } from '../../engine/retrieval.ts';
import type { GroveStore } from '../../state/store.ts';
import { emptyTopics, type TopicPlacement, type TopicTurn } from '../../state/topics-slice.ts';
import { answerRequest } from './reply.ts';
import { taskDialogueDecider } from './task-topic-decider.ts';

/** One routed turn: builds the reply request, then commits (or drops) the round. */
export interface TopicTurnHandle {
  readonly routed: RoutedTurn;
  /** The answer request with the selected context in place of the linear history. */
  request(memories: readonly RetrievedItem[] | null, signal?: AbortSignal): CompletionRequest;
  /**
   * Commits the round from the reply as it stands in the store: its text when a model wrote it
   * or `keepReplyText` says it is part of the conversation whoever wrote it (a task reply), ''
   * otherwise in no-LLM mode (the memory-only notice is not part of the conversation), nothing
   * when it failed. Never throws.
   */
  finish(options?: FinishOptions): Promise<void>;
}

export interface FinishOptions {
  /** Commit the reply's text even in no-LLM mode (a task reply is what the user was told). */
  readonly keepReplyText?: boolean;
}

export interface RouteOptions {
  /**
   * The turn answers the open task dialogue: it stays in the active topic and continues its path
   * (task-topic-decider.ts) instead of being judged by its words.
   */
  readonly answersTask?: boolean;
}

export interface TopicRouter {
  /** Routes a user turn; null when it could not be routed (the chat then sends the history). */
  route(
    replyId: string,
    text: string,
    llm: LlmPort | undefined,
    options?: RouteOptions,
  ): Promise<TopicTurnHandle | null>;
}

/**
 * Most tokens of the active path's messages, and of the other topics' summaries, the reply prompt
 * carries. With the memories (engine DEFAULT_CONTEXT_BUDGET, 550, plus their dates) the prompt
 * stays near 1,000 tokens however long the conversation grows: on a typical laptop GPU its
 * prefill is about 2.5 s of the reply's wait (`grove bench turn-cost`,
 * engine/cost/device-profiles.ts). 280 keeps the last round whole (a question and a 150-token
 * reply) and the question before it; 400 put the balanced turn's p95 first token 0.25 s further
 * out (issue 25). The most recent messages and the most recent summary lines stay.
 */
export const PATH_CONTEXT_TOKENS = 280;
export const SUMMARY_CONTEXT_TOKENS = 60;

/**
 * Merges the selected context into the answer prompt: the discourse summaries join the one
 * system message (chat templates accept a system message only first), the active path's
 * messages come next, then the answer prompt's question (with its MEMORY section). Both are cut
 * to their token budgets, oldest first.
 */
export function withSelectedContext(
  answer: readonly ChatMessage[],
  routed: Pick<RoutedTurn, 'context'>,
  tokenizer: Tokenizer = approximateTokenizer,
): ChatMessage[] {
  const { messages } = routed.context;
  const system = routed.context.system && recentLines(routed.context.system, tokenizer);
  const path = recentMessages(
    messages.slice(routed.context.system === null ? 0 : 1, -1),
    tokenizer,
  );
  const [first, ...rest] = answer;
  if (first?.role !== 'system') {
    return [...(system ? [{ role: 'system' as const, content: system }] : []), ...path, ...answer];
  }
  const merged = system ? `${first.content}\n\n${system}` : first.content;
  return [{ role: 'system', content: merged }, ...path, ...rest];
}

/** The last items whose token counts, added from the newest, stay within `budget`. */
function mostRecentWithin<T>(items: readonly T[], tokens: (item: T) => number, budget: number) {
  let spent = 0;
  let from = items.length;
  while (from > 0 && spent + tokens(items[from - 1]!) <= budget) spent += tokens(items[--from]!);
  return items.slice(from);
}

function recentMessages(path: readonly ChatMessage[], tokenizer: Tokenizer): ChatMessage[] {
  const kept = mostRecentWithin(path, (m) => tokenizer.count(m.content), PATH_CONTEXT_TOKENS);
  // A path opens on a user turn: a reply whose question was cut goes too.
  return kept[0]?.role === 'assistant' ? kept.slice(1) : kept;
}

/** The system text's distinct lines, the last ones that fit the summaries' budget. */
function recentLines(system: string, tokenizer: Tokenizer): string {
  // A line said twice (two topics that opened alike) is sent once, where it was said last.
  const lines = system
    .split('\n')
    .filter((line, i, all) => line.trim() === '' || all.lastIndexOf(line) === i);
  return mostRecentWithin(lines, (l) => tokenizer.count(l), SUMMARY_CONTEXT_TOKENS).join('\n');
}

/** Where a routed turn puts its round, as the reply line names it. */
function topicPlacement(routed: RoutedTurn): TopicPlacement {
  const { treeId, treeNumber, topic, action, source } = topicTurn(routed);
  return { treeId, treeNumber, topic, action, source };
}

/** The reply line's numbers for a routed turn. */
export function topicTurn(routed: RoutedTurn): TopicTurn {
  const { state } = routed;
  const treeId = state.activeTreeId ?? '';
  const previous = Object.values(state.nodes).find((n) => n.turn === state.rounds - 1);
  return {
    turn: state.rounds,
    treeId,
    treeNumber: state.trees.findIndex((t) => t.id === treeId) + 1,
    topic: routed.topic,
    action: routed.decision.action,
    source: routed.decision.source,
    pathRounds: routed.context.pathNodeIds.length,
    totalRounds: state.rounds,
    contextTokens: routed.context.contextTokens,
    fromNodeId: previous?.id ?? null,
    nodeId: null,
  };
}

export interface TopicRouterDeps {
  readonly store: GroveStore;
  /** The page's embedder (the embed worker client); may load on first use. */
  readonly embedder: () => Promise<EmbedderPort>;
}

interface RoutedChatTurn {
  /** The forest before the turn: the model's routing after the reply starts from it. */
  readonly input: DiscourseState;
  readonly routed: RoutedTurn;
  readonly deps: DiscourseDeps;
  readonly conversationId: string;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createTopicRouter({ store, embedder }: TopicRouterDeps): TopicRouter {
  /** Settles when the last routed turn has been committed or dropped. */
  let settled: Promise<void> = Promise.resolve();

  async function routeNow(
    replyId: string,
    text: string,
    llm: LlmPort | undefined,
    options: RouteOptions,
  ): Promise<RoutedChatTurn | null> {
    const s = store.getState();
    const conversationId = s.conversationId;
    if (s.topics.conversationId !== conversationId) s.setTopics(emptyTopics(conversationId));
    try {
      const base = discourseDeps({ embedder: await embedder(), llm });
      const task = options.answersTask ? taskDialogueDecider(base.decider) : undefined;
      const deps = task ? { ...base, decider: task, replyDecider: task } : base;
      const input = store.getState().topics.discourse;
      const routed = await routeForReply(input, text, deps);
      store.getState().recordTopicTurn(replyId, topicTurn(routed));
      return { input, routed, deps, conversationId };
    } catch (error) {
      store
        .getState()
        .setTopicError(replyId, `Topics unavailable, the full history was sent: ${message(error)}`);
      return null;
    }
  }

  async function commit(replyId: string, turn: RoutedChatTurn, keepText: boolean): Promise<void> {
    const reply = store.getState().messages.find((m) => m.id === replyId);
    if (!reply || reply.status !== 'done') return;
    try {
      const settled = await settleTurn(
        turn.input,
        turn.routed,
        keepText ? reply.text : '',
        turn.deps,
      );
      if (store.getState().topics.conversationId !== turn.conversationId) return;
      store
        .getState()
        .commitTopicRound(
          replyId,
          settled.state,
          settled.node.id,
          settled.changed ? topicPlacement(settled.routed) : undefined,
        );
    } catch (error) {
      store
        .getState()
        .setTopicError(replyId, `This round was not added to the topics: ${message(error)}`);
    }
  }

  return {
    async route(replyId, text, llm, options = {}) {
      const previous = settled;
      let release = () => {};
      settled = new Promise<void>((resolve) => (release = resolve));
      await previous;
      const turn = await routeNow(replyId, text, llm, options);
      if (!turn) {
        release();
        return null;
      }
      let finished = false;
      return {
        routed: turn.routed,
        request: (memories, signal) => {
          const base = answerRequest([], text, memories, signal);
          return { ...base, messages: withSelectedContext(base.messages, turn.routed) };
        },
        async finish(options) {
          if (finished) return;
          finished = true;
          await commit(replyId, turn, llm !== undefined || options?.keepReplyText === true);
          release();
        },
      };
    },
  };
}
