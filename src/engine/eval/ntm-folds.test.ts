import { describe, expect, it } from 'vitest';
import { chooseCandidate, crossValidate, foldOf, foldScore, type FoldScore } from './ntm-folds.ts';
import type { NtmRow } from './ntm-eval.ts';

function row(covered: number, linearCovered: number, context: number, linear = 100): NtmRow {
  return {
    conversation_id: 'd',
    turns: 2,
    goals: 10,
    context_tokens_mean: context,
    linear_tokens_mean: linear,
    goals_covered: covered,
    linear_goals_covered: linearCovered,
    goal_coverage: covered / 10,
    linear_goal_coverage: linearCovered / 10,
    missed_goals: [],
    linear_missed_goals: [],
    trees: 1,
    branches: 1,
    goal_turns: { total: 4, in_main_tree: 3, on_final_path: 2, final_in_main_tree: true },
    decisions: {
      new_tree: 1,
      same_tree: 1,
      other_tree: 0,
      continue: 2,
      create_branch: 0,
      switch_branch: 0,
      fallback: 0,
    },
    llm_decisions: { topic: 0, branch: 0, most_in_a_turn: 0 },
    judged: null,
  };
}

const score = (gap: number, ratio: number): FoldScore => ({
  dialogues: 1,
  goals: 10,
  goal_coverage: 0.9 - gap / 100,
  linear_goal_coverage: 0.9,
  gap_points: gap,
  token_ratio: ratio,
  goal_turns_outside_main: 0,
});

describe('NTM folds', () => {
  it('puts dialogues in folds by their place in the file', () => {
    expect([0, 1, 4, 5, 9].map((i) => foldOf(i, 5))).toEqual([0, 1, 4, 0, 4]);
  });

  it('scores a fold from its counts: coverage gap in points and token ratio', () => {
    const s = foldScore([row(8, 9, 50), row(9, 9, 70)]);
    expect(s.gap_points).toBeCloseTo(5);
    expect(s.token_ratio).toBeCloseTo(0.6);
    expect(s.goal_turns_outside_main).toBeCloseTo(0.25);
  });

  it('prefers the setting good on every fold to the one best on average', () => {
    const even = [score(2, 0.55), score(2, 0.55), score(2, 0.55)];
    const uneven = [score(0, 0.4), score(0, 0.4), score(4, 0.55)];
    expect(chooseCandidate([uneven, even], [0, 1, 2])).toBe(1);
  });

  it('measures each fold with the setting chosen on the other folds', () => {
    // A covers everything but fold 0 (40 points below); B is 20 points below everywhere but fold 0.
    const rowsA = Array.from({ length: 10 }, (_, i) => row(i % 5 === 0 ? 5 : 9, 9, 50));
    const rowsB = Array.from({ length: 10 }, (_, i) => row(i % 5 === 0 ? 9 : 7, 9, 50));
    const cv = crossValidate(
      [
        { settings: 'A', rows: rowsA },
        { settings: 'B', rows: rowsB },
      ],
      5,
    );
    // Without fold 0, A is perfect; with it, A's worst fold (40) loses to B's (20).
    expect(cv.folds.map((f) => f.settings)).toEqual(['A', 'B', 'B', 'B', 'B']);
    // Fold 0 is measured with A, which never saw it: 40 points below.
    expect(cv.folds[0]?.heldOut.gap_points).toBeCloseTo(40);
    expect(cv.folds[1]?.heldOut.gap_points).toBeCloseTo(20);
    expect(cv.mean.gap_points).toBeCloseTo(24);
    // On all folds, A's worst fold (40 points) is worse than B's (20): B ships.
    expect(cv.chosen.settings).toBe('B');
  });
});
