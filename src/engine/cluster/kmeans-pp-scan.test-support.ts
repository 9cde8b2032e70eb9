/**
 * k-means++ seeding as it was before the point tree (kmeans-pp.ts): every candidate scans every
 * row. Kept for tests only, as the reference the tree's seeding must match bit for bit.
 */
import type { Rng } from '../ports.ts';
import { searchCumulative, sqDist, type Seeding } from './kmeans-pp.ts';
import type { Matrix } from './matrix.ts';
import { log } from '../math/index.ts';

export function kmeansPlusPlusByScan(
  x: Matrix,
  k: number,
  rng: Rng,
  localTrials?: number,
): Seeding {
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
