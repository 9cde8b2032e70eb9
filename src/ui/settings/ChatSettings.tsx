/** Chat settings: how long a session may stay idle before it ends and is remembered. */
import { useId } from 'react';
import { useGrove, useServices } from '../app-context.tsx';

export function ChatSettings() {
  const { store } = useServices();
  const minutes = useGrove((s) => s.inactivityMinutes);
  const id = useId();
  return (
    <section className="panel" aria-labelledby="chat-settings-heading">
      <h2 id="chat-settings-heading">Sessions</h2>
      <div className="inline-form">
        <label htmlFor={id}>End a session after this many idle minutes</label>
        <input
          id={id}
          type="number"
          min={1}
          max={240}
          value={minutes}
          onChange={(e) => store.getState().setInactivityMinutes(Number(e.target.value))}
        />
      </div>
    </section>
  );
}
