/**
 * Context-Agent without an LLM: both judgements from embeddings alone.
 *
 * Topic: each tree is scored by meaning and words (topic-candidates.ts). The turn's shape
 * (dialogue-shape.ts) decides first when it has a cue: "New topic:" opens one; an aside
 * ("Speaking of ...") leaves the current tree for the best other tree reaching `topicThreshold`,
 * else a new one; a recap ("the final plan") goes to the main topic (the most rounds); a return
 * ("let's go back to ...") goes to the best tree reaching `returnThreshold`; a short follow-up
 * stays (unless another tree holds more of its words and reaches `topicThreshold`). Otherwise (and when a cue finds no tree): the current tree continues when its score
 * reaches `topicThreshold` (the paper checks it first); else the best other tree that reaches it;
 * else a new tree opens. With an LLM the same choice stands whenever the margin rule
 * (topic-margin.ts) finds it clear, and is the fallback for an unusable reply.
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

type TopicSettings = Pick<DiscourseSettings, 'topicThreshold' | 'returnThreshold'>;

const verdict = (treeId: string | null, reason: string): TopicVerdict => ({
  treeId,
  source: 'embedding',
  reason,
});

const scored = (c: TopicCandidate) =>
  `${c.treeId} (score ${c.score.toFixed(3)}: meaning ${c.meaning.toFixed(3)}, words ${c.words.toFixed(3)})`;

/** The topic with the most rounds (ties: the older one): what a recap asks about. */
export function mainTopic(candidates: readonly TopicCandidate[]): TopicCandidate | undefined {
  return candidates.reduce<TopicCandidate | undefined>(
    (a, c) =>
      !a || c.rounds > a.rounds || (c.rounds === a.rounds && c.treeIndex < a.treeIndex) ? c : a,
    undefined,
  );
}

export function embeddingTopicChoice(
  question: TopicQuestion,
  settings: TopicSettings,
): TopicVerdict {
  const { candidates, shape } = question;
  const { topicThreshold: threshold, returnThreshold } = settings;
  const current = candidates.find((c) => c.current);
  const best = candidates[0];
  const bestOther = candidates.find((c) => !c.current);
  const cue = `"${shape.cue}"`;
  switch (shape.kind) {
    case 'new-topic':
      return verdict(null, `new topic: the turn says so (${cue})`);
    case 'recap': {
      const main = mainTopic(candidates);
      if (main)
        return verdict(
          main.treeId,
          `recap (${cue}): the main topic, ${main.treeId}, with ${main.rounds} rounds`,
        );
      break;
    }
    case 'follow-up': {
      // A short turn stays, unless its words belong to another topic more than to this one.
      const wordier = candidates.find(
        (c) => !c.current && c.words > (current?.words ?? 0) && c.score >= threshold,
      );
      if (current && !wordier) {
        return verdict(current.treeId, `follow-up (${cue}): stays in ${current.treeId}`);
      }
      break;
    }
    case 'aside':
      if (bestOther && bestOther.score >= threshold) {
        return verdict(
          bestOther.treeId,
          `aside (${cue}), back to ${scored(bestOther)} ≥ ${threshold}`,
        );
      }
      return verdict(
        null,
        `aside (${cue}): a new topic${bestOther ? `; the closest other, ${scored(bestOther)}, is below ${threshold}` : ''}`,
      );
    case 'return':
      if (best && best.score >= returnThreshold) {
        return verdict(best.treeId, `return (${cue}) to ${scored(best)} ≥ ${returnThreshold}`);
      }
      break;
    case 'plain':
      break;
  }
  if (current && current.score >= threshold) {
    return verdict(current.treeId, `current topic ${scored(current)} ≥ ${threshold}`);
  }
  if (bestOther && bestOther.score >= threshold) {
    return verdict(bestOther.treeId, `back to topic ${scored(bestOther)} ≥ ${threshold}`);
  }
  return verdict(
    null,
    best
      ? `new topic: the closest, ${scored(best)}, is below ${threshold}`
      : 'new topic: no earlier topic',
  );
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
    chooseTopic: (question) => Promise.resolve(embeddingTopicChoice(question, settings)),
    decideBranch: (question) =>
      Promise.resolve(embeddingBranchDecision(question, settings.branchMargin)),
  };
}
