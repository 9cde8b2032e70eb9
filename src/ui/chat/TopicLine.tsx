/** Under a reply: how Context-Agent chose its context (rounds sent, topic, branch decision). */
import { useGrove } from '../app-context.tsx';
import { topicLineText } from './topic-line.ts';

export function TopicLine({ replyId }: { replyId: string }) {
  const turn = useGrove((s) => s.topics.turns[replyId]);
  const error = useGrove((s) => s.topicErrors[replyId]);
  if (!turn && !error) return null;
  return (
    <p className="topic-line" data-testid="topic-line">
      {turn ? topicLineText(turn) : null}
      {turn && error ? ' · ' : null}
      {error}
    </p>
  );
}
