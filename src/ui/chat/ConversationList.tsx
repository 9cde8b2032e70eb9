/**
 * Beside the chat: the active profile's conversations, the most recent first, behind a toggle.
 * Opening one puts it back on screen (messages, memories used, topic forest) to read and go on.
 */
import { useId } from 'react';
import { useGrove, useServices } from '../app-context.tsx';
import { ConversationItem } from './ConversationItem.tsx';
import { useNow } from './use-now.ts';
import './history.css';

export function ConversationList() {
  const { store } = useServices();
  const conversations = useGrove((s) => s.conversations);
  const open = useGrove((s) => s.historyOpen);
  const error = useGrove((s) => s.historyError);
  const headingId = useId();
  const bodyId = useId();
  const now = useNow();
  return (
    <section
      className="panel history-panel"
      aria-labelledby={headingId}
      data-testid="conversation-history"
    >
      <div className="history-head">
        <h2 id={headingId}>Conversations</h2>
        <span className="muted small" data-testid="conversation-count">
          {conversations.length}
        </span>
        <button
          type="button"
          className="secondary"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => store.getState().setHistoryOpen(!open)}
        >
          {open ? 'Hide list' : 'Show list'}
        </button>
      </div>
      {error && (
        <p className="alert small history-error" role="alert">
          {error}
        </p>
      )}
      <div id={bodyId} hidden={!open}>
        {conversations.length === 0 ? (
          <p className="muted small">
            Your conversations are listed here, the latest first: open one to read it and go on.
          </p>
        ) : (
          <ul className="conversation-items" aria-label="Past conversations">
            {conversations.map((c) => (
              <ConversationItem key={c.id} conversation={c} now={now} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
