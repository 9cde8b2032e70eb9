/**
 * The two judgements Context-Agent makes on each user turn, behind one interface with two
 * implementations: the LLM (llm-decider.ts, the paper) and embeddings only (embedding-decider.ts,
 * Grove's no-LLM mode).
 */
import type { TopicCheck } from './events.ts';
import type { Branch, BranchDecision, DiscourseNode } from './types.ts';

export interface TopicQuestion {
  readonly query: string;
  readonly queryEmbedding: readonly number[];
  /** The root-to-leaf path being checked. */
  readonly path: readonly DiscourseNode[];
}

export type TopicVerdict = Omit<TopicCheck, 'treeId' | 'leafId'>;

export interface BranchCandidate {
  readonly node: DiscourseNode;
  readonly similarity: number;
}

export interface BranchQuestion {
  readonly query: string;
  readonly queryEmbedding: readonly number[];
  /** Root to the current node of the active tree. */
  readonly currentPath: readonly DiscourseNode[];
  /** The top-k most similar nodes of the tree, best first (the best passed the threshold). */
  readonly candidates: readonly BranchCandidate[];
  /** The tree's branches. */
  readonly branches: readonly Branch[];
  readonly activeBranchId: string;
  /** The current node's similarity to the query. */
  readonly currentSimilarity: number;
}

export interface DiscourseDecider {
  readonly mode: 'llm' | 'embedding';
  /** Does the query continue the topic of this root-to-leaf path? */
  sameTopic(question: TopicQuestion, signal?: AbortSignal): Promise<TopicVerdict>;
  /** CONTINUE, CREATE_BRANCH or SWITCH_BRANCH; never throws except on cancellation. */
  decideBranch(question: BranchQuestion, signal?: AbortSignal): Promise<BranchDecision>;
}
