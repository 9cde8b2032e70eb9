/**
 * What each laid-out node looks like at a replay step: its own replay state, or faded when an
 * ancestor was pruned (a pruned subtree is never searched). One pass, parents before children.
 */
import type { NodeId } from '../../engine/types.ts';
import { FOREST_ROOT, type TreeLayout } from './layout.ts';
import type { NodeReplayState } from './replay.ts';

export const VISUAL = {
  idle: 0,
  visited: 1,
  kept: 2,
  pruned: 3,
  faded: 4,
  selected: 5,
} as const;

export type VisualName = keyof typeof VISUAL;
export type VisualCode = (typeof VISUAL)[VisualName];
export const VISUAL_NAMES: readonly VisualName[] = [
  'idle',
  'visited',
  'kept',
  'pruned',
  'faded',
  'selected',
];

export function visualStates(
  layout: TreeLayout,
  states: ReadonlyMap<NodeId, NodeReplayState>,
): Uint8Array {
  const out = new Uint8Array(layout.nodes.length);
  layout.nodes.forEach((node, i) => {
    const own = node.id === FOREST_ROOT ? undefined : states.get(node.id);
    const parent = node.parent >= 0 ? out[node.parent] : VISUAL.idle;
    const underPruned = parent === VISUAL.pruned || parent === VISUAL.faded;
    if (own === 'selected') out[i] = VISUAL.selected;
    else if (underPruned) out[i] = VISUAL.faded;
    else out[i] = own ? VISUAL[own] : VISUAL.idle;
  });
  return out;
}

/** How many nodes show each visual (for counters, tests and the automation API). */
export function countVisuals(codes: Uint8Array): Record<VisualName, number> {
  const counts = { idle: 0, visited: 0, kept: 0, pruned: 0, faded: 0, selected: 0 };
  for (const code of codes) counts[VISUAL_NAMES[code] ?? 'idle']++;
  return counts;
}

export interface BruteForceCost {
  /** Judging every fact: one call each. */
  readonly calls: number;
  /** Tokens at the traversal's own mean tokens per call; undefined when it made no LLM call. */
  readonly tokens: number | undefined;
}

/** What judging every fact one by one would cost, priced at the traversal's tokens per call. */
export function bruteForceCost(factCount: number, calls: number, tokens: number): BruteForceCost {
  return {
    calls: factCount,
    tokens: calls > 0 ? Math.round((tokens / calls) * factCount) : undefined,
  };
}
