/**
 * Choosing Context-Agent's settings by k-fold cross-validation on NTM dialogues (issue 24): the
 * dialogues are split into k folds (by dialogue, in file order: dialogue i goes to fold i mod k);
 * every candidate setting is replayed once over all of them, and each fold is then scored on its
 * own rows. For fold f, a setting is chosen on the other k − 1 folds and measured on f. A setting
 * is judged by its worst fold, not its mean ("good on every fold"):
 *
 *   slack(s, F) = min over folds g ∈ F of min(coveragePoints − gap_g, 100 · (maxRatio − ratio_g))
 *
 * with gap_g the goal-coverage points below the linear history's on fold g and ratio_g the token
 * ratio on g. The chosen setting has the largest slack (ties: the lower mean ratio, then the
 * earlier setting in the grid). The settings for the app are chosen the same way on all k folds.
 */
import type { NtmRow } from './ntm-eval.ts';

export interface FoldScore {
  readonly dialogues: number;
  readonly goals: number;
  readonly goal_coverage: number;
  readonly linear_goal_coverage: number;
  /** Linear coverage minus Context-Agent's, in points. */
  readonly gap_points: number;
  readonly token_ratio: number;
  /** Goal-bearing turns that landed outside the main task's tree (share). */
  readonly goal_turns_outside_main: number;
}

export interface FoldTarget {
  /** Per-fold bound on the coverage gap the slack is measured against (points). */
  readonly coveragePoints: number;
  readonly maxRatio: number;
}

export const NTM_FOLD_TARGET: FoldTarget = { coveragePoints: 3, maxRatio: 0.6 };

export function foldOf(index: number, k: number): number {
  return index % k;
}

export function foldScore(rows: readonly NtmRow[]): FoldScore {
  const sum = (pick: (r: NtmRow) => number) => rows.reduce((a, r) => a + pick(r), 0);
  const goals = sum((r) => r.goals);
  const coverage = goals === 0 ? 0 : sum((r) => r.goals_covered) / goals;
  const linear = goals === 0 ? 0 : sum((r) => r.linear_goals_covered) / goals;
  const linearTokens = sum((r) => r.linear_tokens_mean);
  const goalTurns = sum((r) => r.goal_turns.total);
  return {
    dialogues: rows.length,
    goals,
    goal_coverage: coverage,
    linear_goal_coverage: linear,
    gap_points: 100 * (linear - coverage),
    token_ratio: linearTokens === 0 ? 0 : sum((r) => r.context_tokens_mean) / linearTokens,
    goal_turns_outside_main:
      goalTurns === 0 ? 0 : (goalTurns - sum((r) => r.goal_turns.in_main_tree)) / goalTurns,
  };
}

export function slack(scores: readonly FoldScore[], target: FoldTarget = NTM_FOLD_TARGET): number {
  return Math.min(
    ...scores.map((s) =>
      Math.min(target.coveragePoints - s.gap_points, 100 * (target.maxRatio - s.token_ratio)),
    ),
  );
}

/** One candidate setting's rows, one per dialogue, in file order. */
export interface CandidateRun<S> {
  readonly settings: S;
  readonly rows: readonly NtmRow[];
}

/** A candidate's score on each fold. */
export function scoresByFold<S>(run: CandidateRun<S>, k: number): FoldScore[] {
  return Array.from({ length: k }, (_, f) =>
    foldScore(run.rows.filter((_, i) => foldOf(i, k) === f)),
  );
}

const meanOf = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);

/** The index of the candidate with the largest slack over the given folds. */
export function chooseCandidate(
  byFold: readonly (readonly FoldScore[])[],
  folds: readonly number[],
  target: FoldTarget = NTM_FOLD_TARGET,
): number {
  let best = -1;
  let bestSlack = Number.NEGATIVE_INFINITY;
  let bestRatio = Number.POSITIVE_INFINITY;
  byFold.forEach((scores, i) => {
    const picked = folds.map((f) => scores[f] as FoldScore);
    const s = slack(picked, target);
    const ratio = meanOf(picked.map((p) => p.token_ratio));
    if (s > bestSlack || (s === bestSlack && ratio < bestRatio)) {
      best = i;
      bestSlack = s;
      bestRatio = ratio;
    }
  });
  return best;
}

export interface HeldOutFold<S> {
  readonly fold: number;
  /** The setting chosen on the other folds. */
  readonly settings: S;
  /** Its slack on those folds. */
  readonly trainSlack: number;
  /** Its score on this fold, which it was not chosen on. */
  readonly heldOut: FoldScore;
}

export interface CrossValidation<S> {
  readonly k: number;
  readonly candidates: number;
  readonly folds: readonly HeldOutFold<S>[];
  /** Means of the held-out folds. */
  readonly mean: {
    readonly gap_points: number;
    readonly token_ratio: number;
    readonly goal_coverage: number;
    readonly linear_goal_coverage: number;
  };
  /** The setting chosen on all folds (what the app ships) and its score per fold. */
  readonly chosen: {
    readonly settings: S;
    readonly slack: number;
    readonly byFold: readonly FoldScore[];
  };
}

export function crossValidate<S>(
  runs: readonly CandidateRun<S>[],
  k: number,
  target: FoldTarget = NTM_FOLD_TARGET,
): CrossValidation<S> {
  if (runs.length === 0)
    throw new RangeError('Cross-validation needs at least one candidate setting.');
  const byFold = runs.map((r) => scoresByFold(r, k));
  const all = Array.from({ length: k }, (_, f) => f);
  const folds = all.map((fold) => {
    const train = all.filter((f) => f !== fold);
    const i = chooseCandidate(byFold, train, target);
    const scores = byFold[i] as FoldScore[];
    return {
      fold,
      settings: (runs[i] as CandidateRun<S>).settings,
      trainSlack: slack(
        train.map((f) => scores[f] as FoldScore),
        target,
      ),
      heldOut: scores[fold] as FoldScore,
    };
  });
  const chosenIndex = chooseCandidate(byFold, all, target);
  const chosenScores = byFold[chosenIndex] as FoldScore[];
  return {
    k,
    candidates: runs.length,
    folds,
    mean: {
      gap_points: meanOf(folds.map((f) => f.heldOut.gap_points)),
      token_ratio: meanOf(folds.map((f) => f.heldOut.token_ratio)),
      goal_coverage: meanOf(folds.map((f) => f.heldOut.goal_coverage)),
      linear_goal_coverage: meanOf(folds.map((f) => f.heldOut.linear_goal_coverage)),
    },
    chosen: {
      settings: (runs[chosenIndex] as CandidateRun<S>).settings,
      slack: slack(chosenScores, target),
      byFold: chosenScores,
    },
  };
}
