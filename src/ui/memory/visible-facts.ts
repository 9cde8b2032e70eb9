/**
 * The inspector's list at scale: the store holds the first INSPECTOR_ROWS facts of a large
 * memory (state/memory-slice.ts). The list shows them, plus the fact linked with the tree
 * wherever it is (read from the worker when it is not among them); search reaches the others.
 */
import { INSPECTOR_ROWS } from '../../state/memory-slice.ts';

export { INSPECTOR_ROWS };

export function visibleFacts<T extends { readonly id: string }>(
  facts: readonly T[],
  linked: string | null,
  limit: number = INSPECTOR_ROWS,
  /** The linked fact, read on its own when `facts` does not hold it. */
  linkedFact?: T,
): readonly T[] {
  const extra =
    linked === null
      ? undefined
      : (facts.find((f) => f.id === linked) ??
        (linkedFact?.id === linked ? linkedFact : undefined));
  if (facts.length <= limit && (!extra || facts.includes(extra))) return facts;
  const shown = facts.slice(0, limit);
  if (extra && !shown.includes(extra)) shown.push(extra);
  return shown;
}
