/**
 * Rebuild-growth benchmark (issue 15): the full clustering policy (hierarchy.ts, no summaries:
 * a parent's vector is its members' mean direction, as in tree-build.ts) on tree-build's
 * seeded synthetic embeddings at several sizes, twice per size: the exact path (every level
 * exact, largeLevel = Infinity: the build before issue 15) and the default policy (levels above
 * LARGE_LEVEL points on the large-level path: NN-descent kNN, mixture fitted on a sample).
 * Per run: total time split into kNN / UMAP layout (fuzzy graph + SGD) / mixture / rest, the
 * ARI of the level-1 clusters against the generating topics, and a retrieval check: for each of
 * up to 200 planted topics, a query (the topic's mean direction) descends the tree keeping the
 * `beam` closest nodes per level; recall = the topic's facts under the kept leaf clusters. Where
 * both paths differ, the ARI between their level-1 clusters. Growth exponents: least-squares
 * slope of log(time) on log(n). With --reference-sizes, umap-learn + scikit-learn
 * (scripts/reference/tree_build_ref.py) run on the same vectors at those sizes (their warm run).
 *
 *   npm run grove -- bench tree-growth --sizes 2000,5000,10000,20000,30000
 *                                      [--reference-sizes 2000,10000] [--reseed-sizes 10000]
 *                                      [--json]
 */
import { adjustedRandIndex } from '../../src/engine/cluster/ari.ts';
import { buildHierarchy } from '../../src/engine/cluster/hierarchy.ts';
import type { Hierarchy } from '../../src/engine/cluster/hierarchy.ts';
import { LARGE_LEVEL } from '../../src/engine/cluster/policy.ts';
import { meanDirection } from '../../src/engine/vector.ts';
import type { Vector } from '../../src/engine/types.ts';
import { syntheticEmbeddings } from './synthetic.ts';
import { runReference } from './tree-build.ts';
import type { TreeBuildStats } from './tree-build.ts';

export interface GrowthRun {
  readonly ms_total: number;
  readonly cpu_ms_total: number;
  readonly ms_knn: number;
  /** UMAP without the kNN: fuzzy graph and layout SGD. */
  readonly ms_umap_layout: number;
  readonly ms_gmm: number;
  /** Everything else (parent vectors, bookkeeping, levels on raw vectors' spherical GMM). */
  readonly ms_other: number;
  readonly nodes: number[];
  readonly large_levels: number;
  /** ARI of the level-1 clusters against the generating topics. */
  readonly ari_topics: number;
  /** Mean recall of planted-topic queries by beam descent (see the file comment). */
  readonly topic_recall: number;
}

export interface GrowthRow {
  readonly n: number;
  readonly exact: GrowthRun;
  /** The default policy; absent where no level exceeds LARGE_LEVEL (identical to exact). */
  readonly policy?: GrowthRun;
  /** ARI between the level-1 clusters of both paths, where they differ. */
  readonly ari_exact_vs_policy?: number;
  /** ARI between the exact path's level-1 clusters under seed and seed + 1 (a yardstick). */
  readonly ari_exact_vs_reseeded?: number;
  readonly reference?: TreeBuildStats;
}

export interface TreeGrowthResult {
  readonly dim: number;
  readonly seed: number;
  readonly large_level: number;
  readonly beam: number;
  readonly machine: { readonly cpus: number; readonly node: string };
  readonly rows: GrowthRow[];
  /** Least-squares slope of log(ms_total) on log(n). */
  readonly exponent: { readonly exact: number; readonly policy: number };
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export function growthExponent(points: readonly (readonly [number, number])[]): number {
  const xs = points.map(([n]) => Math.log(n));
  const ys = points.map(([, ms]) => Math.log(ms));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) * (x - mx);
  });
  return sxx > 0 ? sxy / sxx : NaN;
}

function levelOneLabels(tree: Hierarchy, n: number): Int32Array {
  const labels = new Int32Array(n);
  tree.levels[1]?.forEach((node, c) => node.children.forEach((i) => (labels[i] = c)));
  return labels;
}

const cosine = (a: Vector, b: Vector): number => {
  let s = 0;
  for (let t = 0; t < a.length; t++) s += a[t]! * b[t]!;
  return s; // both unit length
};

/** Facts under the `beam` best leaf clusters reached by keeping the beam best nodes per level. */
function beamRetrieve(tree: Hierarchy, query: Vector, beam: number): number[] {
  const top = tree.levels.length - 1;
  const best = (level: number, candidates: number[]) =>
    candidates
      .map((i) => [i, cosine(tree.levels[level]![i]!.vector, query)] as const)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, beam)
      .map(([i]) => i);
  let kept = best(
    top,
    tree.levels[top]!.map((_, i) => i),
  );
  for (let level = top; level > 1; level--) {
    kept = best(
      level - 1,
      kept.flatMap((i) => tree.levels[level]![i]!.children),
    );
  }
  return kept.flatMap((i) => tree.levels[1]![i]!.children);
}

