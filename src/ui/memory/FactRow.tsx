/** One memory in the inspector: its text, where it came from, edit and delete. */
import { EditDeleteButtons } from './EditDeleteButtons.tsx';
import { useState } from 'react';
import type { FactView } from '../../storage/memory-store.ts';
import { useServices } from '../app-context.tsx';

export function FactRow({ fact, score }: { fact: FactView; score?: number }) {
  const { memoryActions } = useServices();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(fact.text);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const sources = fact.sources.map((s) => s.sessionId).join(', ');
  return (
    <li className="fact" data-testid="fact">
      {editing ? (
        <form
          className="fact-edit"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await memoryActions.editFact(fact.id, draft.trim());
              setEditing(false);
            });
          }}
        >
          <label className="visually-hidden" htmlFor={`edit-${fact.id}`}>
            Memory text
          </label>
          <input
            id={`edit-${fact.id}`}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            autoFocus
          />
          <button type="submit" disabled={busy || !draft.trim()}>
            Save
          </button>
          <button type="button" className="secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <>
          <p className="fact-text">
            {fact.text}
            {score !== undefined && (
              <span className="muted small"> · match {score.toFixed(2)}</span>
            )}
          </p>
          <p className="muted small">
            {fact.category} · from session{fact.sources.length === 1 ? '' : 's'} {sources}
          </p>
          <EditDeleteButtons
            busy={busy}
            label={`memory: ${fact.text}`}
            onEdit={() => {
              setDraft(fact.text);
              setEditing(true);
            }}
            onDelete={() => void run(() => memoryActions.deleteFact(fact.id))}
          />
        </>
      )}
    </li>
  );
}
