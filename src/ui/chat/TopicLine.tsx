/**
 * Under a reply: how Context-Agent chose its context (where the exchange went, how much of the
 * conversation was sent), in words; for a task reply, only where its exchange went. The topic's
 * number and the branch decision are data attributes (the topic panel numbers topics the same).
 */
import type { TreeId } from '../../engine/discourse/types.ts';
import { asPlaced } from '../../state/topics-slice.ts';
import { useGrove } from '../app-context.tsx';
import { topicLineText } from './topic-line.ts';

export function TopicLine({ replyId, task = false }: { replyId: string; task?: boolean }) {
  const turn = useGrove((s) => s.topics.turns[replyId]);
  const error = useGrove((s) => s.topicErrors[replyId]);
  const discourse = useGrove((s) => s.topics.discourse);
  if (!turn && !error) return null;
  const label = (treeId: TreeId) => {
    const rootId = discourse.trees.find((t) => t.id === treeId)?.rootId;
    return rootId ? discourse.nodes[rootId]?.summary : undefined;
  };
  const placed = turn && (task ? asPlaced(turn) : turn);
  return (
    <p
      className="topic-line"
      data-testid="topic-line"
      {...(placed ? { 'data-topic': placed.treeNumber, 'data-decision': placed.action } : {})}
    >
      {turn ? topicLineText(turn, { task, label }) : null}
      {turn && error ? ' · ' : null}
      {error}
    </p>
  );
}
