/**
 * Post-processing of word vectors before quantisation: all-but-the-top and SIF weights (see
 * bundled-embedder-spec.ts). Deterministic: fixed iteration counts, no randomness.
 */

/** Subtracts the mean row and projects out the top `components` principal directions, in place. */
export function allButTheTop(vectors: Float64Array, dimension: number, components: number): void {
  const rows = vectors.length / dimension;
  const mean = new Float64Array(dimension);
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < dimension; i++) mean[i]! += vectors[r * dimension + i]! / rows;
  }
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < dimension; i++) vectors[r * dimension + i]! -= mean[i]!;
  }
  const covariance = new Float64Array(dimension * dimension);
  for (let r = 0; r < rows; r++) {
    const o = r * dimension;
    for (let i = 0; i < dimension; i++) {
      const vi = vectors[o + i]!;
      for (let j = i; j < dimension; j++) covariance[i * dimension + j]! += vi * vectors[o + j]!;
    }
  }
  for (let i = 0; i < dimension; i++) {
    for (let j = 0; j < i; j++) covariance[i * dimension + j] = covariance[j * dimension + i]!;
  }
  for (const direction of topEigenvectors(covariance, dimension, components)) {
    for (let r = 0; r < rows; r++) {
      const o = r * dimension;
      let p = 0;
      for (let i = 0; i < dimension; i++) p += vectors[o + i]! * direction[i]!;
      for (let i = 0; i < dimension; i++) vectors[o + i]! -= p * direction[i]!;
    }
  }
}

/** Top eigenvectors of a symmetric matrix by power iteration with deflation (fixed start and steps). */
export function topEigenvectors(
  matrix: Float64Array,
  dimension: number,
  count: number,
): Float64Array[] {
  const m = Float64Array.from(matrix);
  const result: Float64Array[] = [];
  for (let k = 0; k < count; k++) {
    let v = new Float64Array(dimension).map((_, i) => 1 + i / dimension);
    let eigenvalue = 0;
    for (let step = 0; step < 500; step++) {
      const next = new Float64Array(dimension);
      for (let i = 0; i < dimension; i++) {
        let s = 0;
        for (let j = 0; j < dimension; j++) s += m[i * dimension + j]! * v[j]!;
        next[i] = s;
      }
      const n = Math.hypot(...next);
      if (n === 0) break;
      for (let i = 0; i < dimension; i++) next[i]! /= n;
      eigenvalue = n;
      v = next;
    }
    result.push(v);
    for (let i = 0; i < dimension; i++) {
      for (let j = 0; j < dimension; j++) m[i * dimension + j]! -= eigenvalue * v[i]! * v[j]!;
    }
  }
  return result;
}

/**
 * SIF weight a / (a + p) for each frequency rank (0 = most frequent), with p from Zipf's law:
 * p(rank) = 1 / ((rank + 1) · H(vocabulary)).
 */
export function sifWeights(count: number, a: number, vocabulary: number): Float64Array {
  let harmonic = 0;
  for (let r = 1; r <= vocabulary; r++) harmonic += 1 / r;
  const weights = new Float64Array(count);
  for (let rank = 0; rank < count; rank++) {
    const p = 1 / ((rank + 1) * harmonic);
    weights[rank] = a / (a + p);
  }
  return weights;
}
