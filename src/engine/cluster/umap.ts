/**
 * UMAP dimension reduction, seeded, with the reference settings TaciTree inherits from RAPTOR
 * (15 neighbours, min_dist 0.1, 10 components, cosine metric).
 *
 * Two backends compute the same algorithm:
 *  - 'typed' (default): exact cosine kNN (what umap-learn does below 4,096 points), then the
 *    fuzzy graph and the layout SGD on flat typed arrays: ~1.2 s for 2,000 points, 200 epochs.
 *  - 'umap-js': the library itself, fed the same exact kNN through setPrecomputedKNN. Its
 *    Map-keyed sparse matrices take ~0.65 s to build the graph and its number[][] SGD ~15 ms per
 *    epoch (~3.7 s in all); we keep it as the independent implementation the tests check the
 *    typed backend against. The typed backend's curve parameters (a, b) are solved like
 *    umap-learn's (ab-params.ts); umap-js stops its fit early (a ≈ 1.5695 instead of 1.5769).
 * Both start from umap-js's random layout (uniform in [−10, 10], drawn row by row from the
 * seeded mulberry32 generator of ../rng.ts) and draw negative samples from the same stream, so
 * for equal (a, b) they agree step for step up to rounding.
 */
import { UMAP } from 'umap-js';
import { createRng } from '../rng.ts';
import { findAbParams } from './ab-params.ts';
import { fuzzySimplicialSet, layoutEdges } from './fuzzy-graph.ts';
import { exactCosineKnn } from './knn.ts';
import type { KnnGraph } from './knn.ts';
import { asMatrix, toRows } from './matrix.ts';
import type { Matrix } from './matrix.ts';
import { createLayoutState, optimizeLayout, randomLayout } from './umap-sgd.ts';

export interface UmapOptions {
  readonly seed: number;
  readonly nNeighbors?: number;
  readonly minDist?: number;
  readonly spread?: number;
  /** Output dimension; capped at n − 2 for tiny inputs. */
  readonly nComponents?: number;
  /**
   * Optimisation epochs (default 200). umap-learn defaults to 500 up to 10,000 points and 200
   * above; for clustering, 200 gives the same cluster purity as 500 (policy.ts).
   */
  readonly nEpochs?: number;
  readonly negativeSampleRate?: number;
  readonly backend?: 'typed' | 'umap-js';
  /** Override the fitted curve parameters (tests use umap-js's own values to compare). */
  readonly ab?: { readonly a: number; readonly b: number };
  /**
   * Precomputed neighbours (default: exact cosine kNN of x). Must have
   * effectiveNeighbors(n, nNeighbors) neighbours per point, the point itself first.
   */
  readonly knn?: KnnGraph;
}

export const UMAP_DEFAULTS = {
  nNeighbors: 15,
  minDist: 0.1,
  spread: 1,
  nComponents: 10,
  nEpochs: 200,
  negativeSampleRate: 5,
} as const;

/** umap-learn's rule: with n ≤ nNeighbors points, use n − 1 neighbours (the point included). */
export function effectiveNeighbors(n: number, nNeighbors: number): number {
  return Math.max(1, n <= nNeighbors ? n - 1 : nNeighbors);
}

export function effectiveComponents(n: number, nComponents: number): number {
  return Math.max(1, Math.min(nComponents, n - 2));
}

/** Reduces the rows of x to nComponents dimensions. Same seed and input → same output. */
export function reduceUmap(x: Matrix | readonly ArrayLike<number>[], options: UmapOptions): Matrix {
  const m = asMatrix(x);
  const n = m.rows;
  const o = { ...UMAP_DEFAULTS, ...options };
  const dim = effectiveComponents(n, o.nComponents);
  // Fewer than three points have no neighbourhood structure to embed.
  if (n < 3) return { rows: n, cols: dim, data: new Float64Array(n * dim) };
  const knn = o.knn ?? exactCosineKnn(m, effectiveNeighbors(n, o.nNeighbors));
  if (o.backend === 'umap-js') {
    const rng = createRng(o.seed);
    return viaUmapJs(m, knn, dim, o, () => rng.next());
  }

  const ab = o.ab ?? findAbParams(o.spread, o.minDist);
  const edges = layoutEdges(fuzzySimplicialSet(knn), o.nEpochs);
  const embedding = new Float64Array(n * dim);
  const rngState = randomLayout(embedding, o.seed);
  const params = {
    a: ab.a,
    b: ab.b,
    nEpochs: o.nEpochs,
    gamma: 1,
    initialAlpha: 1,
    negativeSampleRate: o.negativeSampleRate,
  };
  const state = createLayoutState(edges, o.negativeSampleRate, rngState);
  optimizeLayout(embedding, dim, edges, params, state);
  return { rows: n, cols: dim, data: embedding };
}

function viaUmapJs(
  m: Matrix,
  knn: KnnGraph,
  dim: number,
  o: { readonly [P in keyof typeof UMAP_DEFAULTS]: number },
  random: () => number,
): Matrix {
  const rows = (a: Int32Array | Float64Array): number[][] => {
    const out: number[][] = [];
    for (let i = 0; i < knn.n; i++) out.push(Array.from(a.subarray(i * knn.k, (i + 1) * knn.k)));
    return out;
  };
  const data = toRows(m);
  const umap = new UMAP({
    nNeighbors: knn.k,
    minDist: o.minDist,
    spread: o.spread,
    nComponents: dim,
    nEpochs: o.nEpochs,
    negativeSampleRate: o.negativeSampleRate,
    random,
  });
  umap.setPrecomputedKNN(rows(knn.indices), rows(knn.distances));
  const epochs = umap.initializeFit(data);
  for (let e = 0; e < epochs; e++) umap.step();
  const out = new Float64Array(m.rows * dim);
  umap.getEmbedding().forEach((v, i) => out.set(v, i * dim));
  return { rows: m.rows, cols: dim, data: out };
}
