/**
 * What the inspector shows of a fact's lifetime: its dates, who replaced it, and its lineage
 * (the chain of values an attribute went through, oldest first), each step with the session and
 * conversation it came from.
 */
import { validFromOf } from '../engine/lifetime/assign.ts';
import { lineageOf } from '../engine/lifetime/lineage.ts';
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
  const replacing = new Set<FactId>();
  for (const f of facts.values()) if (f.supersededBy !== undefined) replacing.add(f.supersededBy);
  return (fact, conversationOf) => lifetimeView(facts, fact, conversationOf, replacing);
}

function lifetimeView(
  facts: ReadonlyMap<FactId, Fact>,
  fact: Fact,
  conversationOf: (sessionId: string) => string | null,
  replacing: ReadonlySet<FactId>,
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
