/**
 * One conversation in the list: its title (the first message), when, how many messages; click
 * to open it, or delete it after a confirmation that says what is deleted and what stays.
 */
import { useEffect, useRef, useState } from 'react';
import type { ConversationSummary } from '../../state/history-slice.ts';
import { useGrove, useServices } from '../app-context.tsx';
import { conversationDate, conversationDetails } from './conversation-meta.ts';

export function ConversationItem({
  conversation: c,
  now,
}: {
  conversation: ConversationSummary;
  now: number;
}) {
  const { conversations } = useServices();
  const current = useGrove((s) => s.conversationId === c.id);
  const busy = useGrove((s) => s.messages.some((m) => m.status === 'streaming'));
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (confirming || !returnFocus.current) return;
    returnFocus.current = false;
    deleteButton.current?.focus();
  }, [confirming]);

  if (confirming) {
    return (
      <li className="conversation-item confirming" data-testid="conversation-item">
        <div role="group" aria-label={`Delete “${c.title}”?`}>
          <p className="small" data-testid="delete-confirm-text">
            Delete “{c.title}”? Its messages and topic forest are removed from this device. What
            Grove remembered from it stays in memory: delete those facts in the memory inspector.
            {current && ' Its open session ends first, as with New conversation.'}
          </p>
          <div className="button-row">
            <button
              type="button"
              className="danger"
              onClick={() => void conversations.remove(c.id)}
            >
              Delete conversation
            </button>
            <button
              type="button"
              className="secondary"
              autoFocus
              onClick={() => {
                returnFocus.current = true;
                setConfirming(false);
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      </li>
    );
  }
  return (
    <li className={`conversation-item${current ? ' current' : ''}`} data-testid="conversation-item">
      <button
        type="button"
        className="conversation-open"
        aria-current={current ? 'true' : undefined}
        disabled={busy && !current}
        title={c.title}
        onClick={() => void conversations.open(c.id)}
      >
        <span className="conversation-title">{c.title}</span>
        <span className="conversation-meta">
          <time dateTime={new Date(c.updatedAt).toISOString()}>
            {conversationDate(c.updatedAt, now)}
          </time>{' '}
          · {conversationDetails(c)}
          {current && <span className="conversation-open-tag"> · on screen</span>}
        </span>
      </button>
      <button
        ref={deleteButton}
        type="button"
        className="conversation-delete"
        aria-label={`Delete conversation: ${c.title}`}
        disabled={busy && current}
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
    </li>
  );
}
