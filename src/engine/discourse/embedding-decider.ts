/**
 * Context-Agent without an LLM: both judgements from embeddings alone.
 *
 * Topic: each tree is scored by its root-to-leaf path closest to the query (topic-candidates.ts).
 * The current tree continues when its score reaches `topicThreshold`; else the first other tree,
 * in the order they were opened, that reaches it (the order the paper checks them in); else a
 * new tree opens. With an LLM the same choice stands whenever the
 * margin rule (topic-margin.ts) finds it clear, and is the fallback for an unusable reply.
 *
 * Branch (only asked when the best similar node passed `branchThreshold` and lies off the current
 * branch or is an earlier ancestor, see similarity.ts):
 *   - CONTINUE when the best node beats the current node's similarity by less than `branchMargin`
 *     (the current path is about as relevant);
 *   - else CREATE_BRANCH from the best node when it lies on the current path (a refinement or a
 *     backtrack from that earlier point) or in the middle of another branch;
 *   - else SWITCH_BRANCH to the branch whose last node it is (a return to that branch).
 */
import type {
  BranchQuestion,
  DiscourseDecider,
  TopicCandidate,
  TopicQuestion,
  TopicVerdict,
} from './decider.ts';
import type { DiscourseSettings } from './settings.ts';
import type { BranchDecision } from './types.ts';

export function embeddingTopicChoice(question: TopicQuestion, threshold: number): TopicVerdict {
  const { candidates } = question;
  const current = candidates.find((c) => c.current);
  if (current && current.score >= threshold) {
    return {
      treeId: current.treeId,
      source: 'embedding',
      reason: `current topic ${current.treeId}: cosine ${current.score.toFixed(3)} ≥ ${threshold}`,
    };
  }
  const other = candidates
    .filter((c) => !c.current && c.score >= threshold)
    .reduce<TopicCandidate | undefined>(
      (a, c) => (a && a.treeIndex < c.treeIndex ? a : c),
      undefined,
    );
  if (other) {
    return {
      treeId: other.treeId,
      source: 'embedding',
      reason: `back to topic ${other.treeId}: cosine ${other.score.toFixed(3)} ≥ ${threshold}`,
    };
  }
  const best = candidates[0];
  return {
    treeId: null,
    source: 'embedding',
    reason: best
      ? `new topic: the closest, ${best.treeId}, has cosine ${best.score.toFixed(3)} < ${threshold}`
      : 'new topic: no earlier topic',
  };
}

export function embeddingBranchDecision(question: BranchQuestion, margin: number): BranchDecision {
  const best = question.candidates[0];
  if (!best) return { action: 'CONTINUE', source: 'embedding', reason: 'no similar node' };
  const gain = best.similarity - question.currentSimilarity;
  if (gain < margin) {
    return {
      action: 'CONTINUE',
      source: 'embedding',
      reason: `best node ${best.node.id} beats the current node by ${gain.toFixed(3)} < ${margin}`,
    };
  }
  const onPath = question.currentPath.some((n) => n.id === best.node.id);
  const branch = question.branches.find((b) => b.id === best.node.branchId);
  const isTip = branch?.nodeIds.at(-1) === best.node.id;
  if (onPath || !isTip || !branch) {
    return {
      action: 'CREATE_BRANCH',
      forkNodeId: best.node.id,
      source: 'embedding',
      reason: `fork from ${onPath ? 'earlier' : 'inner'} node ${best.node.id} (cosine ${best.similarity.toFixed(3)}, +${gain.toFixed(3)} over the current node)`,
    };
  }
  return {
    action: 'SWITCH_BRANCH',
    targetBranchId: branch.id,
    source: 'embedding',
    reason: `return to branch ${branch.id}, whose last node ${best.node.id} is closest (cosine ${best.similarity.toFixed(3)})`,
  };
}

export function embeddingDecider(settings: DiscourseSettings): DiscourseDecider {
  return {
    mode: 'embedding',
    chooseTopic: (question) =>
      Promise.resolve(embeddingTopicChoice(question, settings.topicThreshold)),
    decideBranch: (question) =>
      Promise.resolve(embeddingBranchDecision(question, settings.branchMargin)),
  };
}
