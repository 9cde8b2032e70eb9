import type { Vector } from './types.ts';

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

/**
 * `dot` of `length` numbers of `a` from `offset` (a row of a block of vectors) and of `b`: the
 * same sum in the same order, so the same number to the last bit, unrolled by four. Called only
 * with Float32Arrays, so the engine keeps it fast: the shared `dot` sees every kind of array and
 * runs several times slower in the loops over every fact.
 */
export function dotF32(a: Float32Array, offset: number, b: Float32Array, length: number): number {
  let s = 0;
  let i = 0;
  for (; i + 3 < length; i += 4) {
    s += (a[offset + i] as number) * (b[i] as number);
    s += (a[offset + i + 1] as number) * (b[i + 1] as number);
    s += (a[offset + i + 2] as number) * (b[i + 2] as number);
    s += (a[offset + i + 3] as number) * (b[i + 3] as number);
  }
  for (; i < length; i++) s += (a[offset + i] as number) * (b[i] as number);
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
