/** Splitting an overgrown leaf: deterministic 2-means on cosine similarity. */
import type { Vector } from '../types.ts';
import { cosine, meanDirection } from '../vector.ts';

/**
 * Splits vectors into two non-empty groups of indices. Seeds are the two least similar vectors
 * (no randomness: the same leaf always splits the same way), then Lloyd steps until stable.
 */
export function splitInTwo(vectors: readonly Vector[]): [number[], number[]] {
  if (vectors.length < 2) throw new Error('Cannot split fewer than two vectors');
  let seeds: [number, number] = [0, 1];
  let worst = Number.POSITIVE_INFINITY;
  for (let i = 0; i < vectors.length; i++) {
    for (let j = i + 1; j < vectors.length; j++) {
      const s = cosine(vectors[i] as Vector, vectors[j] as Vector);
      if (s < worst) [worst, seeds] = [s, [i, j]];
    }
  }
  let centres = seeds.map((i) => vectors[i] as Vector);
  let assignment: number[] = [];
  for (let step = 0; step < 50; step++) {
    const next = vectors.map((v) =>
      cosine(v, centres[0] as Vector) >= cosine(v, centres[1] as Vector) ? 0 : 1,
    );
    // Each seed keeps its own side, so neither group can empty out.
    next[seeds[0]] = 0;
    next[seeds[1]] = 1;
    if (next.every((g, i) => g === assignment[i])) break;
    assignment = next;
    centres = [0, 1].map((g) => meanDirection(vectors.filter((_, i) => assignment[i] === g)));
  }
  const groups: [number[], number[]] = [[], []];
  assignment.forEach((g, i) => groups[g as 0 | 1].push(i));
  return groups;
}
