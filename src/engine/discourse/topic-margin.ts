/**
 * When the embedding's topic choice is clear enough to stand without asking the LLM. Scores are
 * the trees' best path scores (topic-candidates.ts):
 *
 *   - a new topic is clear when every tree scores below `topicFloor` (the absolute floor);
 *   - a tree is clear when it scores at least `topicCeiling` and beats every other tree by at
 *     least `topicMargin` (best against second best);
 *   - anything else is ambiguous: a best score between floor and ceiling (same topic or a new
 *     one?), two trees within the margin of each other (which one?), or the embedding keeping
 *     the current tree while another tree scores higher.
 */
import type { TopicQuestion, TopicVerdict } from './decider.ts';
import type { DiscourseSettings } from './settings.ts';

export interface TopicClarity {
  readonly clear: boolean;
  readonly reason: string;
}

type MarginSettings = Pick<DiscourseSettings, 'topicFloor' | 'topicCeiling' | 'topicMargin'>;

export function topicClarity(
  question: TopicQuestion,
  choice: Pick<TopicVerdict, 'treeId'>,
  settings: MarginSettings,
): TopicClarity {
  const { topicFloor: floor, topicCeiling: ceiling, topicMargin: margin } = settings;
  const best = question.candidates[0];
  if (choice.treeId === null) {
    if (!best || best.score < floor) {
      return { clear: true, reason: `clear: every topic scores below ${floor}` };
    }
    return {
      clear: false,
      reason: `ambiguous: ${best.treeId} scores ${best.score.toFixed(3)}, not below ${floor}`,
    };
  }
  const chosen = question.candidates.find((c) => c.treeId === choice.treeId);
  if (!chosen || chosen.score < ceiling) {
    return {
      clear: false,
      reason: `ambiguous: ${choice.treeId} scores ${chosen?.score.toFixed(3) ?? 'nothing'}, below ${ceiling}`,
    };
  }
  const rival = question.candidates.find((c) => c.treeId !== chosen.treeId);
  if (rival && chosen.score - rival.score < margin) {
    return {
      clear: false,
      reason: `ambiguous: ${chosen.treeId} (${chosen.score.toFixed(3)}) and ${rival.treeId} (${rival.score.toFixed(3)}) are within ${margin}`,
    };
  }
  const lead = rival ? `, ${(chosen.score - rival.score).toFixed(3)} above ${rival.treeId}` : '';
  return {
    clear: true,
    reason: `clear: ${chosen.treeId} scores ${chosen.score.toFixed(3)}${lead}`,
  };
}
