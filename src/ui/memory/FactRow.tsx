/**
 * One memory in the inspector: its text, where it came from, edit, delete and "Show in tree".
 * `linked`: the fact the tree points at (highlighted); the row takes the focus when opened from
 * the tree.
 */
import { EditDeleteButtons } from './EditDeleteButtons.tsx';
import { FactProvenance } from './FactProvenance.tsx';
import { FactLifetime } from './FactLifetime.tsx';
import { LifetimeAction } from './LifetimeAction.tsx';
import { LineageChain } from './LineageChain.tsx';
import { useState } from 'react';
import type { FactView } from '../../storage/memory-store.ts';
import { useServices } from '../app-context.tsx';

interface Props {
  readonly fact: FactView;
  readonly score?: number;
  readonly linked?: boolean;
  /** False when the tree does not hold the fact (yet): "Show in tree" is disabled. */
  readonly inTree?: boolean;
}

export function FactRow({ fact, score, linked = false, inTree = true }: Props) {
  const { memoryActions, store } = useServices();
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
  return (
    <li
      className={`fact${linked ? ' fact-linked' : ''}${fact.supersededBy === undefined ? '' : ' fact-replaced'}`}
      data-testid="fact"
      data-fact-id={fact.id}
      aria-current={linked ? 'true' : undefined}
      tabIndex={-1}
    >
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
          {fact.category === 'request' && (
            <p className="muted small">
              <span
                data-testid="fact-request"
                title="The session stated nothing; the user asked this"
              >
                request (asked, not stated)
              </span>
            </p>
          )}
          <FactProvenance fact={fact} />
          <FactLifetime fact={fact} />
          <EditDeleteButtons
            busy={busy}
            label={`memory: ${fact.text}`}
            onEdit={() => {
              setDraft(fact.text);
              setEditing(true);
            }}
            onDelete={() => void run(() => memoryActions.deleteFact(fact.id))}
          >
            <button
              type="button"
              className="secondary"
              disabled={!inTree}
              aria-label={`Show in tree: ${fact.text}`}
              onClick={() => store.getState().showFactInTree(fact.id)}
            >
              Show in tree
            </button>
            <LifetimeAction fact={fact} />
          </EditDeleteButtons>
          {fact.lineage ? <LineageChain steps={fact.lineage} factId={fact.id} /> : null}
        </>
      )}
    </li>
  );
}
