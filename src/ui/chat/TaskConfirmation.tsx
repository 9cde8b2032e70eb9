/**
 * Under a task confirmation: each slot with the memory that supplied it (or "from this
 * session"), and a small inline control to correct one slot. A correction updates the memory
 * unit that supplied the value (through the memory worker) and the assistant confirms again.
 */
import { useId, useState, type FormEvent } from 'react';
import type { TaskCard } from '../../state/task-types.ts';
import { useGrove, useServices } from '../app-context.tsx';

type Slot = TaskCard['slots'][number];

function sourceText(slot: Slot): string {
  if (slot.corrected)
    return slot.source
      ? `corrected by you · memory of session ${slot.source.sessionId} updated`
      : 'corrected by you';
  return slot.source
    ? `from memory · session ${slot.source.sessionId} (“${slot.source.intent}”)`
    : 'from this conversation';
}

function SlotRow({ card, slot }: { card: TaskCard; slot: Slot }) {
  const { tasks } = useServices();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(slot.value);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    tasks.correct(card.messageId, slot.name, value).then(
      () => setEditing(false),
      (e: unknown) => setError(`The correction was not saved: ${(e as Error).message}`),
    );
  };
  return (
    <li className="task-slot" data-testid="task-slot" data-slot={slot.name}>
      <span className="task-slot-label">{slot.label}:</span>{' '}
      <strong data-testid="task-slot-value">{slot.value}</strong>{' '}
      <span className="small muted" data-testid="task-slot-source">
        {sourceText(slot)}
      </span>
      {card.open && !editing && (
        <button
          type="button"
          className="secondary"
          onClick={() => setEditing(true)}
          aria-label={`Correct the ${slot.label}`}
        >
          Correct
        </button>
      )}
      {editing && (
        <form className="task-correct" onSubmit={save}>
          <label htmlFor={inputId}>New {slot.label}</label>
          <input id={inputId} value={value} onChange={(e) => setValue(e.target.value)} />
          <button type="submit" disabled={value.trim() === ''}>
            Save
          </button>
          <button type="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="memories-error">
          {error}
        </p>
      )}
    </li>
  );
}

export function TaskConfirmation({ messageId }: { messageId: string }) {
  const card = useGrove((s) => s.taskCards[messageId]);
  if (!card) return null;
  const remembered = card.slots.filter((s) => s.source && !s.corrected).length;
  return (
    <section
      className="task-card"
      aria-label={`${card.kindLabel} details`}
      data-testid="task-confirmation"
    >
      <p className="small muted">
        {card.kindLabel}: {remembered} of {card.slots.length} details from task memory. Grove
        remembers the task; it does not place it for you.
      </p>
      <ul className="task-slots">
        {card.slots.map((slot) => (
          <SlotRow key={`${slot.name}:${slot.value}`} card={card} slot={slot} />
        ))}
      </ul>
      {card.note && <p className="memories-error">{card.note}</p>}
    </section>
  );
}
