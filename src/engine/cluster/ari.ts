/**
 * Adjusted Rand index between two labelings of the same items, computed like scikit-learn's
 * adjusted_rand_score (from the pair confusion matrix): 1 for identical partitions (up to
 * renaming), about 0 for independent ones, negative when worse than chance.
 */
export function adjustedRandIndex(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  if (b.length !== n) throw new RangeError(`labelings differ in length: ${n} vs ${b.length}`);
  const rowOf = new Map<number, number>();
  const colOf = new Map<number, number>();
  const cells = new Map<number, number>();
  const rowSums: number[] = [];
  const colSums: number[] = [];
  for (let i = 0; i < n; i++) {
    let r = rowOf.get(a[i]!);
    if (r === undefined) rowOf.set(a[i]!, (r = rowSums.push(0) - 1));
    let c = colOf.get(b[i]!);
    if (c === undefined) colOf.set(b[i]!, (c = colSums.push(0) - 1));
    rowSums[r]!++;
    colSums[c]!++;
    const key = r * (n + 1) + c;
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  let sumSquares = 0;
  for (const v of cells.values()) sumSquares += v * v;
  let rowSq = 0;
  for (const v of rowSums) rowSq += v * v;
  let colSq = 0;
  for (const v of colSums) colSq += v * v;
  // Ordered pair counts: together in both, only in b, only in a, apart in both.
  const tp = sumSquares - n;
  const fp = colSq - sumSquares;
  const fn = rowSq - sumSquares;
  const tn = n * n - fp - fn - sumSquares;
  if (fn === 0 && fp === 0) return 1;
  return (2 * (tp * tn - fn * fp)) / ((tp + fn) * (fn + tn) + (tp + fp) * (fp + tn));
}
