/** Profiles: switch and create. Each profile has its own memory forest. */
import { useId, useState } from 'react';
import { useGrove, useServices } from '../app-context.tsx';

export function ProfileSettings() {
  const { memoryActions, chat } = useServices();
  const profiles = useGrove((s) => s.profiles);
  const active = useGrove((s) => s.activeProfileId);
  const [name, setName] = useState('');
  const nameId = useId();
  return (
    <section className="panel" aria-labelledby="profiles-heading">
      <h2 id="profiles-heading">Profiles</h2>
      <ul className="plain-list" aria-label="Profiles">
        {profiles.map((p) => (
          <li key={p.id}>
            {p.name}{' '}
            {p.id === active ? (
              <strong className="small">(open)</strong>
            ) : (
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  void chat.newConversation();
                  void memoryActions.openProfile(p.id);
                }}
              >
                Switch to {p.name}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          void chat.newConversation();
          void memoryActions.createProfile(name);
          setName('');
        }}
      >
        <label htmlFor={nameId}>New profile name</label>
        <input id={nameId} value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit" disabled={!name.trim()}>
          Create and switch
        </button>
      </form>
    </section>
  );
}
