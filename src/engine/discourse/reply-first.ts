/**
 * Reply-first turns: Context-Agent within a device's time budget.
 *
 * The paper routes a turn (topic, then branch, each possibly an LLM call) before it answers. On a
 * device every call waits on one engine, so those calls would sit between the user and the first
 * token of the reply. Here the reply's context is chosen by the embedding decisions, which cost
 * no call (`routeForReply`). After the reply, `settleTurn` routes the same query again with the
 * LLM's decisions from the same starting state, and commits the round where the LLM places it.
 * The forest is therefore the one the paper's order builds; only the reply's context can differ,
 * in the turns where the embedding's choice and the LLM's differ (`settled.changed` says so).
 */
import type { DiscourseState } from './types.ts';
import {
  commitRound,
  routeEmbeddedTurn,
  routeTurn,
  type CommittedRound,
  type DiscourseDeps,
  type RoutedTurn,
} from './turn.ts';

/** Routes a turn for its reply with decisions that make no LLM call. */
export function routeForReply(
  input: DiscourseState,
  query: string,
  deps: DiscourseDeps,
  signal?: AbortSignal,
): Promise<RoutedTurn> {
  return routeTurn(input, query, { ...deps, decider: deps.replyDecider }, signal);
}

export interface SettledTurn extends CommittedRound {
  /** The routing the round was committed with. */
  readonly routed: RoutedTurn;
  /** The settled routing placed the round elsewhere than the reply's routing. */
  readonly changed: boolean;
}

/**
 * Places the answered round: with the LLM's decisions when `deps.decider` is not the reply's
 * (routed again from `input`, the state before the turn), else where the reply's routing put it.
 */
export async function settleTurn(
  input: DiscourseState,
  forReply: RoutedTurn,
  reply: string,
  deps: DiscourseDeps,
  signal?: AbortSignal,
): Promise<SettledTurn> {
  const routed =
    deps.decider === deps.replyDecider
      ? forReply
      : await routeEmbeddedTurn(input, forReply.query, forReply.queryEmbedding, deps, signal);
  const committed = await commitRound(routed, reply, deps, signal);
  return { ...committed, routed, changed: placement(routed) !== placement(forReply) };
}

/** Where a routed turn's round goes: its tree, its branch and the node it follows. */
function placement(routed: RoutedTurn): string {
  const tree = routed.state.trees.find((t) => t.id === routed.state.activeTreeId);
  return `${tree?.id}/${tree?.activeBranchId}/${tree?.currentNodeId}`;
}