function topicRecall(tree: Hierarchy, vectors: readonly Vector[], topics: number[], beam: number) {
  const members = new Map<number, number[]>();
  topics.forEach((t, i) => members.set(t, [...(members.get(t) ?? []), i]));
  const planted = [...members.entries()]
    .filter(([, m]) => m.length >= 5)
    .sort((a, b) => a[0] - b[0])
    .slice(0, 200);
  let sum = 0;
  for (const [, m] of planted) {
    const query = meanDirection(m.map((i) => vectors[i]!));
    const got = new Set(beamRetrieve(tree, query, beam));
    sum += m.filter((i) => got.has(i)).length / m.length;
  }
  return planted.length > 0 ? sum / planted.length : NaN;
}

async function run(
  vectors: readonly Vector[],
  topics: number[],
  seed: number,
  largeLevel: number,
  beam: number,
): Promise<{ run: GrowthRun; labels: Int32Array }> {
  const t0 = globalThis.performance.now();
  const c0 = cpuMs();
  const tree = await buildHierarchy(vectors, {
    seed,
    largeLevel,
    summarize: (_level, members, levelVectors) =>
      meanDirection(members.map((i) => levelVectors[i]!)),
  });
  const ms = globalThis.performance.now() - t0;
  const cpu = cpuMs() - c0;
  const labels = levelOneLabels(tree, vectors.length);
  return {
    labels,
    run: {
      ms_total: ms,
      cpu_ms_total: cpu,
      ms_knn: tree.msKnn,
      ms_umap_layout: tree.msUmap - tree.msKnn,
      ms_gmm: tree.msGmm,
      ms_other: ms - tree.msUmap - tree.msGmm,
      nodes: tree.levels.map((l) => l.length),
      large_levels: tree.largeLevels,
      ari_topics: adjustedRandIndex(topics, labels),
      topic_recall: topicRecall(tree, vectors, topics, beam),
    },
  };
}

export interface TreeGrowthOptions {
  readonly sizes: readonly number[];
  readonly referenceSizes?: readonly number[];
  /** Sizes where the exact path also runs with seed + 1 (ari_exact_vs_reseeded). */
  readonly reseedSizes?: readonly number[];
  readonly dim?: number;
  readonly seed?: number;
  readonly beam?: number;
  /** Progress lines (stderr). */
  readonly log?: (line: string) => void;
}

export async function benchTreeGrowth(opts: TreeGrowthOptions): Promise<TreeGrowthResult> {
  const dim = opts.dim ?? 100;
  const seed = opts.seed ?? 42;
  const beam = opts.beam ?? 6;
  const log = opts.log ?? (() => {});
  // JIT warm-up, so the first size is not charged with it.
  {
    const warm = syntheticEmbeddings(1000, dim, seed);
    await run(warm.vectors, warm.topics, seed, Infinity, beam);
  }
  const rows: GrowthRow[] = [];
  for (const n of opts.sizes) {
    const { vectors, topics } = syntheticEmbeddings(n, dim, seed);
    const exact = await run(vectors, topics, seed, Infinity, beam);
    log(`n=${n} exact ${Math.round(exact.run.ms_total)} ms`);
    let row: GrowthRow = { n, exact: exact.run };
    if (n > LARGE_LEVEL) {
      const policy = await run(vectors, topics, seed, LARGE_LEVEL, beam);
      log(`n=${n} policy ${Math.round(policy.run.ms_total)} ms`);
      row = {
        ...row,
        policy: policy.run,
        ari_exact_vs_policy: adjustedRandIndex(exact.labels, policy.labels),
      };
    }
    if (opts.reseedSizes?.includes(n)) {
      // How much the exact path's clusters move with nothing but another seed: the yardstick
      // for ari_exact_vs_policy.
      const other = await run(vectors, topics, seed + 1, Infinity, beam);
      log(`n=${n} exact, seed ${seed + 1}: ${Math.round(other.run.ms_total)} ms`);
      row = { ...row, ari_exact_vs_reseeded: adjustedRandIndex(exact.labels, other.labels) };
    }
    if (opts.referenceSizes?.includes(n)) {
      const reference = runReference(vectors, seed, topics);
      log(`n=${n} reference ${Math.round(reference.ms_total)} ms`);
      row = { ...row, reference };
    }
    rows.push(row);
  }
  const points = (pick: (r: GrowthRow) => GrowthRun) =>
    rows.map((r) => [r.n, pick(r).ms_total] as const);
  return {
    dim,
    seed,
    large_level: LARGE_LEVEL,
    beam,
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    rows,
    exponent: {
      exact: growthExponent(points((r) => r.exact)),
      policy: growthExponent(points((r) => r.policy ?? r.exact)),
    },
  };
}
