/**
 * The inspector's list at scale: a profile of 30,000 facts cannot be one list of rows (the page
 * would build 30,000 rows with their buttons). The list shows the first INSPECTOR_ROWS facts,
 * plus the fact linked with the tree wherever it is; search reaches the others.
 */
export const INSPECTOR_ROWS = 200;

export function visibleFacts<T extends { readonly id: string }>(
  facts: readonly T[],
  linked: string | null,
  limit: number = INSPECTOR_ROWS,
): readonly T[] {
  if (facts.length <= limit) return facts;
  const shown = facts.slice(0, limit);
  if (linked !== null && !shown.some((f) => f.id === linked)) {
    const fact = facts.find((f) => f.id === linked);
    if (fact) shown.push(fact);
  }
  return shown;
}
