/**
 * Every transition of the discourse forest emits an event: the topic check, the similar-node
 * search, the branch decision, the context selection and the committed round. The chat panel,
 * logs and tests consume the same stream (like the tree retrieval's traversal events).
 */
import type {
  BranchDecision,
  BranchId,
  DecisionSource,
  DiscourseNodeId,
  SimilarNode,
  TopicOutcome,
  TreeId,
} from './types.ts';

/** One topic tree scored against the query, by its closest root-to-leaf path. */
export interface TopicCheck {
  readonly treeId: TreeId;
  readonly leafId: DiscourseNodeId;
  readonly score: number;
}

export type DiscourseEvent =
  | {
      readonly type: 'topic';
      readonly turn: number;
      readonly outcome: TopicOutcome;
      readonly treeId: TreeId;
      /** Every tree that held a round, best score first. */
      readonly checks: readonly TopicCheck[];
      /** Who chose: the embedding (clear), the LLM (ambiguous), or the embedding after an unusable reply. */
      readonly source: DecisionSource;
      readonly reason: string;
    }
  | {
      readonly type: 'similar';
      readonly turn: number;
      readonly treeId: TreeId;
      readonly candidates: readonly SimilarNode[];
      /** Whether the candidates warranted asking the decider (threshold and position). */
      readonly consulted: boolean;
      readonly reason: string;
    }
  | {
      readonly type: 'branch';
      readonly turn: number;
      readonly treeId: TreeId;
      readonly decision: BranchDecision;
      readonly branchId: BranchId;
      /** The node the new round will attach to (null: the tree's root is still to come). */
      readonly parentId: DiscourseNodeId | null;
    }
  | {
      readonly type: 'context';
      readonly turn: number;
      readonly pathNodeIds: readonly DiscourseNodeId[];
      /** Nodes shown only as summaries (other trees, inactive branches). */
      readonly summarisedNodeIds: readonly DiscourseNodeId[];
      readonly tokens: number;
    }
  | {
      readonly type: 'round';
      readonly turn: number;
      readonly nodeId: DiscourseNodeId;
      readonly treeId: TreeId;
      readonly branchId: BranchId;
      readonly parentId: DiscourseNodeId | null;
      readonly summary: string;
      readonly summarySource: 'llm' | 'extractive';
    };
