/**
 * The two judgements Context-Agent makes on each user turn, behind one interface with two
 * implementations: the LLM (llm-decider.ts, the paper's prompts, asked at most once per
 * judgement) and embeddings only (embedding-decider.ts, Grove's no-LLM mode).
 */
import type { DialogueShape } from './dialogue-shape.ts';
import type { Branch, BranchDecision, DecisionSource, DiscourseNode, TreeId } from './types.ts';

/** One topic tree as a routing candidate: its root-to-leaf path closest to the query. */
export interface TopicCandidate {
  readonly treeId: TreeId;
  /** The tree's best-scoring root-to-leaf path. */
  readonly path: readonly DiscourseNode[];
  /** The embedding's cosine to that path (see topic-candidates.ts). */
  readonly meaning: number;
  /** The idf-weighted share of the query's stemmed words the tree's rounds hold (topic-words.ts). */
  readonly words: number;
  /** Meaning and words blended (settings.wordWeight): what candidates are ranked by. */
  readonly score: number;
  /** The rounds the tree holds. */
  readonly rounds: number;
  /** The tree the conversation is in. */
  readonly current: boolean;
  /** The tree's place in the forest, in the order trees were opened (0: the oldest). */
  readonly treeIndex: number;
}

export interface TopicQuestion {
  readonly query: string;
  readonly queryEmbedding: readonly number[];
  /** Every tree that holds a round, best score first. */
  readonly candidates: readonly TopicCandidate[];
  /** What the turn's own wording says about its place (dialogue-shape.ts). */
  readonly shape: DialogueShape;
}

export interface TopicVerdict {
  /** The tree the query continues, or null: a new topic. */
  readonly treeId: TreeId | null;
  readonly source: DecisionSource;
  readonly reason: string;
}

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
  /** Which existing tree does the query continue, if any? Never throws except on cancellation. */
  chooseTopic(question: TopicQuestion, signal?: AbortSignal): Promise<TopicVerdict>;
  /** CONTINUE, CREATE_BRANCH or SWITCH_BRANCH; never throws except on cancellation. */
  decideBranch(question: BranchQuestion, signal?: AbortSignal): Promise<BranchDecision>;
}
