/**
 * UMAP's layout optimisation (edge sampling with negative sampling) on one flat Float64Array:
 * the update rule, schedule and random-number use of umap-js's optimizeLayoutStep (itself a port
 * of umap-learn's optimize_layout_euclidean), about 3× faster than umap-js's number[][] loop
 * (which calls Math.pow twice per sample and the generator through a closure). What remains is
 * the algorithm's own work: ~15 million negative samples for 2,000 points × 200 epochs.
 */
import type { LayoutEdges } from './fuzzy-graph.ts';
import { MULBERRY32_STEP, mulberry32Value } from '../rng.ts';
import { makePower } from './power.ts';
import { optimizeLayout10 } from './umap-sgd-10.ts';

export interface LayoutParams {
  readonly a: number;
  readonly b: number;
  readonly nEpochs: number;
  /** Weight of the repulsive (negative-sample) term. */
  readonly gamma: number;
  readonly initialAlpha: number;
  readonly negativeSampleRate: number;
}

/** The sampling schedule and generator state, carried between calls (the work can be sliced). */
export interface LayoutState {
  readonly nextSample: Float64Array;
  readonly nextNegative: Float64Array;
  readonly perNegative: Float64Array;
  epoch: number;
  /** mulberry32 state: the generator of ../rng.ts, kept as an int32 so the loop inlines it. */
  rng: number;
}

const CLIP = 4;

/**
 * Fills the embedding with umap-js's random start (uniform in [−10, 10], row by row) from the
 * generator seeded with `seed`; returns the generator state for the optimisation to continue.
 */
export function randomLayout(embedding: Float64Array, seed: number): number {
  let s = seed | 0;
  for (let t = 0; t < embedding.length; t++) {
    s = (s + MULBERRY32_STEP) | 0;
    embedding[t] = mulberry32Value(s) * 20 - 10;
  }
  return s;
}

export function createLayoutState(
  edges: LayoutEdges,
  negativeSampleRate: number,
  rng: number,
): LayoutState {
  const perNegative = edges.epochsPerSample.map((e) => e / negativeSampleRate);
  return {
    nextSample: edges.epochsPerSample.slice(),
    nextNegative: perNegative.slice(),
    perNegative,
    epoch: 0,
    rng: rng | 0,
  };
}

/** Runs epochs [state.epoch, untilEpoch) in place (10 dimensions: the specialised kernel). */
export function optimizeLayout(
  embedding: Float64Array,
  dim: number,
  edges: LayoutEdges,
  params: LayoutParams,
  state: LayoutState,
  untilEpoch = params.nEpochs,
): void {
  const end = Math.min(untilEpoch, params.nEpochs);
  if (dim === 10) optimizeLayout10(embedding, edges, params, state, end);
  else optimizeLayoutAnyDim(embedding, dim, edges, params, state, end);
}

/** The kernel for any dimension. */
export function optimizeLayoutAnyDim(
  embedding: Float64Array,
  dim: number,
  edges: LayoutEdges,
  params: LayoutParams,
  state: LayoutState,
  end: number,
): void {
  const { head, tail, epochsPerSample } = edges;
  const { nextSample, nextNegative, perNegative } = state;
  const { a, b, nEpochs, gamma, initialAlpha } = params;
  const nVertices = embedding.length / dim;
  const nEdges = head.length;
  const attract = -2 * a * b;
  const repel = 2 * gamma * b;
  const pow = makePower(b);
  let rng = state.rng;
  for (let n = state.epoch; n < end; n++) {
    // umap-js and umap-learn lower the rate after each epoch, so epoch n runs at 1 − (n−1)/N.
    const alpha = initialAlpha * (1 - Math.max(0, n - 1) / nEpochs);
    for (let i = 0; i < nEdges; i++) {
      if (nextSample[i]! > n) continue;
      const j = head[i]! * dim;
      const k = tail[i]! * dim;
      let d2 = 0;
      for (let d = 0; d < dim; d++) {
        const x = embedding[j + d]! - embedding[k + d]!;
        d2 += x * x;
      }
      let g = 0;
      if (d2 > 0) {
        const pb = pow(d2);
        g = (attract * (pb / d2)) / (a * pb + 1);
      }
      // |g·Δ_d| ≤ |g|·√d2, so when g²·d2 ≤ 16 no coordinate needs clipping.
      // (The two loops differ only in the clip; one loop with a flag runs ~30% slower.)
      if (g * g * d2 <= CLIP * CLIP) {
        for (let d = 0; d < dim; d++) {
          const gd = g * (embedding[j + d]! - embedding[k + d]!);
          embedding[j + d]! += gd * alpha;
          embedding[k + d]! -= gd * alpha;
        }
      } else {
        for (let d = 0; d < dim; d++) {
          const gd = clip(g * (embedding[j + d]! - embedding[k + d]!));
          embedding[j + d]! += gd * alpha;
          embedding[k + d]! -= gd * alpha;
        }
      }
      nextSample[i]! += epochsPerSample[i]!;

      const per = perNegative[i]!;
      const nNeg = Math.floor((n - nextNegative[i]!) / per);
      for (let p = 0; p < nNeg; p++) {
        rng = (rng + MULBERRY32_STEP) | 0;
        const o = Math.floor(mulberry32Value(rng) * nVertices) * dim;
        // Two partial sums: halves the dependency chain of the hottest loop.
        let e0 = 0;
        let e1 = 0;
        let d = 0;
        for (; d + 1 < dim; d += 2) {
          const x0 = embedding[j + d]! - embedding[o + d]!;
          const x1 = embedding[j + d + 1]! - embedding[o + d + 1]!;
          e0 += x0 * x0;
          e1 += x1 * x1;
        }
        if (d < dim) {
          const x0 = embedding[j + d]! - embedding[o + d]!;
          e0 += x0 * x0;
        }
        const e2 = e0 + e1;
        if (e2 > 0) {
          const gn = repel / ((0.001 + e2) * (a * pow(e2) + 1));
          if (gn * gn * e2 <= CLIP * CLIP) {
            for (let t = 0; t < dim; t++) {
              embedding[j + t]! += gn * (embedding[j + t]! - embedding[o + t]!) * alpha;
            }
          } else {
            for (let t = 0; t < dim; t++) {
              embedding[j + t]! += clip(gn * (embedding[j + t]! - embedding[o + t]!)) * alpha;
            }
          }
        } else if (j !== o) {
          // Coincident with another point: umap-js pushes by the clip value in every dimension.
          for (let t = 0; t < dim; t++) embedding[j + t]! += CLIP * alpha;
        }
      }
      nextNegative[i]! += nNeg * per;
    }
  }
  state.epoch = Math.max(state.epoch, end);
  state.rng = rng;
}

function clip(x: number): number {
  return x > CLIP ? CLIP : x < -CLIP ? -CLIP : x;
}
