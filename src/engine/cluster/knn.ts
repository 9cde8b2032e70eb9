/**
 * Exact k-nearest neighbours under cosine distance, the way umap-learn computes them below
 * 4,096 points (all pairs, then the k smallest per row). Each point is its own first neighbour
 * at distance 0, as UMAP's graph construction expects.
 */
import type { Matrix } from './matrix.ts';

export interface KnnGraph {
  readonly n: number;
  /** Neighbours per point, the point itself included. */
  readonly k: number;
  /** n × k neighbour indices, nearest first. */
  readonly indices: Int32Array;
  /** n × k cosine distances (1 − cos), nearest first, clamped at 0. */
  readonly distances: Float64Array;
}

/** Unit-length rows; zero rows stay zero and are flagged. */
export function unitRows(x: Matrix): { unit: Float64Array; zero: Uint8Array } {
  const { rows: n, cols: d, data } = x;
  const unit = new Float64Array(n * d);
  const zero = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const o = i * d;
    let s = 0;
    for (let t = 0; t < d; t++) s += data[o + t]! * data[o + t]!;
    if (s === 0) {
      zero[i] = 1;
      continue;
    }
    const inv = 1 / Math.sqrt(s);
    for (let t = 0; t < d; t++) unit[o + t] = data[o + t]! * inv;
  }
  return { unit, zero };
}

function dot(u: Float64Array, a: number, b: number, d: number): number {
  let s = 0;
  for (let t = 0; t < d; t++) s += u[a + t]! * u[b + t]!;
  return s;
}

/**
 * All-pairs exact kNN. Each pair's dot product is computed once and offered to both rows. The
 * Gram matrix is computed in 4×2 tiles: per coordinate, 6 loads feed 8 multiply-adds.
 */
export function exactCosineKnn(x: Matrix, k: number): KnnGraph {
  const n = x.rows;
  const d = x.cols;
  const kk = Math.max(1, Math.min(k, n));
  const m = kk - 1; // neighbours other than the point itself
  const { unit, zero } = unitRows(x);
  const bestD = new Float64Array(n * Math.max(m, 1)).fill(Infinity);
  const bestI = new Int32Array(n * Math.max(m, 1)).fill(-1);

  const offer = (i: number, j: number, dist: number): void => {
    const base = i * m;
    let p = base + m - 1;
    if (!(dist < bestD[p]!)) return;
    while (p > base && bestD[p - 1]! > dist) {
      bestD[p] = bestD[p - 1]!;
      bestI[p] = bestI[p - 1]!;
      p--;
    }
    bestD[p] = dist;
    bestI[p] = j;
  };
  const pair = (i: number, j: number, dotProduct: number): void => {
    let dist: number;
    if (zero[i] || zero[j]) dist = zero[i] && zero[j] ? 0 : 1;
    else dist = 1 - dotProduct > 0 ? 1 - dotProduct : 0;
    offer(i, j, dist);
    offer(j, i, dist);
  };

  if (m > 0) {
    let i0 = 0;
    for (; i0 + 4 <= n; i0 += 4) {
      const o0 = i0 * d;
      const o1 = o0 + d;
      const o2 = o1 + d;
      const o3 = o2 + d;
      for (let a = i0; a < i0 + 4; a++) {
        for (let b = a + 1; b < i0 + 4; b++) pair(a, b, dot(unit, a * d, b * d, d));
      }
      let j = i0 + 4;
      for (; j + 2 <= n; j += 2) {
        const p = j * d;
        const q = p + d;
        let a0 = 0;
        let a1 = 0;
        let a2 = 0;
        let a3 = 0;
        let b0 = 0;
        let b1 = 0;
        let b2 = 0;
        let b3 = 0;
        for (let t = 0; t < d; t++) {
          const v = unit[p + t]!;
          const w = unit[q + t]!;
          const r0 = unit[o0 + t]!;
          const r1 = unit[o1 + t]!;
          const r2 = unit[o2 + t]!;
          const r3 = unit[o3 + t]!;
          a0 += r0 * v;
          a1 += r1 * v;
          a2 += r2 * v;
          a3 += r3 * v;
          b0 += r0 * w;
          b1 += r1 * w;
          b2 += r2 * w;
          b3 += r3 * w;
        }
        pair(i0, j, a0);
        pair(i0 + 1, j, a1);
        pair(i0 + 2, j, a2);
        pair(i0 + 3, j, a3);
        pair(i0, j + 1, b0);
        pair(i0 + 1, j + 1, b1);
        pair(i0 + 2, j + 1, b2);
        pair(i0 + 3, j + 1, b3);
      }
      for (; j < n; j++) for (let a = i0; a < i0 + 4; a++) pair(a, j, dot(unit, a * d, j * d, d));
    }
    // The last rows (fewer than four).
    for (; i0 < n; i0++) for (let j = i0 + 1; j < n; j++) pair(i0, j, dot(unit, i0 * d, j * d, d));
  }

  const indices = new Int32Array(n * kk);
  const distances = new Float64Array(n * kk);
  for (let i = 0; i < n; i++) {
    indices[i * kk] = i;
    for (let t = 0; t < m; t++) {
      indices[i * kk + 1 + t] = bestI[i * m + t]!;
      distances[i * kk + 1 + t] = bestD[i * m + t]!;
    }
  }
  return { n, k: kk, indices, distances };
}
