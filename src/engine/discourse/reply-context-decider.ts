/**
 * The decisions that choose a reply's context while a model is loaded but has not yet placed the
 * turn (reply-first.ts). They make no LLM call: the embedding's choices, except that a topic
 * choice the margin rule finds ambiguous keeps the current topic when it scores at least
 * `topicFloor`. A wrong "same topic" costs the reply some context tokens; a wrong "new topic"
 * loses the context it needed. The model's own decision, after the reply, places the round.
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
      const choice = embeddingTopicChoice(question, settings.topicThreshold);
      const clarity = topicClarity(question, choice, settings);
      const current = question.candidates.find((c) => c.current);
      if (clarity.clear || !current || current.score < settings.topicFloor) {
        return Promise.resolve(choice);
      }
      if (choice.treeId === current.treeId) return Promise.resolve(choice);
      return Promise.resolve({
        treeId: current.treeId,
        source: 'embedding',
        reason: `${clarity.reason}: the reply keeps the current topic ${current.treeId}`,
      });
    },
    decideBranch: embedding.decideBranch,
  };
}
