/**
 * The remembered facts whose words may state one of the slots a session's new facts state: the
 * facts the rule-based supersede check compares them with (assign.ts). Finding them read every
 * fact of a heavy user's 30,000 on every insert (0.025–0.045 s in the browser); here the facts of
 * each slot asked before are kept, and carried to a facts map made from the last one
 * (engine/layered-map.ts) by reading only the facts that changed.
 */
import { LayeredMap } from '../layered-map.ts';
import type { Fact, FactId } from '../types.ts';
import { mayStateSlot } from './fact-readings.ts';

type Facts = ReadonlyMap<FactId, Fact>;

/**
 * The facts map worked out last and each slot's facts in it. Held strongly: the map an
 * ingestion read is no longer the live tree's afterwards, and shares its base with it.
 */
let last:
  { readonly facts: Facts; readonly bySlot: ReadonlyMap<string, ReadonlySet<FactId>> } | undefined;

/** Each kept slot's facts in `facts`: carried from the last map where it was made from it. */
function carried(facts: Facts): Map<string, Set<FactId>> {
  const changed = last && LayeredMap.changedBetween(last.facts, facts);
  const bySlot = new Map<string, Set<FactId>>();
  if (!last || !changed) return bySlot;
  const ids = [...changed];
  for (const [slot, kept] of last.bySlot) {
    const now = new Set(kept);
    for (const id of ids) {
      const fact = facts.get(id);
      if (fact && mayStateSlot(fact, slot)) now.add(id);
      else now.delete(id);
    }
    bySlot.set(slot, now);
  }
  return bySlot;
}

/** The facts of `facts` whose words may state any of `slots` (`mayStateSlot`), in its order. */
export function factsMayStating(facts: Facts, slots: ReadonlySet<string>): Fact[] {
  const bySlot = carried(facts);
  const unread = [...slots].filter((slot) => !bySlot.has(slot));
  // A pass over every fact for the slots not kept; it lists the facts in order when no slot was.
  const inOrder: Fact[] | undefined = unread.length === slots.size ? [] : undefined;
  if (unread.length > 0) {
    const found = unread.map(() => new Set<FactId>());
    for (const fact of facts.values()) {
      let any = false;
      unread.forEach((slot, i) => {
        if (!mayStateSlot(fact, slot)) return;
        (found[i] as Set<FactId>).add(fact.id);
        any = true;
      });
      if (any) inOrder?.push(fact);
    }
    unread.forEach((slot, i) => bySlot.set(slot, found[i] as Set<FactId>));
  }
  last = { facts, bySlot };
  if (inOrder) return inOrder;
  const chosen = new Set<FactId>();
  for (const slot of slots) for (const id of bySlot.get(slot) ?? []) chosen.add(id);
  const position = LayeredMap.positions(facts);
  return [...chosen]
    .map((id) => ({ id, at: position(id) ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.at - b.at)
    .flatMap(({ id }) => {
      const fact = facts.get(id);
      return fact ? [fact] : [];
    });
}
