/**
 * One message. User text is plain text; replies are Markdown through react-markdown with raw
 * HTML never interpreted (it shows as text) and images dropped (they would fetch URLs).
 */
import Markdown from 'react-markdown';
import type { ChatMessageView } from '../../state/chat-types.ts';
import { MemoriesUsed } from './MemoriesUsed.tsx';
import { stageLine } from './stage-line.ts';
import { TopicLine } from './TopicLine.tsx';
import { TaskConfirmation } from './TaskConfirmation.tsx';
import { TaskReplyCheck } from './TaskReplyCheck.tsx';

const NO_IMAGES = ['img'];

export function MessageBubble({ message }: { message: ChatMessageView }) {
  const mine = message.role === 'user';
  return (
    <article
      className={`message message-${message.role}`}
      data-testid={`message-${message.role}`}
      data-status={message.status}
      aria-label={mine ? 'You said' : 'Grove replied'}
    >
      <div className="message-meta">
        {mine ? 'You' : 'Grove'}
        {!mine && message.model === null && <span className="tag">memory only · no model</span>}
        {!mine && message.model && <span className="tag">{message.model}</span>}
        {message.status === 'streaming' && <span className="tag">writing…</span>}
      </div>
      {message.stage && stageLine(message.stage) !== '' && (
        <p className="stage-line muted small" data-testid="stage-line" aria-live="polite">
          {stageLine(message.stage)}…
        </p>
      )}
      <div className="message-body" data-testid="message-body">
        {mine ? (
          <p className="plain">{message.text}</p>
        ) : (
          <Markdown disallowedElements={NO_IMAGES} unwrapDisallowed>
            {message.text}
          </Markdown>
        )}
        {message.status === 'failed' && <p className="memories-error">{message.error}</p>}
      </div>
      {!mine && <TaskConfirmation messageId={message.id} />}
      {!mine && <TaskReplyCheck messageId={message.id} />}
      {!mine && <TopicLine replyId={message.id} task={message.task === true} />}
      {!mine && message.memories && (
        <MemoriesUsed memories={message.memories} related={message.task === true} />
      )}
    </article>
  );
}
