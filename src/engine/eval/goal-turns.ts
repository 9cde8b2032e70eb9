/**
 * Where the main task's goal-bearing turns went (NTM). A turn bears a goal of the checkpoint when
 * it holds one of the goal's numbers or named items, or enough of its other key words (half,
 * rounded up, and at least two when the goal has two or more): "Lower the RAM requirement to
 * 8GB" bears "16GB RAM"; "How often should I clean the dust out of my laptop?" bears none. The
 * main task's tree is the tree of the dialogue's first turn (NTM dialogues open with the task).
 * A goal-bearing turn outside that tree, or off the path the final turn is answered from, reaches
 * the final answer only through a summary: that is where goals get lost.
 */
import { goalCovered, indexContext, type GoalTerms } from './goal-terms.ts';

export function bearsGoal(turn: string, goals: readonly GoalTerms[]): boolean {
  const index = indexContext(turn);
  return goals.some((g) => {
    if (g.numbers.some((n) => goalCovered({ ...g, named: [], words: [], numbers: [n] }, index))) {
      return true;
    }
    if (g.named.some((n) => index.stems.has(n))) return true;
    const found = g.words.filter((w) => index.stems.has(w)).length;
    const need = Math.min(g.words.length, Math.max(2, Math.ceil(g.words.length / 2)));
    return need > 0 && found >= need;
  });
}

export interface GoalTurns {
  /** Turns before the final one that bear a goal. */
  readonly total: number;
  /** Of those, how many landed in the main task's tree. */
  readonly in_main_tree: number;
  /** Of those, how many are on the path the final turn is answered from (in full, not summarised). */
  readonly on_final_path: number;
  /** Whether the final turn was routed to the main task's tree. */
  readonly final_in_main_tree: boolean;
}

export interface PlacedTurn {
  readonly text: string;
  readonly treeId: string;
  readonly nodeId: string;
}

/** `turns`: every turn but the final one, where it was placed; `final`: the final turn's routing. */
export function goalTurns(
  turns: readonly PlacedTurn[],
  final: { readonly treeId: string; readonly pathNodeIds: readonly string[] },
  goals: readonly GoalTerms[],
): GoalTurns {
  const mainTree = turns[0]?.treeId ?? final.treeId;
  const onPath = new Set(final.pathNodeIds);
  const bearing = turns.filter((t) => bearsGoal(t.text, goals));
  return {
    total: bearing.length,
    in_main_tree: bearing.filter((t) => t.treeId === mainTree).length,
    on_final_path: bearing.filter((t) => onPath.has(t.nodeId)).length,
    final_in_main_tree: final.treeId === mainTree,
  };
}
