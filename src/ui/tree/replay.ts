/**
 * The traversal replay as a state machine: the first `step` events of a TraversalEvent stream
 * give each node a state (visited → kept / pruned; facts selected) and the running counters.
 * A cursor steps forward incrementally (play) and replays from the start only to go back (scrub).
 */
import type { TraversalEvent } from '../../engine/retrieval.ts';
import { factNodeId } from '../../engine/tree/draft.ts';
import type { NodeId } from '../../engine/types.ts';

export type NodeReplayState = 'visited' | 'kept' | 'pruned' | 'selected';

export interface ReplayCounters {
  /** LLM calls spent so far (cumulative, as reported by the events). */
  readonly calls: number;
  /** Judge tokens spent so far. */
  readonly tokens: number;
  readonly visited: number;
  readonly kept: number;
  readonly pruned: number;
  readonly selected: number;
}

export interface ReplayFrame extends ReplayCounters {
  readonly step: number;
  readonly total: number;
  /** States of the nodes touched so far; untouched nodes are absent. */
  readonly states: ReadonlyMap<NodeId, NodeReplayState>;
  /** The node the last applied event was about. */
  readonly current: NodeId | undefined;
  readonly lastEvent: TraversalEvent | undefined;
  /** The retriever's fallback reason, once it fell back. */
  readonly fallback: string | undefined;
  /** Why the ranked set was cut to the context budget, once it was. */
  readonly trimmed: string | undefined;
  readonly budgetExhausted: boolean;
  readonly done: boolean;
}

export class ReplayCursor {
  private states = new Map<NodeId, NodeReplayState>();
  private applied = 0;
  private calls = 0;
  private tokens = 0;
  private visited = 0;
  private kept = 0;
  private pruned = 0;
  private selected = 0;
  private current: NodeId | undefined;
  private fallback: string | undefined;
  private trimmed: string | undefined;
  private budgetExhausted = false;
  private done = false;

  constructor(readonly events: readonly TraversalEvent[]) {}

  get step(): number {
    return this.applied;
  }

  get total(): number {
    return this.events.length;
  }

  /** Moves to `step` (clamped to 0..total): forward incrementally, backward by replaying. */
  seek(step: number): ReplayFrame {
    const target = Math.max(0, Math.min(this.events.length, Math.floor(step)));
    if (target < this.applied) this.reset();
    while (this.applied < target) this.apply(this.events[this.applied] as TraversalEvent);
    return this.frame();
  }

  frame(): ReplayFrame {
    return {
      step: this.applied,
      total: this.events.length,
      states: this.states,
      current: this.current,
      lastEvent: this.applied > 0 ? this.events[this.applied - 1] : undefined,
      fallback: this.fallback,
      trimmed: this.trimmed,
      budgetExhausted: this.budgetExhausted,
      done: this.done,
      calls: this.calls,
      tokens: this.tokens,
      visited: this.visited,
      kept: this.kept,
      pruned: this.pruned,
      selected: this.selected,
    };
  }

  private reset(): void {
    this.states = new Map();
    this.applied = 0;
    this.calls = 0;
    this.tokens = 0;
    this.visited = 0;
    this.kept = 0;
    this.pruned = 0;
    this.selected = 0;
    this.current = undefined;
    this.fallback = undefined;
    this.trimmed = undefined;
    this.budgetExhausted = false;
    this.done = false;
  }

  private apply(event: TraversalEvent): void {
    this.applied++;
    switch (event.type) {
      case 'visit':
        if (!this.states.has(event.node)) {
          this.states.set(event.node, 'visited');
          this.visited++;
        }
        this.current = event.node;
        break;
      case 'keep':
      case 'prune':
        if (event.type === 'keep') this.kept++;
        else this.pruned++;
        this.states.set(event.node, event.type === 'keep' ? 'kept' : 'pruned');
        this.calls = Math.max(this.calls, event.calls);
        this.tokens += event.tokens;
        this.current = event.node;
        break;
      case 'select': {
        const node = event.factId !== undefined ? factNodeId(event.factId) : event.node;
        if (this.states.get(node) !== 'selected') this.selected++;
        this.states.set(node, 'selected');
        this.current = node;
        break;
      }
      case 'fallback':
        this.fallback = event.reason;
        break;
      case 'budget-exhausted':
        this.budgetExhausted = true;
        break;
      case 'trim':
        this.trimmed = event.reason;
        break;
      case 'done':
        this.done = true;
        this.calls = event.calls;
        this.tokens = event.tokens;
        break;
    }
  }
}

/** The frame after the first `step` events (a fresh cursor: for tests and one-off reads). */
export function replayAt(events: readonly TraversalEvent[], step: number): ReplayFrame {
  return new ReplayCursor(events).seek(step);
}
