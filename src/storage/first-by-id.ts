import type { Fact } from '../engine/types.ts';

const byId = (a: Fact, b: Fact) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The first `limit` facts in id order (all of them, without a limit): the inspector's first page
 * of a heavy user's 30,000 facts is picked in one pass, not by sorting them all.
 */
export function firstById(facts: readonly Fact[], limit?: number): Fact[] {
  if (limit === undefined || facts.length <= limit) return [...facts].sort(byId);
  const kept: Fact[] = [];
  for (const fact of facts) {
    if (kept.length === limit && byId(fact, kept[limit - 1] as Fact) >= 0) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (byId(kept[mid] as Fact, fact) <= 0) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, fact);
    if (kept.length > limit) kept.pop();
  }
  return kept;
}
