/**
 * When a memory held, in the inspector: "May 2024 → now", or marked "replaced" with both dates
 * and who replaced it. Its chain (LineageChain) and the hand controls (LifetimeAction) are
 * placed by the row.
 */
import type { FactView } from '../../storage/memory-store.ts';
import { datesLine } from './lineage-label.ts';
import './lineage.css';

const BY = { rule: 'automatically', model: 'by the model', user: 'by you' } as const;

export function FactLifetime({ fact }: { fact: FactView }) {
  const replaced = fact.supersededBy !== undefined;
  const dates = datesLine(fact.validFrom, fact.validTo, replaced);
  if (!replaced && dates === '') return null;
  return (
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
  );
}
