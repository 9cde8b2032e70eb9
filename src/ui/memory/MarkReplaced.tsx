/**
 * "Mark as replaced by…": the user links a memory to the one that replaced it, chosen from their
 * other memories: the ones the inspector holds, or, in a memory larger than that, the closest in
 * meaning to what the user types. A refusal is said in words beside the picker.
 */
import { useId, useState } from 'react';
import type { FactView } from '../../storage/memory-store.ts';
import { useGrove, useServices } from '../app-context.tsx';

export function MarkReplaced({ fact }: { fact: FactView }) {
  const { memoryActions, store } = useServices();
  const held = useGrove((s) => s.facts);
  const large = useGrove((s) => (s.inspection?.facts ?? 0) > s.facts.length);
  const [found, setFound] = useState<readonly FactView[] | null>(null);
  const [query, setQuery] = useState('');
  const others = (found ?? held).filter((f) => f.id !== fact.id);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (!open)
    return (
      <button
        type="button"
        className="secondary"
        disabled={!large && others.length === 0}
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
      {large ? (
        <>
          <label htmlFor={`${id}-find`}>Find</label>
          <input
            id={`${id}-find`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              const text = query.trim();
              if (!text) setFound(null);
              else void memoryActions.search(text).then((views) => setFound(views ?? []));
            }}
          />
        </>
      ) : null}
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
