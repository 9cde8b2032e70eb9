/**
 * "Mark as replaced by…": the user links a memory to the one that replaced it, chosen from their
 * other memories (the ones the inspector holds). A refusal is said in words beside the picker.
 */
import { useId, useState } from 'react';
import type { FactView } from '../../storage/memory-store.ts';
import { useGrove, useServices } from '../app-context.tsx';

export function MarkReplaced({ fact }: { fact: FactView }) {
  const { memoryActions, store } = useServices();
  const others = useGrove((s) => s.facts).filter((f) => f.id !== fact.id);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (!open)
    return (
      <button
        type="button"
        className="secondary small-button"
        disabled={others.length === 0}
        aria-label={`Mark as replaced by another memory: ${fact.text}`}
        onClick={() => {
          setOpen(true);
          setError(null);
        }}
      >
        Mark as replaced by…
      </button>
    );
  const mark = async () => {
    setBusy(true);
    setError(null);
    const done = await memoryActions.markReplaced(fact.id, choice);
    setBusy(false);
    if (done) setOpen(false);
    else setError(store.getState().memoryError);
  };
  return (
    <form
      className="mark-replaced"
      onSubmit={(e) => {
        e.preventDefault();
        if (choice) void mark();
      }}
    >
      <label htmlFor={id}>Replaced by</label>
      <select id={id} value={choice} onChange={(e) => setChoice(e.target.value)}>
        <option value="">Choose a memory…</option>
        {others.map((f) => (
          <option key={f.id} value={f.id}>
            {f.supersededBy === undefined ? f.text : `${f.text} (replaced)`}
          </option>
        ))}
      </select>
      <button type="submit" disabled={busy || !choice}>
        Mark
      </button>
      <button type="button" className="secondary" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {error ? <p className="fact-error small">{error}</p> : null}
    </form>
  );
}
