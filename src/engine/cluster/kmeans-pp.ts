/**
 * k-means++ seeding (greedy, as scikit-learn's kmeans_plusplus: 2 + ⌊ln k⌋ candidates per new
 * centre, keep the one that lowers the potential most) and Lloyd iterations. A candidate reads
 * only the rows a k-d tree (point-tree.ts) cannot rule out, and its potential is summed over
 * every row in row order, so the seeding is that of scanning every row, bit for bit
 * (kmeans-pp.test.ts checks it against that scan), at a fraction of the cost for thousands of
 * centres (a large level's mixture: 10,000 rows, 5,000 centres, 2.8 s instead of 4.5 s in Node).
 */
import type { Rng } from '../ports.ts';
import type { Matrix } from './matrix.ts';
import { PointTree } from './point-tree.ts';
import { log } from '../math/index.ts';

export interface Seeding {
  /** Row index of each chosen centre. */
  readonly indices: Int32Array;
  /** For every row, the chosen centre nearest to it (0..k−1). */
  readonly nearest: Int32Array;
}

export function sqDist(
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
  d: number,
): number {
  let s = 0;
  for (let t = 0; t < d; t++) {
    const x = a[ao + t]! - b[bo + t]!;
    s += x * x;
  }
  return s;
}

/** First index whose cumulative sum reaches `value` (numpy searchsorted, side 'left'). */
export function searchCumulative(cum: Float64Array, value: number): number {
  let lo = 0;
  let hi = cum.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cum[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(lo, cum.length - 1);
}

export function kmeansPlusPlus(x: Matrix, k: number, rng: Rng, localTrials?: number): Seeding {
  const { rows: n, cols: d, data } = x;
  if (n === 0 || k <= 0) return { indices: new Int32Array(0), nearest: new Int32Array(n) };
  const trials = localTrials ?? 2 + Math.floor(log(k));
  const indices = new Int32Array(k);
  const nearest = new Int32Array(n);
  const closest = new Float64Array(n);
  const cum = new Float64Array(n);
  // What each candidate of a round would change: the rows it brings closer, their new distances.
  const changedRow = new Int32Array(trials * n);
  const changedCount = new Int32Array(trials);
  const changedDist = new Float64Array(trials * n);
  const scratch = new Float64Array(n);
  const candIds = new Int32Array(trials);
  const tree = new PointTree(x);

  const first = Math.min(n - 1, Math.floor(rng.next() * n));
  indices[0] = first;
  let potential = 0;
  for (let i = 0; i < n; i++) {
    closest[i] = sqDist(data, i * d, data, first * d, d);
    potential += closest[i]!;
  }
  tree.resetClosest(closest);
  for (let c = 1; c < k; c++) {
    let run = 0;
    for (let i = 0; i < n; i++) cum[i] = run += closest[i]!;
    let best = -1;
    let bestPot = Infinity;
    for (let t = 0; t < trials; t++) {
      const id = searchCumulative(cum, rng.next() * potential);
      candIds[t] = id;
      const o = t * n;
      const co = id * d;
      let changes = 0;
      // Only the rows the tree cannot rule out; a row is brought closer iff its distance to the
      // candidate is below its closest (summing stops once it reaches it).
      tree.reachable(id, (from, to) => {
        for (let p = from; p < to; p++) {
          const i = tree.rows[p]!;
          const ci = closest[i]!;
          const io = i * d;
          let s = 0;
          for (let u = 0; u < d && s < ci; u++) {
            const z = data[io + u]! - data[co + u]!;
            s += z * z;
          }
          if (s < ci) {
            changedRow[o + changes] = i;
            changedDist[o + changes++] = s;
          }
        }
      });
      changedCount[t] = changes;
      // The potential summed over every row in row order, as a full scan would: the same
      // floating-point sum, so the same candidate wins.
      scratch.set(closest);
      for (let e = o; e < o + changes; e++) scratch[changedRow[e]!] = changedDist[e]!;
      let pot = 0;
      for (let i = 0; i < n; i++) pot += scratch[i]!;
      if (pot < bestPot) {
        bestPot = pot;
        best = t;
      }
    }
    indices[c] = candIds[best]!;
    const o = best * n;
    const changed = changedRow.subarray(o, o + changedCount[best]!);
    changed.forEach((i, e) => {
      closest[i] = changedDist[o + e]!;
      nearest[i] = c;
    });
    tree.refreshClosest(closest, changed);
    potential = bestPot;
  }
  return { indices, nearest };
}

export interface LloydResult {
  readonly labels: Int32Array;
  readonly centers: Float64Array;
  readonly iterations: number;
}

/**
 * Lloyd's algorithm from the given centres until no label changes or the centres move less than
 * tol × (mean feature variance), scikit-learn's stopping rule. An empty cluster keeps its centre.
 */
export function lloyd(x: Matrix, centers: Float64Array, maxIter = 300, tol = 1e-4): LloydResult {
  const { rows: n, cols: d, data } = x;
  const k = centers.length / d;
  const c = centers.slice();
  const labels = new Int32Array(n).fill(-1);
  const sums = new Float64Array(k * d);
  const counts = new Float64Array(k);
  let varSum = 0;
  for (let t = 0; t < d; t++) {
    let m = 0;
    let m2 = 0;
    for (let i = 0; i < n; i++) {
      const v = data[i * d + t]!;
      m += v;
      m2 += v * v;
    }
    m /= n;
    varSum += m2 / n - m * m;
  }
  const threshold = (varSum / Math.max(d, 1)) * tol;
  let it = 0;
  while (it < maxIter) {
    it++;
    let changed = 0;
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestD = Infinity;
      for (let j = 0; j < k; j++) {
        const dd = sqDist(data, i * d, c, j * d, d);
        if (dd < bestD) {
          bestD = dd;
          best = j;
        }
      }
      if (labels[i] !== best) changed++;
      labels[i] = best;
    }
    sums.fill(0);
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const j = labels[i]!;
      counts[j]!++;
      for (let t = 0; t < d; t++) sums[j * d + t]! += data[i * d + t]!;
    }
    let shift = 0;
    for (let j = 0; j < k; j++) {
      if (counts[j] === 0) continue;
      for (let t = 0; t < d; t++) {
        const v = sums[j * d + t]! / counts[j]!;
        const delta = v - c[j * d + t]!;
        shift += delta * delta;
        c[j * d + t] = v;
      }
    }
    if (changed === 0 || shift <= threshold) break;
  }
  return { labels, centers: c, iterations: it };
}
