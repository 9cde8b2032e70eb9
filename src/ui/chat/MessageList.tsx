/** The conversation as a live log; session boundaries are marked, the view follows new text. */
import { useEffect, useRef } from 'react';
import { useGrove } from '../app-context.tsx';
import { MessageBubble } from './MessageBubble.tsx';

export function MessageList() {
  const messages = useGrove((s) => s.messages);
  const sessionId = useGrove((s) => s.sessionId);
  const end = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, last?.text]);
  if (messages.length === 0) {
    return (
      <div className="message-list empty" data-testid="chat-empty">
        <p>
          Nothing here yet. Tell Grove something about yourself — a plan, a preference, what is
          going on — and ask it anything.
        </p>
      </div>
    );
  }
  return (
    <div className="message-list" role="log" aria-label="Conversation" tabIndex={0}>
      {messages.map((m, i) => {
        const prev = messages[i - 1];
        const boundary = prev !== undefined && prev.sessionId !== m.sessionId;
        return (
          <div key={m.id}>
            {boundary && (
              <p className="session-boundary" role="separator">
                Earlier session ended
              </p>
            )}
            <MessageBubble message={m} />
          </div>
        );
      })}
      {last && last.sessionId !== sessionId && (
        <p className="session-boundary" role="separator">
          Session ended — a new one starts with your next message
        </p>
      )}
      <div ref={end} />
    </div>
  );
}
