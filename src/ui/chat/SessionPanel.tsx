/** Session controls: memory on/off for this conversation, end the session, start afresh. */
import { useId } from 'react';
import { sessionTurns } from '../../state/chat-slice.ts';
import { useGrove, useServices } from '../app-context.tsx';

export function SessionPanel() {
  const { chat, store } = useServices();
  const memoryEnabled = useGrove((s) => s.memoryEnabled);
  const minutes = useGrove((s) => s.inactivityMinutes);
  const paused = useGrove((s) => s.inspection?.paused ?? false);
  const openTurns = useGrove((s) => sessionTurns(s.messages, s.sessionId).length);
  const busy = useGrove((s) => s.messages.some((m) => m.status === 'streaming'));
  const toggleId = useId();
  return (
    <section className="panel session-panel" aria-labelledby="session-heading">
      <h2 id="session-heading">This conversation</h2>
      <div className="toggle">
        <input
          id={toggleId}
          type="checkbox"
          checked={memoryEnabled}
          onChange={(e) => store.getState().setMemoryEnabled(e.target.checked)}
        />
        <label htmlFor={toggleId}>Use and update memory</label>
      </div>
      <p className="muted small">
        {memoryEnabled
          ? 'Replies use what Grove remembers; when the session ends its facts are added.'
          : 'Private: nothing is looked up, and nothing from this conversation is remembered.'}
        {paused && ' Memory is paused for this profile (Memory → Pause).'}
      </p>
      <p className="small" data-testid="open-turns">
        {openTurns === 0
          ? 'No open session.'
          : `Open session: ${openTurns} message${openTurns === 1 ? '' : 's'}. It ends when you say so or after ${minutes} minutes without activity.`}
      </p>
      <div className="button-row">
        <button
          type="button"
          disabled={openTurns === 0 || busy}
          onClick={() => void chat.endSession('user')}
        >
          End session
        </button>
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => void chat.newConversation()}
        >
          New conversation
        </button>
      </div>
    </section>
  );
}
