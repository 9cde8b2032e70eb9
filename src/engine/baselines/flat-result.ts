/** Builds a RetrievalResult and its event stream for retrievers that select without judging. */
import type { Tokenizer } from '../ports.ts';
import type {
  RetrievalResult,
  RetrievedItem,
  RetrieveOptions,
  TraversalEvent,
} from '../retrieval.ts';
import { asNodeId, type FactId, type SessionId } from '../types.ts';
import { contextTokens } from '../eval/metrics.ts';

export interface Selection {
  readonly item: RetrievedItem;
  /** Tree level of the selected node; flat units are level 0. */
  readonly level: number;
  /** Set when the selected node stands for one fact. */
  readonly factId?: FactId;
}

/** Emits one 'select' per returned item (in rank order) and a final 'done'. */
export function selectionResult(
  selections: readonly Selection[],
  tokenizer: Tokenizer,
  options: RetrieveOptions,
): RetrievalResult {
  const events: TraversalEvent[] = [];
  const emit = (event: TraversalEvent) => {
    events.push(event);
    options.onEvent?.(event);
  };
  for (const { item, level, factId } of selections) {
    emit({ type: 'select', node: asNodeId(item.id), level, ...(factId ? { factId } : {}) });
  }
  const items = selections.map((s) => s.item);
  emit({ type: 'done', selected: items.length, calls: 0, tokens: 0 });
  return {
    items,
    contextTokens: contextTokens(items, tokenizer),
    llmCalls: 0,
    judgeTokens: 0,
    events,
  };
}

/** What a flat unit must carry to be returned. */
export interface UnitLike {
  readonly id: string;
  readonly text: string;
  readonly sessionIds: readonly SessionId[];
  readonly factIds?: readonly FactId[];
}

/** A flat unit selected at level 0; a one-fact unit names its fact in the 'select' event. */
export function unitSelection(unit: UnitLike, score?: number): Selection {
  const item: RetrievedItem = {
    id: unit.id,
    text: unit.text,
    sessionIds: unit.sessionIds,
    ...(unit.factIds ? { factIds: unit.factIds } : {}),
    ...(score !== undefined ? { score } : {}),
  };
  const factId = unit.factIds?.length === 1 ? unit.factIds[0] : undefined;
  return { item, level: 0, ...(factId ? { factId } : {}) };
}

/** Checks a top-k parameter: a whole number ≥ 1. */
export function checkK(k: number, what = 'k'): number {
  if (!Number.isInteger(k) || k < 1)
    throw new RangeError(`${what} must be a whole number ≥ 1, got ${k}`);
  return k;
}
