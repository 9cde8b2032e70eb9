/**
 * A fact's lifetime in the tree's node panel: "May 2024 → now", or "replaced" with both dates.
 */
import { validFromOf } from '../../engine/lifetime/assign.ts';
import type { Fact } from '../../engine/types.ts';
import { datesLine } from '../memory/lineage-label.ts';

export function FactDates({ fact }: { fact: Fact }) {
  const replaced = fact.supersededBy !== undefined;
  const dates = datesLine(validFromOf(fact), fact.validTo, replaced);
  if (!replaced && dates === '') return null;
  return (
    <span className="fact-dates" data-testid="node-fact-dates">
      {replaced ? <strong className="node-replaced">replaced</strong> : null}
      {replaced && dates !== '' ? ' · ' : null}
      {dates}
    </span>
  );
}
