/** Number formatting shared by the sections of docs/results.md (results-doc*.ts). */

/** A target met or missed by less than this many points is called "on the edge". */
export const EDGE_POINTS = 0.5;

export const pct = (x: number | null) => (x === null ? 'n/a' : (x * 100).toFixed(1));
/** a − b in points (hundredths), to two decimals so that 0.936 − 0.886 is 5 and not 5.000…04. */
export const pointsExact = (a: number, b: number) => Math.round((a - b) * 10000) / 100;
