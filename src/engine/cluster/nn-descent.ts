/**
 * Approximate k-nearest neighbours under cosine distance by NN-descent (Dong, Moses & Li 2011),
 * the method umap-learn uses (through pynndescent) above 4,096 points: "a neighbour of my
 * neighbour is probably my neighbour". Start from random neighbour lists, then repeatedly
 * compare, for every point, the pairs among its neighbours and reverse neighbours, keeping the
 * k closest seen so far; stop when an iteration changes fewer than delta·n·k list entries.
 * Like pynndescent, each iteration only joins pairs with at least one entry new since the last
 * iteration, and samples at most maxCandidates of them per point, by seeded random priority.
 *
 * Unlike pynndescent we do not initialise from random-projection trees: on the levels Grove
 * clusters (≤ 30k points, 100–384 dimensions) random starts reach the same recall in a couple
 * more iterations (nn-descent.test.ts measures it against exact kNN).
 *
 * Deterministic: the same input, k and seed give the same graph (one seeded mulberry32 stream,
 * points visited in order). Output has the layout of exactCosineKnn: the point itself first at
 * distance 0, then its neighbours nearest first.
 */
import { createRng } from '../rng.ts';
import { unitRows } from './knn.ts';
import type { KnnGraph } from './knn.ts';
import type { Matrix } from './matrix.ts';

export interface NnDescentOptions {
  readonly seed: number;
  /** Most iterations (default max(5, ⌊log₂ n⌋), about pynndescent's). */
  readonly maxIterations?: number;
  /** Candidates joined per point and iteration (default 60 capped at k, pynndescent's). */
  readonly maxCandidates?: number;
  /** Stop when an iteration changes fewer than delta·n·k entries (default 0.001). */
  readonly delta?: number;
}

/** A point's neighbour list: a bounded max-heap on distance, with "new" flags. */
class Heaps {
  readonly idx: Int32Array;
  readonly dist: Float64Array;
  readonly fresh: Uint8Array;
  constructor(
    readonly n: number,
    readonly m: number,
  ) {
    this.idx = new Int32Array(n * m).fill(-1);
    this.dist = new Float64Array(n * m).fill(Infinity);
    this.fresh = new Uint8Array(n * m);
  }

  /** Offers j to i's list; returns 1 if it entered. */
  push(i: number, j: number, d: number): number {
    const { idx, dist, fresh, m } = this;
    const o = i * m;
    if (!(d < dist[o]!)) return 0;
    for (let t = 0; t < m; t++) if (idx[o + t] === j) return 0;
    // Replace the root (the farthest) and sift down.
    let p = 0;
    for (;;) {
      const l = 2 * p + 1;
      if (l >= m) break;
      const r = l + 1;
      const c = r < m && dist[o + r]! > dist[o + l]! ? r : l;
      if (!(dist[o + c]! > d)) break;
      idx[o + p] = idx[o + c]!;
      dist[o + p] = dist[o + c]!;
      fresh[o + p] = fresh[o + c]!;
      p = c;
    }
    idx[o + p] = j;
    dist[o + p] = d;
    fresh[o + p] = 1;
    return 1;
  }
}

/**
 * Per point, up to `cap` candidates with the smallest random priorities (a max-heap on
 * priority): the seeded sample of pynndescent's build_candidates.
 */
class Candidates {
  readonly idx: Int32Array;
  readonly prio: Float64Array;
  readonly size: Int32Array;
  constructor(
    n: number,
    readonly cap: number,
  ) {
    this.idx = new Int32Array(n * cap);
    this.prio = new Float64Array(n * cap);
    this.size = new Int32Array(n);
  }

  clear(): void {
    this.size.fill(0);
  }

  add(i: number, j: number, priority: number): void {
    const { idx, prio, cap } = this;
    const o = i * cap;
    const s = this.size[i]!;
    for (let t = 0; t < s; t++) if (idx[o + t] === j) return;
    if (s < cap) {
      // Sift up.
      let p = s;
      while (p > 0) {
        const parent = (p - 1) >> 1;
        if (!(prio[o + parent]! < priority)) break;
        idx[o + p] = idx[o + parent]!;
        prio[o + p] = prio[o + parent]!;
        p = parent;
      }
      idx[o + p] = j;
      prio[o + p] = priority;
      this.size[i] = s + 1;
      return;
    }
    if (!(priority < prio[o]!)) return;
    let p = 0;
    for (;;) {
      const l = 2 * p + 1;
      if (l >= cap) break;
      const r = l + 1;
      const c = r < cap && prio[o + r]! > prio[o + l]! ? r : l;
      if (!(prio[o + c]! > priority)) break;
      idx[o + p] = idx[o + c]!;
      prio[o + p] = prio[o + c]!;
      p = c;
    }
    idx[o + p] = j;
    prio[o + p] = priority;
  }

