/**
 * Context-Agent without an LLM: both judgements from embeddings alone.
 *
 * Topic: a path continues when the query's cosine to its closest round, or to the path's mean
 * direction, reaches `topicThreshold`. The topic step checks the current tree's paths first,
 * then the other trees' (the tree with the best passing path wins), else opens a new tree.
 *
 * Branch (only asked when the best similar node passed `branchThreshold` and lies off the current
 * branch or is an earlier ancestor, see similarity.ts):
 *   - CONTINUE when the best node beats the current node's similarity by less than `branchMargin`
 *     (the current path is about as relevant);
 *   - else CREATE_BRANCH from the best node when it lies on the current path (a refinement or a
 *     backtrack from that earlier point) or in the middle of another branch;
 *   - else SWITCH_BRANCH to the branch whose last node it is (a return to that branch).
 */
import { cosine, meanDirection } from '../vector.ts';
import type { BranchQuestion, DiscourseDecider, TopicQuestion, TopicVerdict } from './decider.ts';
import type { DiscourseSettings } from './settings.ts';
import type { BranchDecision } from './types.ts';

export function embeddingTopicVerdict(question: TopicQuestion, threshold: number): TopicVerdict {
  const { path, queryEmbedding } = question;
  if (path.length === 0)
    return { same: false, score: 0, source: 'embedding', reason: 'empty path' };
  let closest = Number.NEGATIVE_INFINITY;
  for (const node of path) closest = Math.max(closest, cosine(node.embedding, queryEmbedding));
  const centre = cosine(meanDirection(path.map((n) => n.embedding)), queryEmbedding);
  const score = Math.max(closest, centre);
  const same = score >= threshold;
  return {
    same,
    score,
    source: 'embedding',
    reason: `cosine ${score.toFixed(3)} ${same ? '≥' : '<'} ${threshold} (closest round ${closest.toFixed(3)}, path centre ${centre.toFixed(3)})`,
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
    sameTopic: (question) =>
      Promise.resolve(embeddingTopicVerdict(question, settings.topicThreshold)),
    decideBranch: (question) =>
      Promise.resolve(embeddingBranchDecision(question, settings.branchMargin)),
  };
}
