/**
 * The similar-node step (paper §3.3, reference branch manager): the tree's top-k nodes by cosine
 * to the query, and whether the best one warrants a branch decision: it must exceed the
 * threshold and lie either on another branch or on the current branch as an earlier ancestor
 * (not the current node or its parent, which the current path already continues).
 */
import { cosine } from '../vector.ts';
import type { BranchCandidate } from './decider.ts';
import { getNode, pathTo, treeNodes } from './forest.ts';
import type { DiscourseState, TopicTree } from './types.ts';

export function topSimilar(
  state: DiscourseState,
  treeId: string,
  queryEmbedding: readonly number[],
  k: number,
): BranchCandidate[] {
  return treeNodes(state, treeId)
    .map((node) => ({ node, similarity: cosine(node.embedding, queryEmbedding) }))
    .sort((a, b) => b.similarity - a.similarity || a.node.turn - b.node.turn)
    .slice(0, k);
}

export interface ConsultCheck {
  readonly consult: boolean;
  readonly reason: string;
}

export function shouldConsult(
  state: DiscourseState,
  tree: TopicTree,
  best: BranchCandidate | undefined,
  threshold: number,
): ConsultCheck {
  if (tree.currentNodeId === null) return { consult: false, reason: 'the tree has no round yet' };
  if (!best) return { consult: false, reason: 'no similar node' };
  if (!(best.similarity > threshold)) {
    return {
      consult: false,
      reason: `best similarity ${best.similarity.toFixed(3)} is not above ${threshold}`,
    };
  }
  const current = getNode(state, tree.currentNodeId);
  if (best.node.branchId !== tree.activeBranchId) {
    return {
      consult: true,
      reason: `best node ${best.node.id} lies on branch ${best.node.branchId}`,
    };
  }
  const ancestors = pathTo(state, current.parentId).map((n) => n.id);
  if (ancestors.includes(best.node.id) && best.node.id !== current.parentId) {
    return { consult: true, reason: `best node ${best.node.id} is an earlier ancestor` };
  }
  return {
    consult: false,
    reason: `best node ${best.node.id} is the current node or its parent: the path continues`,
  };
}
