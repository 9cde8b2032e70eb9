/**
 * The long-context baseline: no retrieval at all — everything goes into the prompt, in session
 * order. Either all raw sessions, or all extracted facts. No LLM call, no embedding.
 */
import type { Tokenizer } from '../ports.ts';
import type { Retriever } from '../retrieval.ts';
import type { Fact, Session, SessionId } from '../types.ts';
import { approximateTokenizer } from '../tokens.ts';
import { throwIfAborted } from '../errors.ts';
import { selectionResult, unitSelection, type Selection } from './flat-result.ts';
import { unitsFromFacts } from './flat-topk.ts';
import { sessionText } from './session-text.ts';

export type LongContextOptions = (
  | {
      readonly kind: 'sessions';
      /** In chronological order; sessions without turns hold nothing and are left out. */
      readonly sessions: readonly Session[];
    }
  | {
      readonly kind: 'facts';
      readonly facts: readonly Fact[];
      /**
       * Chronological session ids: facts are ordered by their earliest source session in it
       * (stable; facts from sessions not listed come last). Without it, facts keep their order.
       */
      readonly sessionOrder?: readonly SessionId[];
    }
) & { readonly name?: string; readonly tokenizer?: Tokenizer };

/** Facts in session order: by the rank of their earliest source session, stable. */
export function factsInSessionOrder(
  facts: readonly Fact[],
  sessionOrder: readonly SessionId[],
): Fact[] {
  const rank = new Map(sessionOrder.map((id, i) => [id, i] as const));
  const key = (fact: Fact) =>
    Math.min(Infinity, ...fact.sources.map((s) => rank.get(s.sessionId) ?? Infinity));
  return facts
    .map((fact, index) => ({ fact, index, key: key(fact) }))
    .sort((a, b) => (a.key === b.key ? a.index - b.index : a.key < b.key ? -1 : 1))
    .map((e) => e.fact);
}

function selections(options: LongContextOptions): Selection[] {
  if (options.kind === 'sessions') {
    return options.sessions
      .filter((s) => s.turns.length > 0)
      .map((s) => unitSelection({ id: s.id, text: sessionText(s), sessionIds: [s.id] }));
  }
  const facts = options.sessionOrder
    ? factsInSessionOrder(options.facts, options.sessionOrder)
    : options.facts;
  return unitsFromFacts(facts).map((unit) => unitSelection(unit));
}

/** Returns everything, whatever the query. */
export function createLongContextRetriever(options: LongContextOptions): Retriever {
  const all = selections(options);
  const tokenizer = options.tokenizer ?? approximateTokenizer;
  return {
    name: options.name ?? (options.kind === 'sessions' ? 'long-context' : 'long-context-facts'),
    async retrieve(_query, retrieveOptions = {}) {
      throwIfAborted(retrieveOptions.signal);
      return selectionResult(all, tokenizer, retrieveOptions);
    },
  };
}
