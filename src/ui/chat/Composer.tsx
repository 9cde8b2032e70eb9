/** The message box: Enter sends, Shift+Enter adds a line. */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useGrove, useServices } from '../app-context.tsx';

export function Composer() {
  const { chat } = useServices();
  const [text, setText] = useState('');
  const busy = useGrove((s) => s.messages.some((m) => m.status === 'streaming'));
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || !text.trim()) return;
    void chat.send(text);
    setText('');
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  return (
    <form className="composer" onSubmit={submit}>
      <label htmlFor="chat-input" className="visually-hidden">
        Message
      </label>
      <textarea
        id="chat-input"
        rows={2}
        value={text}
        placeholder="Message Grove (Enter to send, Shift+Enter for a new line)"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
      />
      {busy ? (
        <button type="button" className="secondary" onClick={() => chat.stop()}>
          Stop
        </button>
      ) : (
        <button type="submit" disabled={!text.trim()}>
          Send
        </button>
      )}
    </form>
  );
}
