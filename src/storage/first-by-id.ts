import { LayeredMap } from '../engine/layered-map.ts';
import type { Fact, FactId } from '../engine/types.ts';

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

type FactsMap = ReadonlyMap<FactId, Fact>;

/**
 * The first page worked out last (a memory's next one is mostly the same facts). Held strongly:
 * the map an ingestion made the last page of is no longer the live tree's, and would be
 * collected; it shares its base with the live one, so holding it costs little.
 */
let lastPage:
  | { readonly facts: FactsMap; readonly limit: number; readonly listed: readonly Fact[] }
  | undefined;

/**
 * `firstById` of every fact of `facts`: from the last page worked out where `facts` was made
 * from its map (layered over the same base, engine/layered-map.ts) and none of its facts is gone,
 * reading only the facts that changed (a fact that changed or came in may join the page; every
 * other fact ranked below it before and still does); else from every fact.
 */
export function firstPageOf(facts: FactsMap, limit: number): Fact[] {
  const listed = carriedPage(facts, limit) ?? firstById([...facts.values()], limit);
  lastPage = { facts, limit, listed };
  return listed;
}

function carriedPage(facts: FactsMap, limit: number): Fact[] | undefined {
  const last = lastPage;
  const before = last?.limit === limit ? last.facts : undefined;
  if (!last || !before) return undefined;
  if (before === facts) return [...last.listed];
  const keys = LayeredMap.changedBetween(before, facts);
  if (!keys) return undefined;
  const changed = new Set(keys);
  const onPage = new Set(last.listed.map((f) => f.id));
  const candidates: Fact[] = [];
  for (const id of changed) {
    const now = facts.get(id);
    if (now) candidates.push(now);
    else if (onPage.has(id)) return undefined; // a fact below the page would move up
  }
  for (const fact of last.listed) if (!changed.has(fact.id)) candidates.push(fact);
  return firstById(candidates, limit);
}
