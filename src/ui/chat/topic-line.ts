/**
 * The per-reply context line: "context: 2 of 5 rounds, topic 1, decision CREATE_BRANCH". A task
 * reply is written from the task dialogue, not from the selected context, so its line names only
 * where the round went: "task round: topic 1, decision CONTINUE". When the model, after the
 * reply, placed the round elsewhere than the routing that chose the context, the line says so.
 */
import type { TopicPlacement, TopicTurn } from '../../state/topics-slice.ts';

const TOPIC_NOTE = { first: '', 'same-tree': '', 'other-tree': ' (back)', 'new-tree': ' (new)' };

const where = (p: TopicPlacement) =>
  `topic ${p.treeNumber}${TOPIC_NOTE[p.topic]}, decision ${p.action}`;

export function topicLineText(turn: TopicTurn, options: { task?: boolean } = {}): string {
  // A task reply is not written from the routed context: only where its round went counts.
  if (options.task) return `task round: ${where(turn.placedElsewhere ?? turn)}`;
  const moved = turn.placedElsewhere
    ? `; the model then placed it in ${where(turn.placedElsewhere)}`
    : '';
  const rounds = `${turn.pathRounds} of ${turn.totalRounds} round${turn.totalRounds === 1 ? '' : 's'}`;
  return `context: ${rounds}, ${where(turn)}${moved}`;
}
