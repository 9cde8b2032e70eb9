/**
 * UMAP's fuzzy simplicial set on typed arrays: the same arithmetic as umap-learn and umap-js
 * (smooth kNN distances, membership strengths, fuzzy union), without umap-js's Map-backed
 * sparse matrices, which cost more than the rest of the graph construction together.
 */
import type { KnnGraph } from './knn.ts';
import { exp, log } from '../math/index.ts';

const SMOOTH_K_TOLERANCE = 1e-5;
const MIN_K_DIST_SCALE = 1e-3;

/** Symmetric sparse graph, CSR with columns ascending in each row; zero weights dropped. */
export interface FuzzyGraph {
  readonly n: number;
  readonly rowPtr: Int32Array;
  readonly cols: Int32Array;
  readonly vals: Float64Array;
}

/** Per-point bandwidth (sigma) and distance to the nearest distinct neighbour (rho). */
export function smoothKnnDistances(
  knn: KnnGraph,
  localConnectivity = 1,
  nIter = 64,
  bandwidth = 1,
): { sigmas: Float64Array; rhos: Float64Array } {
  const { n, k, distances } = knn;
  const target = (log(k) / log(2)) * bandwidth;
  const rhos = new Float64Array(n);
  const sigmas = new Float64Array(n);
  let meanAll = -1; // computed lazily: only needed when a point has no positive distance
  const index = Math.floor(localConnectivity);
  const interpolation = localConnectivity - index;
  const nonZero: number[] = [];
  for (let i = 0; i < n; i++) {
    const o = i * k;
    nonZero.length = 0;
    for (let j = 0; j < k; j++) if (distances[o + j]! > 0) nonZero.push(distances[o + j]!);
    if (nonZero.length >= localConnectivity) {
      if (index > 0) {
        rhos[i] = nonZero[index - 1]!;
        if (interpolation > SMOOTH_K_TOLERANCE) {
          rhos[i]! += interpolation * (nonZero[index]! - nonZero[index - 1]!);
        }
      } else {
        rhos[i] = interpolation * nonZero[0]!;
      }
    } else if (nonZero.length > 0) {
      rhos[i] = Math.max(...nonZero);
    }
    const rho = rhos[i]!;
    let lo = 0;
    let hi = Infinity;
    let mid = 1;
    for (let it = 0; it < nIter; it++) {
      let psum = 0;
      for (let j = 1; j < k; j++) {
        const d = distances[o + j]! - rho;
        psum += d > 0 ? exp(-(d / mid)) : 1;
      }
      if (Math.abs(psum - target) < SMOOTH_K_TOLERANCE) break;
      if (psum > target) {
        hi = mid;
        mid = (lo + hi) / 2;
      } else {
        lo = mid;
        mid = hi === Infinity ? mid * 2 : (lo + hi) / 2;
      }
    }
    let floor: number;
    if (rho > 0) {
      let s = 0;
      for (let j = 0; j < k; j++) s += distances[o + j]!;
      floor = MIN_K_DIST_SCALE * (s / k);
    } else {
      if (meanAll < 0) {
        let s = 0;
        for (let t = 0; t < n * k; t++) s += distances[t]!;
        meanAll = s / (n * k);
      }
      floor = MIN_K_DIST_SCALE * meanAll;
    }
    sigmas[i] = mid < floor ? floor : mid;
  }
  return { sigmas, rhos };
}

/**
 * Membership strengths of the directed kNN graph, then their fuzzy union
 * w_ij = mix·(s_ij + s_ji − s_ij·s_ji) + (1 − mix)·s_ij·s_ji.
 */
