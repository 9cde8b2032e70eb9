/**
 * UMAP's output curve 1 / (1 + a·d^(2b)), fitted to the target membership (1 below minDist,
 * exp(−(d − minDist)/spread) beyond) by least squares, as umap-learn does with scipy's
 * curve_fit. umap-js's own fit stops at a loose tolerance (a ≈ 1.5695 instead of 1.5769 for the
 * reference settings), so we solve it to convergence with damped Gauss–Newton.
 */
import { exp, log, pow } from '../math/index.ts';

const cache = new Map<string, { a: number; b: number }>();

export function findAbParams(spread: number, minDist: number): { a: number; b: number } {
  const key = `${spread}:${minDist}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const m = 300;
  const xs = new Float64Array(m);
  const ys = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    const x = ((spread * 3) / (m - 1)) * i;
    xs[i] = x;
    ys[i] = x < minDist ? 1 : exp(-(x - minDist) / spread);
  }
  const sse = (a: number, b: number): number => {
    let s = 0;
    for (let i = 0; i < m; i++) {
      const r = 1 / (1 + a * pow(xs[i]!, 2 * b)) - ys[i]!;
      s += r * r;
    }
    return s;
  };
  let a = 1;
  let b = 1;
  let lambda = 1e-3;
  let err = sse(a, b);
  for (let it = 0; it < 500; it++) {
    // Normal equations JᵀJ·δ = −Jᵀr for the two parameters.
    let jaa = 0;
    let jab = 0;
    let jbb = 0;
    let ga = 0;
    let gb = 0;
    for (let i = 0; i < m; i++) {
      const x = xs[i]!;
      const u = x > 0 ? pow(x, 2 * b) : 0;
      const den = 1 + a * u;
      const r = 1 / den - ys[i]!;
      const da = -u / (den * den);
      const db = x > 0 ? (-a * u * 2 * log(x)) / (den * den) : 0;
      jaa += da * da;
      jab += da * db;
      jbb += db * db;
      ga += da * r;
      gb += db * r;
    }
    const paa = jaa * (1 + lambda);
    const pbb = jbb * (1 + lambda);
    const det = paa * pbb - jab * jab;
    const stepA = -(pbb * ga - jab * gb) / det;
    const stepB = -(paa * gb - jab * ga) / det;
    const next = sse(a + stepA, b + stepB);
    if (next < err) {
      const done = Math.abs(stepA) < 1e-13 * Math.abs(a) && Math.abs(stepB) < 1e-13 * Math.abs(b);
      a += stepA;
      b += stepB;
      err = next;
      lambda = Math.max(lambda / 10, 1e-12);
      if (done) break;
    } else {
      lambda *= 10;
      if (lambda > 1e12) break;
    }
  }
  const result = { a, b };
  cache.set(key, result);
  return result;
}
