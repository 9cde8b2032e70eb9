/**
 * A cap on the sphere over some of the facts' rows (insert-index.ts): a centre and the widest
 * angle from it to one of the rows. Every row in it lies at least angle(query, centre) − that
 * angle from a query, so when the cosine of that angle is below a threshold, no row in it can
 * reach the threshold and none is read.
 */
import type { NodeId, Vector } from '../types.ts';
import { dotF32 } from '../vector.ts';

/**
 * A node's fact rows and the widest angle from a centre to one (as its cosine). It bounds those
 * rows whatever the tree has done since (the rows are checked to hold the same nodes), so it is
 * not checked against the node; a row it misses is read anyway.
 */
export interface FactCap {
  readonly centre: Vector;
  readonly norm: number;
  /** Rows of the facts' block, one per child that was a laid-out fact node. */
  readonly rows: Int32Array;
  /** The node each row held (a row is believed only while it still holds it). */
  readonly ids: readonly NodeId[];
  /** The smallest cosine between the centre and one of those rows: the widest angle. */
  readonly widest: number;
}

/**
 * A bound is trusted only this far below the threshold: it is worked out in other steps than the
 * cosines it bounds, each off by far less (a square root near cosine 1: about 1e-8).
 */
const BOUND_SLACK = 1e-6;

/**
 * The largest cosine with the query that a vector within the cap can have: the cosine of
 * angle(query, centre) − the cap's widest angle (1 when the query is inside the cap), from the
 * cosines of both angles: cos(a − b) = cos a cos b + sin a sin b.
 */
function capBound(toCentre: number, widest: number): number {
  const a = Math.max(-1, Math.min(1, toCentre));
  const b = Math.max(-1, Math.min(1, widest));
  if (a >= b) return 1;
  return a * b + Math.sqrt((1 - a * a) * (1 - b * b));
}

/** Whether a row of `cap` may lie at cosine ≥ `threshold` from `query` (of norm `queryNorm`). */
export function capMayHold(
  cap: FactCap,
  query: Vector,
  queryNorm: number,
  threshold: number,
): boolean {
  if (cap.rows.length === 0) return false;
  const denominator = cap.norm * queryNorm;
  const toCentre =
    denominator === 0 ? 0 : dotF32(cap.centre, 0, query, cap.centre.length) / denominator;
  return capBound(toCentre, cap.widest) >= threshold - BOUND_SLACK;
}
