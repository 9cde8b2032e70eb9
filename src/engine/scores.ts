/**
 * Small score arithmetic shared by the evaluation summaries and the hybrid (embedding + BM25)
 * rankings of the tree judge, the flat-hybrid baseline and MAP's task-memory activation.
 */

/** Arithmetic mean; 0 for an empty list. */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/** z-scores over the list; all zeros when the values do not vary (they then decide nothing). */
export function standardise(values: readonly number[]): number[] {
  const n = values.length;
  if (n === 0) return [];
  const mu = mean(values);
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mu) * (b - mu), 0) / n);
  return values.map((v) => (sd <= 1e-12 ? 0 : (v - mu) / sd));
}

/**
 * w·z(cosine) + (1 − w)·z(lexical), the z-scores taken over the given candidates (a side that
 * does not vary over them scores 0 everywhere and decides nothing).
 */
export function hybridScores(
  cosines: readonly number[],
  lexical: readonly number[],
  embeddingWeight: number,
): number[] {
  const zc = standardise(cosines);
  const zl = standardise(lexical);
  return zc.map((c, i) => embeddingWeight * c + (1 - embeddingWeight) * (zl[i] ?? 0));
}
