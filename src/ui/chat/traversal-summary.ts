/** Turns a retrieval's event stream into what "memories used" shows: kept and pruned nodes. */
import type { TraversalEvent } from '../../engine/retrieval.ts';
import type { TreeOutline, NodeId } from '../../engine/types.ts';

export interface JudgedNode {
  readonly node: string;
  readonly level: number;
  readonly text: string;
  readonly reason: string;
}

export interface TraversalSummary {
  readonly visited: number;
  readonly kept: readonly JudgedNode[];
  readonly pruned: readonly JudgedNode[];
  readonly calls: number;
  readonly tokens: number;
  readonly fallback: string | null;
  /** Why the ranked set was cut to the context budget, if it was. */
  readonly trimmed: string | null;
  readonly budgetExhausted: boolean;
}

export function summariseTraversal(
  events: readonly TraversalEvent[],
  tree: TreeOutline | null,
): TraversalSummary {
  const text = (id: NodeId) => tree?.nodes.get(id)?.text ?? id;
  const kept: JudgedNode[] = [];
  const pruned: JudgedNode[] = [];
  let visited = 0;
  let calls = 0;
  let tokens = 0;
  let fallback: string | null = null;
  let trimmed: string | null = null;
  let budgetExhausted = false;
  for (const e of events) {
    switch (e.type) {
      case 'visit':
        visited++;
        break;
      case 'keep':
      case 'prune':
        (e.type === 'keep' ? kept : pruned).push({
          node: e.node,
          level: e.level,
          text: text(e.node),
          reason: e.reason,
        });
        calls = Math.max(calls, e.calls);
        tokens += e.tokens;
        break;
      case 'fallback':
        fallback = e.reason;
        break;
      case 'budget-exhausted':
        budgetExhausted = true;
        break;
      case 'trim':
        trimmed = e.reason;
        break;
      case 'done':
        calls = e.calls;
        tokens = e.tokens;
        break;
      case 'select':
        break;
    }
  }
  return { visited, kept, pruned, calls, tokens, fallback, trimmed, budgetExhausted };
}

/**
 * Whether a reply's walk can be shown: its events are not saved with the chat, so after a reload
 * a reply that used memories has none, and "0 kept, 0 pruned" beside them would contradict them.
 */
export function walkShown(memories: {
  readonly events: readonly unknown[];
  readonly items: readonly unknown[];
}): boolean {
  return memories.events.length > 0 || memories.items.length === 0;
}
