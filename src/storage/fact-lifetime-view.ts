/**
 * What the inspector shows of a fact's lifetime: its dates, who replaced it, and its lineage
 * (the chain of values an attribute went through, oldest first), each step with the session and
 * conversation it came from.
 */
import { validFromOf } from '../engine/lifetime/assign.ts';
import { lineageOf } from '../engine/lifetime/lineage.ts';
import { LayeredMap } from '../engine/layered-map.ts';
import type { Fact, FactId, SupersedeDecider } from '../engine/types.ts';

/** One step of a lineage: a fact, when it held, and where it was said. */
export interface LineageStep {
  readonly id: string;
  readonly text: string;
  /** When it began to hold (its own date, else its first session's), or null when unknown. */
  readonly validFrom: string | null;
  readonly validTo: string | null;
  readonly replaced: boolean;
  readonly sessionId: string | null;
  /** When that session took place (its recorded time), or null. */
  readonly sessionTime: string | null;
  readonly conversationId: string | null;
}

export interface FactLifetimeView {
  /** When the fact began to hold: its own `validFrom`, else its first session's date. */
  readonly validFrom?: string;
  readonly validTo?: string;
  /** The fact that replaced this one. */
  readonly supersededBy?: string;
  readonly supersededHow?: SupersedeDecider;
  /** The chain this fact belongs to, oldest first; absent when it was never replaced nor replaced one. */
  readonly lineage?: readonly LineageStep[];
}

/**
 * The lifetime view of each fact of `facts`, each step's conversation told by `conversationOf`.
 * Lineages are only walked for facts in a chain (a memory of 30,000 facts is mostly facts no
 * other replaced).
 */
export function lifetimeViews(
  facts: ReadonlyMap<FactId, Fact>,
): (fact: Fact, conversationOf: (sessionId: string) => string | null) => FactLifetimeView {
  const replacing = replacingCounts(facts);
  return (fact, conversationOf) => lifetimeView(facts, fact, conversationOf, replacing);
}

type FactsMap = ReadonlyMap<FactId, Fact>;

/** How many facts each fact replaced, per facts map (kept while the map lives). */
const replacingOf = new WeakMap<FactsMap, ReadonlyMap<FactId, number>>();
/**
 * The facts map counted last: the next one (a fact or two changed) is counted from it. Held
 * strongly (as first-by-id.ts holds its last page's map).
 */
let lastCounted: FactsMap | undefined;

/**
 * Which facts replaced others (`supersededBy` of any fact), as counts: from the last map counted
 * where `facts` was made from it (layered-map.ts), reading only the facts that changed; else from
 * every fact.
 */
function replacingCounts(facts: FactsMap): ReadonlyMap<FactId, number> {
  const kept = replacingOf.get(facts);
  if (kept) return kept;
  const base = lastCounted;
  const before = base && replacingOf.get(base);
  const keys = base && before ? LayeredMap.changedBetween(base, facts) : undefined;
  let counts: ReadonlyMap<FactId, number>;
  if (base && before && keys) {
    const edit = LayeredMap.edit(before);
    const bump = (id: FactId, by: number) => {
      const n = (edit.get(id) ?? 0) + by;
      if (n === 0) edit.delete(id);
      else edit.set(id, n);
    };
    for (const id of keys) {
      const old = base.get(id)?.supersededBy;
      const now = facts.get(id)?.supersededBy;
      if (old === now) continue;
      if (old !== undefined) bump(old, -1);
      if (now !== undefined) bump(now, 1);
    }
    counts = edit.freeze();
  } else {
    const all = new Map<FactId, number>();
    for (const f of facts.values()) {
      if (f.supersededBy !== undefined) all.set(f.supersededBy, (all.get(f.supersededBy) ?? 0) + 1);
    }
    counts = all;
  }
  replacingOf.set(facts, counts);
  lastCounted = facts;
  return counts;
}

function lifetimeView(
  facts: ReadonlyMap<FactId, Fact>,
  fact: Fact,
  conversationOf: (sessionId: string) => string | null,
  replacing: { has(id: FactId): boolean },
): FactLifetimeView {
  const validFrom = validFromOf(fact);
  const inChain = fact.supersededBy !== undefined || replacing.has(fact.id);
  const chain = inChain ? lineageOf(facts, fact.id) : [];
  const lineage =
    chain.length > 1
      ? chain.map((f): LineageStep => {
          const source = f.sources[0];
          const sessionId = source?.sessionId ?? null;
          return {
            id: f.id,
            text: f.text,
            validFrom: validFromOf(f) ?? null,
            validTo: f.validTo ?? null,
            replaced: f.supersededBy !== undefined,
            sessionId,
            sessionTime: source?.time ?? null,
            conversationId: sessionId === null ? null : conversationOf(sessionId),
          };
        })
      : undefined;
  return {
    ...(validFrom === undefined ? {} : { validFrom }),
    ...(fact.validTo === undefined ? {} : { validTo: fact.validTo }),
    ...(fact.supersededBy === undefined ? {} : { supersededBy: fact.supersededBy }),
    ...(fact.supersededHow === undefined ? {} : { supersededHow: fact.supersededHow }),
    ...(lineage === undefined ? {} : { lineage }),
  };
}
