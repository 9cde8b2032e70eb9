/** The profile switcher in the header: each profile has its own memory. */
import { useId } from 'react';
import { useGrove, useServices } from '../app-context.tsx';

export function ProfileSwitcher() {
  const { memoryActions, chat } = useServices();
  const profiles = useGrove((s) => s.profiles);
  const active = useGrove((s) => s.activeProfileId);
  const loading = useGrove((s) => s.profileLoading);
  const id = useId();
  return (
    <div className="profile-switcher">
      <label htmlFor={id}>Profile</label>
      <select
        id={id}
        value={active}
        disabled={loading}
        onChange={(e) => {
          // The open session is remembered in the profile it belongs to, then the chat starts afresh.
          void chat.newConversation();
          void memoryActions.openProfile(e.target.value);
        }}
      >
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
