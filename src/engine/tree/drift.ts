/**
 * Drift: how far incremental inserts have moved the tree from what a fresh build would give.
 * The host rebuilds in the background when it is worth it.
 */
import type { MemoryTree, TreeNode } from '../types.ts';
import { cosine } from '../vector.ts';
import { centreOf, treeLookup } from './cohesion.ts';
import { MAX_ROOTS } from './constants.ts';

export interface DriftReport {
  /** Facts inserted since the last build, relative to the facts at that build. */
  readonly insertedFraction: number;
  /** Roots beyond L: the top level outgrew what the judge should read at once. */
  readonly rootOverflow: number;
  /** Drop of the mean fact-to-leaf-centre cosine since the build (positive = looser clusters). */
  readonly cohesionDrop: number;
  readonly rebuildRecommended: boolean;
  readonly reasons: readonly string[];
}

export const DRIFT_LIMITS = { insertedFraction: 0.5, cohesionDrop: 0.05 } as const;

/** Reports by tree: trees are immutable, and at 30,000 facts a report walks 5,000 leaves. */
const reports = new WeakMap<MemoryTree, DriftReport>();

export function measureDrift(tree: MemoryTree): DriftReport {
  let report = reports.get(tree);
  if (!report) {
    report = driftOf(tree);
    reports.set(tree, report);
  }
  return report;
}

/** Hands `from`'s report to `to`, the same tree with other summary texts (relabelled.ts). */
export function keepDriftFor(to: MemoryTree, from: MemoryTree): void {
  const kept = reports.get(from);
  if (kept && !reports.has(to)) reports.set(to, kept);
}

function driftOf(tree: MemoryTree): DriftReport {
  const atBuild = Math.max(1, tree.build.factCount);
  const insertedFraction = tree.insertedSinceBuild / atBuild;
  const top = tree.levels[tree.levels.length - 1] ?? [];
  const rootOverflow = Math.max(0, top.length - MAX_ROOTS);
  const leaves = tree.levels.length > 1 ? (tree.levels[1] ?? []) : [];
  const cohesionDrop = tree.build.leafCohesion - meanLeafCohesion(tree, leaves);

  const reasons: string[] = [];
  if (insertedFraction >= DRIFT_LIMITS.insertedFraction) {
    reasons.push(
      `${tree.insertedSinceBuild} facts inserted since the build of ${tree.build.factCount}`,
    );
  }
  if (rootOverflow > 0) reasons.push(`${top.length} roots, more than ${MAX_ROOTS}`);
  if (cohesionDrop > DRIFT_LIMITS.cohesionDrop) {
    reasons.push(`leaf clusters loosened by ${cohesionDrop.toFixed(3)} cosine`);
  }
  return {
    insertedFraction,
    rootOverflow,
    cohesionDrop,
    rebuildRecommended: reasons.length > 0,
    reasons,
  };
}

/**
 * Each leaf's facts' cosines to its centre, kept per leaf node object with the member nodes they
 * were measured on: a tree after an insert shares all but a few leaves with the one before, so
 * its drift is measured on those few (30,000 cosines took a quarter of a second per insert).
 */
const leafScores = new WeakMap<TreeNode, { members: readonly TreeNode[]; scores: number[] }>();

function scoresOf(tree: MemoryTree, leaf: TreeNode): number[] {
  const lookup = treeLookup(tree);
  const members = leaf.children.map(lookup) as TreeNode[];
  const kept = leafScores.get(leaf);
  if (
    kept &&
    kept.members.length === members.length &&
    kept.members.every((m, i) => m === members[i])
  ) {
    return kept.scores;
  }
  const centre = centreOf(lookup, leaf.id);
  const scores = members.map((m) => cosine(m.embedding, centre));
  leafScores.set(leaf, { members, scores });
  return scores;
}

/**
 * Measures the leaves' cohesion ahead of `measureDrift`, `slice` leaves at a time with a pause
 * between (a worker's questions go first), so that the report itself is then a sum.
 */
export async function measureLeavesInSlices(
  tree: MemoryTree,
  pause: () => Promise<void>,
  slice = 25,
): Promise<void> {
  const lookup = treeLookup(tree);
  const leaves = tree.levels.length > 1 ? (tree.levels[1] ?? []) : [];
  for (let i = 0; i < leaves.length; i++) {
    scoresOf(tree, lookup(leaves[i] as TreeNode['id']) as TreeNode);
    if ((i + 1) % slice === 0) await pause();
  }
}

/** The mean of leafCohesion (cohesion.ts), the same sum in the same order, per leaf kept. */
function meanLeafCohesion(tree: MemoryTree, leaves: readonly TreeNode['id'][]): number {
  const lookup = treeLookup(tree);
  let sum = 0;
  let count = 0;
  for (const id of leaves) {
    for (const score of scoresOf(tree, lookup(id) as TreeNode)) {
      sum += score;
      count++;
    }
  }
  return count === 0 ? 1 : sum / count;
}
