/**
 * Under a reply: how Context-Agent chose its context (rounds sent, topic, branch decision); for a
 * task reply, only where its round went.
 */
import { useGrove } from '../app-context.tsx';
import { topicLineText } from './topic-line.ts';

export function TopicLine({ replyId, task = false }: { replyId: string; task?: boolean }) {
  const turn = useGrove((s) => s.topics.turns[replyId]);
  const error = useGrove((s) => s.topicErrors[replyId]);
  if (!turn && !error) return null;
  return (
    <p className="topic-line" data-testid="topic-line">
      {turn ? topicLineText(turn, { task }) : null}
      {turn && error ? ' · ' : null}
      {error}
    </p>
  );
}
