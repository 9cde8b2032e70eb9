/**
 * Diagonal and spherical Gaussian components. Spherical is the diagonal fit with the variances
 * of each component averaged over dimensions, exactly as scikit-learn defines it.
 */
import type { ComponentModel, Responsibilities } from './gmm-model.ts';
import { HALF_LOG_2PI } from './gmm-model.ts';
import type { Matrix } from './matrix.ts';
import { log } from '../math/index.ts';

export class DiagonalCovariance implements ComponentModel {
  private readonly variances: Float64Array;
  private readonly precisions: Float64Array;
  private readonly logDet: Float64Array;
  private readonly means: Float64Array;

  constructor(
    private readonly k: number,
    private readonly d: number,
    private readonly reg: number,
    private readonly spherical: boolean,
  ) {
    this.variances = new Float64Array(k * d);
    this.precisions = new Float64Array(k * d);
    this.logDet = new Float64Array(k);
    this.means = new Float64Array(k * d);
  }

  logDensity(data: Float64Array, offset: number, c: number, floor: number): number {
    const d = this.d;
    const mo = c * d;
    const cst = this.logDet[c]! - d * HALF_LOG_2PI;
    const limit = 2 * (cst - floor);
    if (!(limit >= 0)) return -Infinity;
    const mu = this.means;
    const p = this.precisions;
    let s = 0;
    for (let j = 0; j < d; j++) {
      const x = data[offset + j]! - mu[mo + j]!;
      s += x * x * p[mo + j]!;
      if ((j & 7) === 7 && s > limit) return -Infinity;
    }
    return s > limit ? -Infinity : cst - 0.5 * s;
  }

  logNormaliser(c: number): number {
    return this.logDet[c]! - this.d * HALF_LOG_2PI;
  }

  precisionFloor(c: number): number {
    let min = Infinity;
    for (let t = 0; t < this.d; t++) min = Math.min(min, this.precisions[c * this.d + t]!);
    return min;
  }

  fit(x: Matrix, resp: Responsibilities, nk: Float64Array, means: Float64Array): void {
    const { k, d } = this;
    const { data, rows: n } = x;
    const v = this.variances;
    this.means.set(means);
    v.fill(0);
    for (let i = 0; i < n; i++) {
      for (let e = resp.start[i]!; e < resp.start[i + 1]!; e++) {
        const c = resp.comp[e]!;
        const r = resp.value[e]!;
        for (let t = 0; t < d; t++) {
          const z = data[i * d + t]! - means[c * d + t]!;
          v[c * d + t]! += r * z * z;
        }
      }
    }
    for (let c = 0; c < k; c++) {
      let mean = 0;
      for (let t = 0; t < d; t++) {
        v[c * d + t] = v[c * d + t]! / nk[c]! + this.reg;
        mean += v[c * d + t]!;
      }
      if (this.spherical) v.fill(mean / d, c * d, (c + 1) * d);
      let logDet = 0;
      for (let t = 0; t < d; t++) {
        this.precisions[c * d + t] = 1 / v[c * d + t]!;
        logDet -= 0.5 * log(v[c * d + t]!);
      }
      this.logDet[c] = logDet;
    }
  }

  covariances(): Float64Array {
    if (!this.spherical) return this.variances.slice();
    const out = new Float64Array(this.k);
    for (let c = 0; c < this.k; c++) out[c] = this.variances[c * this.d]!;
    return out;
  }
}
