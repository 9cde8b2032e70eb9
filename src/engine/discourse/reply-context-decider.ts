/**
 * The decisions that choose a reply's context while a model is loaded but has not yet placed the
 * turn (reply-first.ts). They make no LLM call: the embedding's choices, except that where the
 * margin rule finds the topic choice ambiguous, the reply takes the best-scoring topic that
 * scores at least `topicFloor`. A wrong "this topic" costs the reply some context tokens; a wrong
 * "new topic" loses the context it needed. The model's own decision, after the reply, places
 * the round.
 */
import type { DiscourseDecider, TopicVerdict } from './decider.ts';
import { embeddingDecider, embeddingTopicChoice } from './embedding-decider.ts';
import type { DiscourseSettings } from './settings.ts';
import { topicClarity } from './topic-margin.ts';

export function replyContextDecider(settings: DiscourseSettings): DiscourseDecider {
  const embedding = embeddingDecider(settings);
  return {
    mode: 'embedding',
    chooseTopic(question): Promise<TopicVerdict> {
      const choice = embeddingTopicChoice(question, settings);
      const clarity = topicClarity(question, choice, settings);
      const best = question.candidates[0];
      if (clarity.clear || !best || best.score < settings.topicFloor) {
        return Promise.resolve(choice);
      }
      if (choice.treeId === best.treeId) return Promise.resolve(choice);
      return Promise.resolve({
        treeId: best.treeId,
        source: 'embedding',
        reason: `${clarity.reason}: the reply takes the closest topic, ${best.treeId}`,
      });
    },
    decideBranch: embedding.decideBranch,
  };
}
