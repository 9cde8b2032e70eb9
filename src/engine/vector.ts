import type { Vector } from './types.ts';

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

export function norm(a: ArrayLike<number>): number {
  return Math.sqrt(dot(a, a));
}

/** Cosine similarity; 0 when either vector is zero. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const d = norm(a) * norm(b);
  return d === 0 ? 0 : dot(a, b) / d;
}

/** A unit-length copy (a zero vector stays zero). */
export function normalize(a: ArrayLike<number>): Vector {
  const n = norm(a);
  const out = new Float32Array(a.length);
  if (n === 0) return out;
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) / n;
  return out;
}

/** The normalised mean of some vectors: a cluster's centre direction. */
export function meanDirection(vectors: readonly ArrayLike<number>[]): Vector {
  const first = vectors[0];
  if (!first) throw new Error('meanDirection needs at least one vector');
  const sum = new Float64Array(first.length);
  for (const v of vectors) for (let i = 0; i < sum.length; i++) sum[i]! += v[i] as number;
  return normalize(sum);
}
