/**
 * The per-reply context line: "context: 2 of 5 rounds, topic 1, decision CREATE_BRANCH". A task
 * reply is written from the task dialogue, not from the selected context, so its line names only
 * where the round went: "task round: topic 1, decision CONTINUE".
 */
import type { TopicTurn } from '../../state/topics-slice.ts';

const TOPIC_NOTE = { first: '', 'same-tree': '', 'other-tree': ' (back)', 'new-tree': ' (new)' };

export function topicLineText(turn: TopicTurn, options: { task?: boolean } = {}): string {
  const topic = `topic ${turn.treeNumber}${TOPIC_NOTE[turn.topic]}, decision ${turn.action}`;
  if (options.task) return `task round: ${topic}`;
  const rounds = `${turn.pathRounds} of ${turn.totalRounds} round${turn.totalRounds === 1 ? '' : 's'}`;
  return `context: ${rounds}, ${topic}`;
}
