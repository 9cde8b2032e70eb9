/** The per-reply context line: "context: 2 of 5 rounds, topic 1, decision CREATE_BRANCH". */
import type { TopicTurn } from '../../state/topics-slice.ts';

const TOPIC_NOTE = { first: '', 'same-tree': '', 'other-tree': ' (back)', 'new-tree': ' (new)' };

export function topicLineText(turn: TopicTurn): string {
  const rounds = `${turn.pathRounds} of ${turn.totalRounds} round${turn.totalRounds === 1 ? '' : 's'}`;
  return `context: ${rounds}, topic ${turn.treeNumber}${TOPIC_NOTE[turn.topic]}, decision ${turn.action}`;
}
