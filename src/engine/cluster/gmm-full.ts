/**
 * Full-covariance Gaussian components, kept as Cholesky factors of the precision like
 * scikit-learn: Σ = L·Lᵀ, and the Mahalanobis term is ‖L⁻¹(x − μ)‖².
 */
import type { ComponentModel, Responsibilities } from './gmm-model.ts';
import { GmmDegenerateError, HALF_LOG_2PI } from './gmm-model.ts';
import type { Matrix } from './matrix.ts';
import { log } from '../math/index.ts';

/** Lower Cholesky factor of the d×d matrix at a[o…] into l[o…]; false if not positive definite. */
export function cholesky(a: Float64Array, l: Float64Array, o: number, d: number): boolean {
  for (let j = 0; j < d; j++) {
    let s = a[o + j * d + j]!;
    for (let t = 0; t < j; t++) s -= l[o + j * d + t]! * l[o + j * d + t]!;
    if (!(s > 0)) return false;
    const diag = Math.sqrt(s);
    l[o + j * d + j] = diag;
    for (let i = j + 1; i < d; i++) {
      let v = a[o + i * d + j]!;
      for (let t = 0; t < j; t++) v -= l[o + i * d + t]! * l[o + j * d + t]!;
      l[o + i * d + j] = v / diag;
    }
    for (let t = j + 1; t < d; t++) l[o + j * d + t] = 0;
  }
  return true;
}

/** Inverse of the lower-triangular matrix at l[o…] into inv[o…] (also lower-triangular). */
export function invertLower(l: Float64Array, inv: Float64Array, o: number, d: number): void {
  for (let c = 0; c < d; c++) {
    for (let r = 0; r < d; r++) {
      if (r < c) {
        inv[o + r * d + c] = 0;
        continue;
      }
      let s = r === c ? 1 : 0;
      for (let t = c; t < r; t++) s -= l[o + r * d + t]! * inv[o + t * d + c]!;
      inv[o + r * d + c] = s / l[o + r * d + r]!;
    }
  }
}

export class FullCovariance implements ComponentModel {
  private readonly cov: Float64Array;
  private readonly chol: Float64Array;
  /** L⁻¹ per component, row-major: row j holds the coefficients of the j-th whitened coordinate. */
  private readonly whiten: Float64Array;
  /** log det L⁻¹ = −½ log det Σ, per component. */
  private readonly logDet: Float64Array;
  /** 1 / (an upper bound on Σ's largest eigenvalue), per component. */
  private readonly floorOfPrecision: Float64Array;
  private readonly means: Float64Array;
  private readonly diff: Float64Array;

  constructor(
    private readonly k: number,
    private readonly d: number,
    private readonly reg: number,
  ) {
    this.cov = new Float64Array(k * d * d);
    this.chol = new Float64Array(k * d * d);
    this.whiten = new Float64Array(k * d * d);
    this.logDet = new Float64Array(k);
    this.floorOfPrecision = new Float64Array(k);
    this.means = new Float64Array(k * d);
    this.diff = new Float64Array(d);
  }

  logDensity(data: Float64Array, offset: number, c: number, floor: number): number {
    const d = this.d;
    const w = this.whiten;
    const mu = this.means;
    const diff = this.diff;
    const cst = this.logDet[c]! - d * HALF_LOG_2PI;
    // Stop once ½·(partial Mahalanobis) already puts the density below the floor.
    const limit = 2 * (cst - floor);
    if (!(limit >= 0)) return -Infinity;
    const base = c * d * d;
    const mo = c * d;
    let s = 0;
    for (let j = 0; j < d; j++) {
      diff[j] = data[offset + j]! - mu[mo + j]!;
      const row = base + j * d;
      let y = 0;
      for (let r = 0; r <= j; r++) y += diff[r]! * w[row + r]!;
      s += y * y;
      if (s > limit) return -Infinity;
    }
    return cst - 0.5 * s;
  }

  logNormaliser(c: number): number {
    return this.logDet[c]! - this.d * HALF_LOG_2PI;
  }

  precisionFloor(c: number): number {
    return this.floorOfPrecision[c]!;
  }

  fit(x: Matrix, resp: Responsibilities, nk: Float64Array, means: Float64Array): void {
    const { k, d } = this;
    const { data, rows: n } = x;
    const cov = this.cov;
    this.means.set(means);
    cov.fill(0);
    const diff = this.diff;
    for (let i = 0; i < n; i++) {
      const xo = i * d;
      for (let e = resp.start[i]!; e < resp.start[i + 1]!; e++) {
        const c = resp.comp[e]!;
        const r = resp.value[e]!;
        const mo = c * d;
        for (let t = 0; t < d; t++) diff[t] = data[xo + t]! - means[mo + t]!;
        const co = c * d * d;
        for (let a = 0; a < d; a++) {
          const ra = r * diff[a]!;
          const ro = co + a * d;
          for (let b = a; b < d; b++) cov[ro + b]! += ra * diff[b]!;
        }
      }
    }
    for (let c = 0; c < k; c++) {
      const co = c * d * d;
      const inv = 1 / nk[c]!;
      for (let a = 0; a < d; a++) {
        for (let b = a; b < d; b++) {
          const v = cov[co + a * d + b]! * inv;
          cov[co + a * d + b] = v;
          cov[co + b * d + a] = v;
        }
        cov[co + a * d + a]! += this.reg;
      }
      this.factor(c);
    }
  }

  /** Cholesky of component c; a failure adds 10×, 100×, … the regularisation and retries. */
  private factor(c: number): void {
    const { d } = this;
    const o = c * d * d;
    let extra = this.reg * 10;
    for (let attempt = 0; !cholesky(this.cov, this.chol, o, d); attempt++) {
      if (attempt >= 12) throw new GmmDegenerateError(c);
      for (let a = 0; a < d; a++) this.cov[o + a * d + a]! += extra;
      extra *= 10;
    }
    invertLower(this.chol, this.whiten, o, d);
    let logDet = 0;
    for (let j = 0; j < d; j++) logDet -= log(this.chol[o + j * d + j]!);
    this.logDet[c] = logDet;
    // Σ's largest eigenvalue is at most its trace and at most its largest absolute row sum
    // (Gershgorin); Σ⁻¹'s smallest is the reciprocal.
    let trace = 0;
    let rowSum = 0;
    for (let a = 0; a < d; a++) {
      trace += this.cov[o + a * d + a]!;
      let s = 0;
      for (let b = 0; b < d; b++) s += Math.abs(this.cov[o + a * d + b]!);
      rowSum = Math.max(rowSum, s);
    }
    this.floorOfPrecision[c] = 1 / Math.min(trace, rowSum);
  }

  covariances(): Float64Array {
    return this.cov.slice();
  }
}