export function fuzzySimplicialSet(
  knn: KnnGraph,
  setOpMixRatio = 1,
  localConnectivity = 1,
): FuzzyGraph {
  const { n, k, indices, distances } = knn;
  const { sigmas, rhos } = smoothKnnDistances(knn, localConnectivity);

  // Directed strengths as CSR, columns sorted.
  const sPtr = new Int32Array(n + 1);
  const sCol = new Int32Array(n * k);
  const sVal = new Float64Array(n * k);
  let nnz = 0;
  const order: number[] = [];
  for (let i = 0; i < n; i++) {
    const o = i * k;
    order.length = 0;
    for (let j = 0; j < k; j++) if (indices[o + j] !== i && indices[o + j]! >= 0) order.push(j);
    order.sort((a, b) => indices[o + a]! - indices[o + b]!);
    for (const j of order) {
      const d = distances[o + j]! - rhos[i]!;
      const v = d <= 0 ? 1 : exp(-(d / sigmas[i]!));
      if (v === 0) continue;
      sCol[nnz] = indices[o + j]!;
      sVal[nnz++] = v;
    }
    sPtr[i + 1] = nnz;
  }

  // Transpose (rows of the transpose come out with ascending columns).
  const tPtr = new Int32Array(n + 1);
  for (let p = 0; p < nnz; p++) tPtr[sCol[p]! + 1]!++;
  for (let i = 0; i < n; i++) tPtr[i + 1]! += tPtr[i]!;
  const fill = tPtr.slice(0, n);
  const tCol = new Int32Array(nnz);
  const tVal = new Float64Array(nnz);
  for (let i = 0; i < n; i++) {
    for (let p = sPtr[i]!; p < sPtr[i + 1]!; p++) {
      const q = fill[sCol[p]!]!++;
      tCol[q] = i;
      tVal[q] = sVal[p]!;
    }
  }

  // Merge each row of S with the same row of Sᵀ.
  const rowPtr = new Int32Array(n + 1);
  const cols = new Int32Array(2 * nnz);
  const vals = new Float64Array(2 * nnz);
  let m = 0;
  const mix = setOpMixRatio;
  for (let i = 0; i < n; i++) {
    let p = sPtr[i]!;
    let q = tPtr[i]!;
    const pe = sPtr[i + 1]!;
    const qe = tPtr[i + 1]!;
    while (p < pe || q < qe) {
      const cp = p < pe ? sCol[p]! : n;
      const cq = q < qe ? tCol[q]! : n;
      const col = cp < cq ? cp : cq;
      const s = cp === col ? sVal[p++]! : 0;
      const t = cq === col ? tVal[q++]! : 0;
      const prod = s * t;
      const v = (s + t - prod) * mix + prod * (1 - mix);
      if (v !== 0) {
        cols[m] = col;
        vals[m++] = v;
      }
    }
    rowPtr[i + 1] = m;
  }
  return { n, rowPtr, cols: cols.slice(0, m), vals: vals.slice(0, m) };
}

/** The edges the layout samples: one per stored entry, in (row, col) order like umap-js. */
export interface LayoutEdges {
  /** The point moved by the attractive step (umap-js: the column). */
  readonly head: Int32Array;
  /** Its neighbour (umap-js: the row). */
  readonly tail: Int32Array;
  /** How many epochs apart the edge is sampled (1 for the strongest edge). */
  readonly epochsPerSample: Float64Array;
}

/**
 * Drops edges too weak to be sampled even once in nEpochs (weight < max / nEpochs), as both
 * umap-learn and umap-js do, and turns weights into sampling periods.
 */
export function layoutEdges(graph: FuzzyGraph, nEpochs: number): LayoutEdges {
  const { n, rowPtr, cols, vals } = graph;
  let max = 0;
  for (let p = 0; p < vals.length; p++) if (vals[p]! > max) max = vals[p]!;
  const cut = max / nEpochs;
  let count = 0;
  for (let p = 0; p < vals.length; p++) if (!(vals[p]! < cut)) count++;
  const head = new Int32Array(count);
  const tail = new Int32Array(count);
  const weights = new Float64Array(count);
  let e = 0;
  let wMax = 0;
  for (let i = 0; i < n; i++) {
    for (let p = rowPtr[i]!; p < rowPtr[i + 1]!; p++) {
      if (vals[p]! < cut) continue;
      tail[e] = i;
      head[e] = cols[p]!;
      weights[e++] = vals[p]!;
      if (vals[p]! > wMax) wMax = vals[p]!;
    }
  }
  const epochsPerSample = new Float64Array(count);
  for (let t = 0; t < count; t++) {
    const samples = (weights[t]! / wMax) * nEpochs;
    epochsPerSample[t] = samples > 0 ? nEpochs / samples : -1;
  }
  return { head, tail, epochsPerSample };
}