  has(i: number, j: number): boolean {
    const o = i * this.cap;
    for (let t = 0; t < this.size[i]!; t++) if (this.idx[o + t] === j) return true;
    return false;
  }
}

/** Approximate counterpart of exactCosineKnn (same output layout). */
export function nnDescentCosineKnn(x: Matrix, k: number, options: NnDescentOptions): KnnGraph {
  const n = x.rows;
  const d = x.cols;
  const kk = Math.max(1, Math.min(k, n));
  const m = kk - 1;
  const indices = new Int32Array(n * kk);
  const distances = new Float64Array(n * kk);
  for (let i = 0; i < n; i++) indices[i * kk] = i;
  if (m === 0) return { n, k: kk, indices, distances };

  const { unit, zero } = unitRows(x);
  const distance = (a: number, b: number): number => {
    if (zero[a] || zero[b]) return zero[a] && zero[b] ? 0 : 1;
    const oa = a * d;
    const ob = b * d;
    let s = 0;
    for (let t = 0; t < d; t++) s += unit[oa + t]! * unit[ob + t]!;
    return 1 - s > 0 ? 1 - s : 0;
  };
  const rng = createRng(options.seed);
  const heaps = new Heaps(n, m);

  // Random start: m distinct others per point.
  for (let i = 0; i < n; i++) {
    let filled = 0;
    while (filled < m) {
      let j = Math.floor(rng.next() * (n - 1));
      if (j >= i) j++;
      // Until the list is full its root is an empty slot at Infinity: only duplicates fail.
      filled += heaps.push(i, j, distance(i, j));
    }
  }

  const log2n = 31 - Math.clz32(n); // ⌊log₂ n⌋
  const maxIterations = options.maxIterations ?? Math.max(5, log2n);
  const cap = Math.max(1, Math.min(options.maxCandidates ?? 60, kk));
  const delta = options.delta ?? 0.001;
  const fresh = new Candidates(n, cap);
  const old = new Candidates(n, cap);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    fresh.clear();
    old.clear();
    for (let i = 0; i < n; i++) {
      for (let t = 0; t < m; t++) {
        const e = i * m + t;
        const j = heaps.idx[e]!;
        if (j < 0) continue;
        const priority = rng.next();
        const into = heaps.fresh[e] ? fresh : old;
        into.add(i, j, priority);
        into.add(j, i, priority);
      }
    }
    // Entries sampled as new are old from now on.
    for (let i = 0; i < n; i++) {
      for (let t = 0; t < m; t++) {
        const e = i * m + t;
        if (heaps.fresh[e] && fresh.has(i, heaps.idx[e]!)) heaps.fresh[e] = 0;
      }
    }
    let updates = 0;
    for (let i = 0; i < n; i++) {
      const fo = i * cap;
      const fs = fresh.size[i]!;
      const os = old.size[i]!;
      for (let a = 0; a < fs; a++) {
        const p = fresh.idx[fo + a]!;
        for (let b = a + 1; b < fs; b++) {
          const q = fresh.idx[fo + b]!;
          const dpq = distance(p, q);
          updates += heaps.push(p, q, dpq) + heaps.push(q, p, dpq);
        }
        for (let b = 0; b < os; b++) {
          const q = old.idx[fo + b]!;
          if (q === p) continue;
          const dpq = distance(p, q);
          updates += heaps.push(p, q, dpq) + heaps.push(q, p, dpq);
        }
      }
    }
    if (updates <= delta * n * kk) break;
  }

  // Each list nearest first (ties by index), the point itself in front.
  const order = Array.from({ length: m }, (_, t) => t);
  for (let i = 0; i < n; i++) {
    const o = i * m;
    order.sort(
      (a, b) => heaps.dist[o + a]! - heaps.dist[o + b]! || heaps.idx[o + a]! - heaps.idx[o + b]!,
    );
    for (let t = 0; t < m; t++) {
      indices[i * kk + 1 + t] = heaps.idx[o + order[t]!]!;
      distances[i * kk + 1 + t] = heaps.dist[o + order[t]!]!;
    }
  }
  return { n, k: kk, indices, distances };
}
