/**
 * On a phone the chat's side panels (this conversation, conversations, topics, remembering) sit
 * behind this control instead of under the chat: it swaps the chat for them and back. Hidden on
 * wider screens, where the panels stand beside the chat (phone.css).
 */
interface Props {
  readonly open: boolean;
  /** The id of the panels it shows and hides. */
  readonly controls: string;
  /** How many past conversations there are, said on the control. */
  readonly conversations: number;
  /** Whether a session is being remembered right now, said on the control. */
  readonly remembering: boolean;
  onToggle(): void;
}

export function SidePanelToggle({ open, controls, conversations, remembering, onToggle }: Props) {
  return (
    <div className="side-toggle-bar">
      <button
        type="button"
        className="secondary side-toggle"
        aria-expanded={open}
        aria-controls={controls}
        data-testid="side-toggle"
        onClick={() => {
          onToggle();
          // The panels open at their top; the chat comes back at its latest message.
          requestAnimationFrame(() =>
            window.scrollTo({ top: open ? document.documentElement.scrollHeight : 0 }),
          );
        }}
      >
        {open
          ? 'Back to the chat'
          : `Conversations${conversations > 0 ? ` (${conversations})` : ''} and session`}
      </button>
      {!open && remembering && <span className="side-toggle-note">Remembering…</span>}
    </div>
  );
}
