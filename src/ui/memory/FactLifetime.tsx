/**
 * When a memory held, in the inspector: "May 2024 → now", or marked "replaced" with both dates
 * and an undo; its chain when it is in one; and "Mark as replaced by…" to link it by hand.
 */
import { useState } from 'react';
import type { FactView } from '../../storage/memory-store.ts';
import { useServices } from '../app-context.tsx';
import { datesLine } from './lineage-label.ts';
import { LineageChain } from './LineageChain.tsx';
import { MarkReplaced } from './MarkReplaced.tsx';
import './lineage.css';

const BY = { rule: 'automatically', model: 'by the model', user: 'by you' } as const;

export function FactLifetime({ fact }: { fact: FactView }) {
  const { memoryActions, store } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const replaced = fact.supersededBy !== undefined;
  const dates = datesLine(fact.validFrom, fact.validTo, replaced);
  const undo = async () => {
    setBusy(true);
    setError(null);
    const done = await memoryActions.undoSupersede(fact.id);
    if (!done) setError(store.getState().memoryError);
    setBusy(false);
  };
  return (
    <div className="fact-lifetime">
      <p className="fact-dates small" data-testid="fact-dates">
        {replaced ? (
          <span className="replaced-badge" data-testid="replaced-badge">
            replaced
          </span>
        ) : null}{' '}
        <span className="muted">
          {dates}
          {replaced && fact.supersededHow ? ` · ${BY[fact.supersededHow]}` : ''}
        </span>
      </p>
      {fact.lineage ? <LineageChain steps={fact.lineage} factId={fact.id} /> : null}
      {replaced ? (
        <button
          type="button"
          className="secondary small-button"
          disabled={busy}
          aria-label={`Undo replacement: ${fact.text}`}
          onClick={() => void undo()}
        >
          Undo replacement
        </button>
      ) : (
        <MarkReplaced fact={fact} />
      )}
      {error ? <p className="fact-error small">{error}</p> : null}
    </div>
  );
}
