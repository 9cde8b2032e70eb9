/**
 * The conversation's topic forest (Context-Agent, guide §1.2): the discourse state of the open
 * conversation, what each reply's routing decided, and whether the topic panel is open. The
 * discourse state is plain JSON data owned by the engine; this slice only holds it.
 */
import type {
  BranchAction,
  DecisionSource,
  DiscourseNodeId,
  DiscourseState,
  TopicOutcome,
  TreeId,
} from '../engine/discourse/index.ts';
import { emptyDiscourse } from '../engine/discourse/index.ts';
import type { SliceCreator } from './store-types.ts';

/** What routing decided for one reply (the line under it and the panel's switch markers). */
export interface TopicTurn {
  /** 0-based round of the conversation. */
  readonly turn: number;
  readonly treeId: TreeId;
  /** 1-based position of the tree in the forest ("topic 2"). */
  readonly treeNumber: number;
  readonly topic: TopicOutcome;
  readonly action: BranchAction;
  readonly source: DecisionSource;
  /** Rounds sent in full (the active path). */
  readonly pathRounds: number;
  /** Rounds in the conversation before this one. */
  readonly totalRounds: number;
  readonly contextTokens: number;
  /** The node of the round before this one: where a switch or a new branch came from. */
  readonly fromNodeId: DiscourseNodeId | null;
  /** This round's node, once the reply is committed. */
  readonly nodeId: DiscourseNodeId | null;
  /**
   * Where the model placed the round after the reply, when that differs from the routing that
   * chose the reply's context (engine/discourse/reply-first.ts); absent otherwise.
   */
  readonly placedElsewhere?: TopicPlacement;
}

/** The turn as its round was placed: the model's placement when it differs from the reply's. */
export function asPlaced(turn: TopicTurn): TopicTurn {
  return turn.placedElsewhere ? { ...turn, ...turn.placedElsewhere } : turn;
}

/** Where a round went: its topic tree and the branch decision. */
export type TopicPlacement = Pick<
  TopicTurn,
  'treeId' | 'treeNumber' | 'topic' | 'action' | 'source'
>;

export interface TopicsSnapshot {
  /** The conversation this forest belongs to (null: none yet). */
  readonly conversationId: string | null;
  readonly discourse: DiscourseState;
  /** Keyed by the reply's message id. */
  readonly turns: Readonly<Record<string, TopicTurn>>;
}

export interface TopicsSlice {
  readonly topics: TopicsSnapshot;
  /** Messages about replies whose routing failed (keyed by reply id; the chat fell back). */
  readonly topicErrors: Readonly<Record<string, string>>;
  readonly topicPanelOpen: boolean;
  setTopics(topics: TopicsSnapshot): void;
  recordTopicTurn(replyId: string, turn: TopicTurn): void;
  commitTopicRound(
    replyId: string,
    discourse: DiscourseState,
    nodeId: DiscourseNodeId,
    placedElsewhere?: TopicPlacement,
  ): void;
  setTopicError(replyId: string, message: string): void;
  setTopicPanelOpen(open: boolean): void;
}

export function emptyTopics(conversationId: string | null = null): TopicsSnapshot {
  return { conversationId, discourse: emptyDiscourse(), turns: {} };
}

export const createTopicsSlice: SliceCreator<TopicsSlice> = (set) => ({
  topics: emptyTopics(),
  topicErrors: {},
  topicPanelOpen: false,
  setTopics: (topics) => set({ topics, topicErrors: {} }),
  recordTopicTurn: (replyId, turn) =>
    set((s) => ({ topics: { ...s.topics, turns: { ...s.topics.turns, [replyId]: turn } } })),
  commitTopicRound: (replyId, discourse, nodeId, placedElsewhere) =>
    set((s) => {
      const turn = s.topics.turns[replyId];
      const turns = turn
        ? {
            ...s.topics.turns,
            [replyId]: { ...turn, nodeId, ...(placedElsewhere ? { placedElsewhere } : {}) },
          }
        : s.topics.turns;
      return { topics: { ...s.topics, discourse, turns } };
    }),
  setTopicError: (replyId, message) =>
    set((s) => ({ topicErrors: { ...s.topicErrors, [replyId]: message } })),
  setTopicPanelOpen: (topicPanelOpen) => set({ topicPanelOpen }),
});
