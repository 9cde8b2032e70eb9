/**
 * Context-Agent's discourse forest (guide §1.2, seeds/context-agent.txt §3.2): a conversation is
 * a forest of topic trees; a node is one round (user + assistant) with its embedding, parent,
 * branch id and one-sentence summary; a branch is a chain of nodes sharing a branch id, forked
 * from a node of its tree (or starting at the tree's root).
 *
 * All state is plain data (ids are strings, embeddings are number arrays): it serialises as JSON
 * (persistence, workers) and every transition returns a new state, never mutating its input.
 */

export type DiscourseNodeId = string;
export type BranchId = string;
export type TreeId = string;

export interface DiscourseNode {
  readonly id: DiscourseNodeId;
  readonly treeId: TreeId;
  readonly branchId: BranchId;
  /** null for the root of a topic tree. */
  readonly parentId: DiscourseNodeId | null;
  /** 0-based position of the round in the whole conversation. */
  readonly turn: number;
  readonly user: string;
  /** The assistant's reply ('' when the round had none, e.g. the no-LLM replay). */
  readonly assistant: string;
  /** One third-person sentence that keeps the round's numbers. */
  readonly summary: string;
  /** L2-normalised embedding of the round's content. */
  readonly embedding: readonly number[];
}

export interface Branch {
  readonly id: BranchId;
  readonly treeId: TreeId;
  /** The node this branch forks from (null: the tree's main branch, starting at the root). */
  readonly forkNodeId: DiscourseNodeId | null;
  /** The branch's own nodes, in order (the fork node belongs to its own branch). */
  readonly nodeIds: readonly DiscourseNodeId[];
}

export interface TopicTree {
  readonly id: TreeId;
  readonly rootId: DiscourseNodeId | null;
  readonly branchIds: readonly BranchId[];
  /** The tree's own focus, restored when the conversation comes back to it. */
  readonly activeBranchId: BranchId;
  /** The node the next round of this tree attaches to (null before its first round). */
  readonly currentNodeId: DiscourseNodeId | null;
}

/** S_t = (H_t, T_act, B_act, n_cur): the forest plus the active tree (its branch and node). */
export interface DiscourseState {
  readonly version: 1;
  readonly trees: readonly TopicTree[];
  readonly branches: Readonly<Record<BranchId, Branch>>;
  readonly nodes: Readonly<Record<DiscourseNodeId, DiscourseNode>>;
  /** null before the first round. */
  readonly activeTreeId: TreeId | null;
  /** Rounds committed so far (also the next node's `turn`). */
  readonly rounds: number;
  /** Counters for the next ids: deterministic ids, no randomness. */
  readonly nextIds: { readonly tree: number; readonly branch: number; readonly node: number };
}

export type BranchAction = 'CONTINUE' | 'CREATE_BRANCH' | 'SWITCH_BRANCH';

export type TopicOutcome = 'first' | 'same-tree' | 'other-tree' | 'new-tree';

/** Which decider produced a verdict; 'fallback' when the LLM's answer could not be used. */
export type DecisionSource = 'llm' | 'embedding' | 'rule' | 'fallback';

export interface SimilarNode {
  readonly nodeId: DiscourseNodeId;
  readonly similarity: number;
}

export interface BranchDecision {
  readonly action: BranchAction;
  /** CREATE_BRANCH: the node the new branch forks from. */
  readonly forkNodeId?: DiscourseNodeId;
  /** SWITCH_BRANCH: the branch the conversation goes back to. */
  readonly targetBranchId?: BranchId;
  readonly source: DecisionSource;
  readonly reason: string;
}
