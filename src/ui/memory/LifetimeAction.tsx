/**
 * The hand on a memory's lifetime, in its row's buttons: "Undo replacement" for a replaced
 * memory (both current again), "Mark as replaced by…" for a current one. A refusal is said in
 * words beside the button.
 */
import { useState } from 'react';
import type { FactView } from '../../storage/memory-store.ts';
import { useServices } from '../app-context.tsx';
import { MarkReplaced } from './MarkReplaced.tsx';
import './lineage.css';

export function LifetimeAction({ fact }: { fact: FactView }) {
  const { memoryActions, store } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (fact.supersededBy === undefined) return <MarkReplaced fact={fact} />;
  const undo = async () => {
    setBusy(true);
    setError(null);
    const done = await memoryActions.undoSupersede(fact.id);
    if (!done) setError(store.getState().memoryError);
    setBusy(false);
  };
  return (
    <>
      <button
        type="button"
        className="secondary"
        disabled={busy}
        aria-label={`Undo replacement: ${fact.text}`}
        onClick={() => void undo()}
      >
        Undo replacement
      </button>
      {error ? <p className="fact-error small">{error}</p> : null}
    </>
  );
}
