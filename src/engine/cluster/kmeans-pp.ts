/**
 * k-means++ seeding (greedy, as scikit-learn's kmeans_plusplus: 2 + ⌊ln k⌋ candidates per new
 * centre, keep the one that lowers the potential most) and Lloyd iterations.
 */
import type { Rng } from '../ports.ts';
import type { Matrix } from './matrix.ts';
import { log } from '../math/index.ts';

export interface Seeding {
  /** Row index of each chosen centre. */
  readonly indices: Int32Array;
  /** For every row, the chosen centre nearest to it (0..k−1). */
  readonly nearest: Int32Array;
}

function sqDist(a: Float64Array, ao: number, b: Float64Array, bo: number, d: number): number {
  let s = 0;
  for (let t = 0; t < d; t++) {
    const x = a[ao + t]! - b[bo + t]!;
    s += x * x;
  }
  return s;
}

/** First index whose cumulative sum reaches `value` (numpy searchsorted, side 'left'). */
function searchCumulative(cum: Float64Array, value: number): number {
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
  const candDist = new Float64Array(trials * n);
  const candIds = new Int32Array(trials);

  const first = Math.min(n - 1, Math.floor(rng.next() * n));
  indices[0] = first;
  let potential = 0;
  for (let i = 0; i < n; i++) {
    closest[i] = sqDist(data, i * d, data, first * d, d);
    potential += closest[i]!;
  }
  for (let c = 1; c < k; c++) {
    let run = 0;
    for (let i = 0; i < n; i++) cum[i] = run += closest[i]!;
    let best = -1;
    let bestPot = Infinity;
    for (let t = 0; t < trials; t++) {
      const id = searchCumulative(cum, rng.next() * potential);
      candIds[t] = id;
      let pot = 0;
      const o = t * n;
      const co = id * d;
      for (let i = 0; i < n; i++) {
        // Only min(distance, closest) matters: stop summing once it reaches closest.
        const ci = closest[i]!;
        const io = i * d;
        let s = 0;
        for (let t = 0; t < d && s < ci; t++) {
          const z = data[io + t]! - data[co + t]!;
          s += z * z;
        }
        const m = s < ci ? s : ci;
        candDist[o + i] = m;
        pot += m;
      }
      if (pot < bestPot) {
        bestPot = pot;
        best = t;
      }
    }
    indices[c] = candIds[best]!;
    const o = best * n;
    for (let i = 0; i < n; i++) {
      if (candDist[o + i]! < closest[i]!) {
        closest[i] = candDist[o + i]!;
        nearest[i] = c;
      }
    }
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
