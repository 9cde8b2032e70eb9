/**
 * TaciTree's clustering policy for one level: UMAP to 10 dimensions, then a full-covariance
 * Gaussian mixture with ⌊n/K⌋ components and hard labels, compacted to 0..m−1.
 */
import { fitGmm } from './gmm.ts';
import { asMatrix, deriveSeed } from './matrix.ts';
import type { Matrix } from './matrix.ts';
import { exactCosineKnn } from './knn.ts';
import { nnDescentCosineKnn } from './nn-descent.ts';
import { effectiveNeighbors, reduceUmap, UMAP_DEFAULTS } from './umap.ts';
import type { UmapOptions } from './umap.ts';

/** Average cluster size: a level of n nodes gets ⌊n/K⌋ clusters. */
export const K = 6;
/** A level with at most L nodes is the roots. */
export const L = 15;

/** The reference settings (TaciTree via RAPTOR: 15 neighbours, min_dist 0.1, 10 dims, cosine). */
export const UMAP_SETTINGS = { ...UMAP_DEFAULTS } as const;

/**
 * Below this many points a level is clustered on the raw embeddings instead of a UMAP
 * reduction. With n < 2·nNeighbors every point's 15-neighbourhood covers half the level or
 * more, so the fuzzy graph carries no local structure for UMAP to preserve (and umap-js refuses
 * n ≤ nNeighbors outright). In practice: levels of 16–29 nodes.
 */
export const UMAP_MIN_POINTS = 2 * UMAP_SETTINGS.nNeighbors;

/**
 * Levels of more than this many points take the large-level path: approximate neighbours by
 * NN-descent (nn-descent.ts) instead of all pairs, and the mixture fitted on a seeded, bounded
 * sample of gmmSampleSize(n) points, its components visited in groups (gmm-groups.ts), the
 * rest labelled by the fitted model. Neighbours and mixture grow as n² on the exact path (all
 * pairs; EM's points × ⌊n/K⌋ components), which makes a 30k-fact rebuild slow. 5,000 keeps every
 * tree Grove builds today on the exact path (a LoCoMo conversation has ~760 facts, the
 * benchmarks in docs/results.md at most 2,000) and sits just above where umap-learn itself
 * switches to NN-descent (4,096 points).
 *
 * The layout keeps its 200 epochs on a large level, though it is most of a 30k-fact rebuild:
 * with 100 (or 150) the synthetic 30k set's topic recall (tree-growth's beam descent) fell from
 * 0.972 to 0.962 (0.967), the mean of three seeds, for a layout about 40% (25%) faster.
 */
export const LARGE_LEVEL = 5000;

/** The most points the mixture of a large level is fitted on. */
export const GMM_SAMPLE_CAP = 10000;

/**
 * Points the mixture is fitted on for a level of n > LARGE_LEVEL points: half the level, at
 * least LARGE_LEVEL and at most GMM_SAMPLE_CAP. The level keeps its ⌊n/K⌋ components, so the
 * sample leaves each about 3 points (6 with all points), 2 at 30,000: EM's cost per iteration,
 * sample × components, then grows as n, not n², and it converges in fewer iterations (on the
 * synthetic 30k set, 6 instead of 14 at 15,000 points, with no lower ARI against the planted
 * topics). Labelling the rest is one E-step over the level.
 */
export function gmmSampleSize(n: number, largeLevel: number = LARGE_LEVEL): number {
  if (n <= largeLevel) return n;
  return Math.min(n, Math.max(largeLevel, Math.min(Math.ceil(n / 2), GMM_SAMPLE_CAP)));
}

export function componentCount(n: number, k: number = K): number {
  return Math.max(1, Math.floor(n / k));
}

export interface ClusterLevelOptions {
  readonly seed: number;
  /** Average cluster size (default K). */
  readonly k?: number;
  readonly umap?: Partial<Omit<UmapOptions, 'seed'>>;
  /**
   * Above this many points, the large-level path (default LARGE_LEVEL; Infinity: always the
   * exact path, as the growth benchmark's baseline).
   */
  readonly largeLevel?: number;
}

export interface LevelClustering {
  /** Cluster of each point, 0..clusters−1, every cluster non-empty, numbered by first member. */
  readonly labels: Int32Array;
  readonly clusters: number;
  /** 'umap': GMM (full covariance) on the UMAP reduction; 'raw': spherical GMM on the input. */
  readonly space: 'umap' | 'raw';
  /** UMAP time, nearest neighbours included. */
  readonly msUmap: number;
  /** The nearest-neighbour part of msUmap. */
  readonly msKnn?: number;
  readonly msGmm: number;
  /** Whether the level took the large-level path (approximate kNN, sampled mixture). */
  readonly large?: boolean;
}

/** Renumbers labels 0..m−1 in order of first appearance; empty clusters disappear. */
export function compactLabels(labels: ArrayLike<number>): { labels: Int32Array; count: number } {
  const map = new Map<number, number>();
  const out = new Int32Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    let c = map.get(labels[i]!);
    if (c === undefined) map.set(labels[i]!, (c = map.size));
    out[i] = c;
  }
  return { labels: out, count: map.size };
}

const now = (): number => globalThis.performance.now();

export function clusterLevel(
  vectors: Matrix | readonly ArrayLike<number>[],
  options: ClusterLevelOptions,
): LevelClustering {
  const x = asMatrix(vectors);
  const n = x.rows;
  if (n === 0) return { labels: new Int32Array(0), clusters: 0, space: 'raw', msUmap: 0, msGmm: 0 };
  const components = componentCount(n, options.k ?? K);
  const gmmSeed = deriveSeed(options.seed, 2);
  if (n < UMAP_MIN_POINTS || components === 1) {
    // A full covariance on raw embeddings needs d(d+1)/2 parameters per component (74k at
    // d = 384) from ~6 points: singular, so its likelihood measures reg_covar, not the data;
    // even diagonal variances (d per component) are too noisy from ~6 points, letting a few
    // dimensions where a cluster happens to be tight dominate. Spherical components (one
    // variance each) are what ~6 points per cluster can support: soft k-means with a per-cluster
    // radius, which on unit-length embeddings is clustering by cosine.
    const t0 = now();
    const fit = fitGmm(x, { components, seed: gmmSeed, covarianceType: 'spherical' });
    const { labels, count } = compactLabels(fit.labels);
    return { labels, clusters: count, space: 'raw', msUmap: 0, msGmm: now() - t0 };
  }
  const large = n > (options.largeLevel ?? LARGE_LEVEL);
  const umapOptions = { ...UMAP_SETTINGS, ...options.umap, seed: deriveSeed(options.seed, 1) };
  const t0 = now();
  const neighbours = effectiveNeighbors(n, umapOptions.nNeighbors);
  const knn = large
    ? nnDescentCosineKnn(x, neighbours, { seed: deriveSeed(options.seed, 4) })
    : exactCosineKnn(x, neighbours);
  const tKnn = now();
  const reduced = reduceUmap(x, { ...umapOptions, knn });
  const t1 = now();
  const fit = fitGmm(reduced, {
    components,
    seed: gmmSeed,
    covarianceType: 'full',
    ...(large ? { sampleSize: gmmSampleSize(n, options.largeLevel), componentGroups: true } : {}),
  });
  const { labels, count } = compactLabels(fit.labels);
  return {
    labels,
    clusters: count,
    space: 'umap',
    msUmap: t1 - t0,
    msKnn: tKnn - t0,
    msGmm: now() - t1,
    large,
  };
}
