/** What the EM driver (gmm.ts) needs from a covariance model: full, diagonal or spherical. */
import type { BoundedComponents } from './gmm-groups.ts';
import type { Matrix } from './matrix.ts';
import { log } from '../math/index.ts';

/**
 * Responsibilities stored sparsely (CSR): point i's entries (component, value) are at
 * start[i] … start[i+1]−1. The E-step keeps only components within reach of the best one (see
 * gmm.ts), so points have a handful of entries, not one per component: memory stays O(n), not
 * O(n·k) (10,000 points × 1,666 components would be 200 MB dense).
 */
export interface Responsibilities {
  readonly start: Int32Array;
  comp: Int32Array;
  value: Float64Array;
}

/** Makes room for `needed` entries, keeping the first `used`. */
export function reserve(resp: Responsibilities, used: number, needed: number): void {
  if (needed <= resp.comp.length) return;
  const size = Math.max(needed, resp.comp.length * 2);
  const comp = new Int32Array(size);
  const value = new Float64Array(size);
  comp.set(resp.comp.subarray(0, used));
  value.set(resp.value.subarray(0, used));
  resp.comp = comp;
  resp.value = value;
}

export interface ComponentModel extends BoundedComponents {
  /**
   * log N(x | component c) for the row of `data` starting at `offset`, or −Infinity as soon as
   * the value is certain to fall below `floor` (pass −Infinity to always get the value).
   */
  logDensity(data: Float64Array, offset: number, c: number, floor: number): number;
  /** Refits the covariances from responsibilities, given the new totals and means. */
  fit(x: Matrix, resp: Responsibilities, nk: Float64Array, means: Float64Array): void;
  /** full: k×d×d, diag: k×d, spherical: k. Regularisation included. */
  covariances(): Float64Array;
}

export const HALF_LOG_2PI = 0.5 * log(2 * Math.PI);

/** Raised when a covariance stays non-positive-definite even with extra regularisation. */
export class GmmDegenerateError extends Error {
  override readonly name = 'GmmDegenerateError';
  constructor(component: number) {
    super(
      `Gaussian mixture component ${component} has a degenerate covariance even after adding ` +
        'regularisation; the input probably contains NaN or infinite values.',
    );
  }
}
