/**
 * The multi-level build: cluster a level, turn each cluster into a parent node, repeat until a
 * level has at most L nodes (the roots). How a cluster becomes its parent's vector is up to the
 * caller: the tree builder summarises with the LLM and embeds the summary; the benchmark uses
 * the members' mean direction.
 */
import { mapLimited } from '../concurrency/map-limited.ts';
import { createRng } from '../rng.ts';
import type { Vector } from '../types.ts';
import { kmeansPlusPlus } from './kmeans-pp.ts';
import { deriveSeed, toMatrix } from './matrix.ts';
import type { Matrix } from './matrix.ts';
import { clusterLevel, componentCount, compactLabels, K, L } from './policy.ts';
import type { LevelClustering } from './policy.ts';

export interface HierarchyNode {
  readonly vector: Vector;
  /** Indices into the level below (empty on level 0). */
  readonly children: readonly number[];
  /** Index into the level above; null for roots. */
  readonly parent: number | null;
}

export interface HierarchyProgress {
  /** The level just built (1 = first level of summaries). */
  readonly level: number;
  /** Nodes of that level summarised so far, and how many it will have. */
  readonly done: number;
  readonly total: number;
}

export interface HierarchyOptions {
  readonly seed: number;
  /**
   * The vector of the parent of `members` (indices into level `level`, the members' level;
   * `vectors` are that level's vectors). Called once per cluster, in cluster order, up to
   * `concurrency` calls at a time: the vector returned for cluster c becomes node c of level + 1
   * whatever order the calls finish in. A level is finished before the next is clustered.
   */
  readonly summarize: (
    level: number,
    members: number[],
    vectors: readonly Vector[],
  ) => Promise<Vector> | Vector;
  readonly onProgress?: (progress: HierarchyProgress) => void;
  readonly signal?: AbortSignal;
  /** Clusters summarised at once (default 1). */
  readonly concurrency?: number;
  /** How one level is clustered (default: the TaciTree policy, clusterLevel). */
  readonly cluster?: (x: Matrix, options: { seed: number }) => LevelClustering;
  /** Passed to clusterLevel (default LARGE_LEVEL; Infinity: every level on the exact path). */
  readonly largeLevel?: number;
}

export interface Hierarchy {
  /**
   * levels[0] is the input; the last level holds the roots (level 0 itself when N ≤ L). No
   * levels at all for an empty input.
   */
  readonly levels: readonly (readonly HierarchyNode[])[];
  readonly msUmap: number;
  /** The nearest-neighbour part of msUmap. */
  readonly msKnn: number;
  readonly msGmm: number;
  readonly msSummarize: number;
  /** Levels clustered on the large-level path (policy.ts LARGE_LEVEL). */
  readonly largeLevels: number;
}

const now = (): number => globalThis.performance.now();

export async function buildHierarchy(
  vectors: readonly Vector[],
  options: HierarchyOptions,
): Promise<Hierarchy> {
  if (vectors.length === 0) {
    return { levels: [], msUmap: 0, msKnn: 0, msGmm: 0, msSummarize: 0, largeLevels: 0 };
  }
  const levels: { vector: Vector; children: number[]; parent: number | null }[][] = [
    vectors.map((vector) => ({ vector, children: [], parent: null })),
  ];
  let msUmap = 0;
  let msKnn = 0;
  let msGmm = 0;
  let largeLevels = 0;
  let msSummarize = 0;
  for (let level = 0; levels[level]!.length > L; level++) {
    options.signal?.throwIfAborted();
    const nodes = levels[level]!;
    const levelVectors = nodes.map((node) => node.vector);
    const x = toMatrix(levelVectors);
    const seed = deriveSeed(options.seed, level);
    const clustering = options.cluster
      ? options.cluster(x, { seed })
      : clusterLevel(x, {
          seed,
          ...(options.largeLevel === undefined ? {} : { largeLevel: options.largeLevel }),
        });
    msUmap += clustering.msUmap;
    msKnn += clustering.msKnn ?? 0;
    if (clustering.large) largeLevels++;
    msGmm += clustering.msGmm;
    let { labels, clusters } = clustering;
    if (clusters >= nodes.length) ({ labels, count: clusters } = forceShrink(x, seed));

    const members: number[][] = Array.from({ length: clusters }, () => []);
    labels.forEach((c, i) => members[c]!.push(i));
    const t0 = now();
    let done = 0;
    const parentVectors = await mapLimited(
      members,
      options.concurrency ?? 1,
      async (clusterMembers) => {
        options.signal?.throwIfAborted();
        const vector = await options.summarize(level, clusterMembers.slice(), levelVectors);
        options.onProgress?.({ level: level + 1, done: ++done, total: clusters });
        return vector;
      },
      options.signal,
    );
    msSummarize += now() - t0;
    const parents = parentVectors.map((vector, c) => {
      for (const i of members[c]!) nodes[i]!.parent = c;
      return { vector, children: members[c]!, parent: null };
    });
    levels.push(parents);
  }
  return { levels, msUmap, msKnn, msGmm, msSummarize, largeLevels };
}

/**
 * Guard for a clustering that did not reduce the level (it cannot with K ≥ 2, but the build
 * must terminate whatever the clustering does): nearest-seed groups around ⌊n/K⌋ k-means++
 * seeds.
 */
function forceShrink(x: Matrix, seed: number): { labels: Int32Array; count: number } {
  const target = Math.min(componentCount(x.rows, K), Math.max(1, x.rows - 1));
  const { nearest } = kmeansPlusPlus(x, target, createRng(deriveSeed(seed, 3)));
  return compactLabels(nearest);
}
