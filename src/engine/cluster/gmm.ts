/**
 * Gaussian mixture fitted by EM, following scikit-learn's GaussianMixture: k-means++
 * initialisation, reg_covar added to every covariance diagonal, convergence when the mean
 * log-likelihood changes by less than tol, hard labels from the final E-step.
 *
 * Speed: the E-step is computed in log space and skips, per point, every component whose
 * weighted log-density is certain to be more than 50 nats below the best one found so far
 * (the Mahalanobis sum only grows, so the test runs while it accumulates). Each skipped term
 * is < e⁻⁵⁰ ≈ 2·10⁻²² of the total: far below float64 rounding, so the log-likelihood and
 * responsibilities are those of the exact computation, and responsibilities stay sparse.
 */
import { createRng } from '../rng.ts';
import { DiagonalCovariance } from './gmm-diag.ts';
import { ComponentGroups, oneGroup, type ComponentVisits } from './gmm-groups.ts';
import { FullCovariance } from './gmm-full.ts';
import type { ComponentModel, Responsibilities } from './gmm-model.ts';
import { reserve } from './gmm-model.ts';
import { kmeansPlusPlus, lloyd } from './kmeans-pp.ts';
import { asMatrix, deriveSeed } from './matrix.ts';
import type { Matrix } from './matrix.ts';
import { exp, log } from '../math/index.ts';

export type CovarianceType = 'full' | 'diag' | 'spherical';

export interface GmmOptions {
  readonly components: number;
  readonly seed: number;
  readonly covarianceType?: CovarianceType;
  /** Added to each covariance diagonal (scikit-learn: 1e-6). */
  readonly regCovar?: number;
  /** Convergence threshold on the change of the mean log-likelihood (scikit-learn: 1e-3). */
  readonly tol?: number;
  readonly maxIter?: number;
  /**
   * 'k-means++' (default): each component starts from one k-means++ seed point, as
   * scikit-learn's init_params='k-means++'. 'kmeans': Lloyd's algorithm from those seeds, then
   * hard assignments, as init_params='kmeans'.
   */
  readonly init?: 'k-means++' | 'kmeans';
  /**
   * Fit on this many rows only (default: all), drawn without replacement by a generator seeded
   * from `seed`; the other rows then get hard labels from the fitted model (its most likely
   * component, exactly, without the responsibilities). For large levels: EM costs rows ×
   * components per iteration.
   */
  readonly sampleSize?: number;
  /**
   * For thousands of components: visit them in groups of nearby means, skipping a group whose
   * bound rules all of it out (gmm-groups.ts). The same labels at a fraction of the cost, but
   * not bit for bit: the E-step leaves out components below float64 rounding instead of adding
   * them, so the M-step's sums may differ in their last bits.
   */
  readonly componentGroups?: boolean;
}

export interface GmmResult {
  /** Hard labels: the component of highest responsibility, per point. */
  readonly labels: Int32Array;
  readonly weights: Float64Array;
  /** components × dim. */
  readonly means: Float64Array;
  readonly covarianceType: CovarianceType;
  /** full: components×dim×dim, diag: components×dim, spherical: components. */
  readonly covariances: Float64Array;
  /**
   * Mean log-likelihood of the data under the final parameters (scikit-learn's score); with
   * `sampleSize`, of the sampled rows the model was fitted on.
   */
  readonly meanLogLikelihood: number;
  /** Mean log-likelihood at each EM iteration's E-step, before that iteration's M-step. */
  readonly history: readonly number[];
  readonly iterations: number;
  readonly converged: boolean;
}

const PRUNE_NATS = 50;
/** Labels only: components within this many nats of the best are compared exactly. */
const LABEL_MARGIN = 1e-6;
const EPS10 = 10 * Number.EPSILON;

export function fitGmm(
  input: Matrix | readonly ArrayLike<number>[],
  options: GmmOptions,
): GmmResult {
  const all = asMatrix(input);
  const sample = options.sampleSize === undefined ? all.rows : Math.floor(options.sampleSize);
  const rows = sample >= 1 && sample < all.rows ? sampleRows(all.rows, sample, options.seed) : null;
  const x = rows ? pickRows(all, rows) : all;
  const { rows: n, cols: d, data } = x;
  const type = options.covarianceType ?? 'full';
  const reg = options.regCovar ?? 1e-6;
  const tol = options.tol ?? 1e-3;
  const maxIter = Math.max(1, options.maxIter ?? 100);
  if (n === 0) {
    const empty = new Float64Array(0);
    return {
      labels: new Int32Array(0),
      weights: empty,
      means: empty,
      covarianceType: type,
      covariances: empty,
      meanLogLikelihood: 0,
      history: [],
      iterations: 0,
      converged: true,
    };
  }
  const k = Math.max(1, Math.min(Math.floor(options.components), n));
  const model: ComponentModel =
    type === 'full'
      ? new FullCovariance(k, d, reg)
      : new DiagonalCovariance(k, d, reg, type === 'spherical');

  const resp: Responsibilities = {
    start: new Int32Array(n + 1),
    comp: new Int32Array(n * Math.min(k, 4)),
    value: new Float64Array(n * Math.min(k, 4)),
  };
  let labels = new Int32Array(n);
  const nk = new Float64Array(k);
  const means = new Float64Array(k * d);
  const logW = new Float64Array(k);
  let visits: ComponentVisits = oneGroup(k);

  // Initial responsibilities.
  const seeding = kmeansPlusPlus(x, k, createRng(options.seed));
  if (options.init === 'kmeans') {
    // scikit-learn's 'kmeans': Lloyd from the seeds, every point assigned to its cluster.
    const centers = new Float64Array(k * d);
    seeding.indices.forEach((row, c) => centers.set(data.subarray(row * d, (row + 1) * d), c * d));
    labels.set(lloyd(x, centers).labels);
    setAssignments(
      resp,
      Array.from(labels, (c, i) => [i, c]),
    );
  } else {
    // scikit-learn's 'k-means++': each component starts from its seed point alone.
    setAssignments(
      resp,
      Array.from(seeding.indices, (row, c) => [row, c]),
    );
    labels.set(seeding.nearest);
  }

  const mStep = (): void => {
    nk.fill(EPS10);
    means.fill(0);
    for (let i = 0; i < n; i++) {
      for (let e = resp.start[i]!; e < resp.start[i + 1]!; e++) {
        const c = resp.comp[e]!;
        const r = resp.value[e]!;
        nk[c]! += r;
        for (let t = 0; t < d; t++) means[c * d + t]! += r * data[i * d + t]!;
      }
    }
    let total = 0;
    for (let c = 0; c < k; c++) {
      total += nk[c]!;
      for (let t = 0; t < d; t++) means[c * d + t] = means[c * d + t]! / nk[c]!;
    }
    model.fit(x, resp, nk, means);
    for (let c = 0; c < k; c++) logW[c] = log(nk[c]! / total);
    if (options.componentGroups) visits = ComponentGroups.build(means, d, logW, model);
  };

  /** Returns the mean log-likelihood; fills resp and labels. */
  const eStep = (): number => eStepOn(data, n, labels, resp);
  const eStepOn = (
    data: Float64Array,
    n: number,
    labels: Int32Array,
    resp: Responsibilities,
  ): number => {
    let sum = 0;
    let used = 0;
    for (let i = 0; i < n; i++) {
      reserve(resp, used, used + k);
      const { comp, value } = resp;
      const off = i * d;
      const base = used;
      const guess = labels[i]!;
      let best = logW[guess]! + model.logDensity(data, off, guess, -Infinity);
      let bestC = guess;
      comp[used] = guess;
      value[used++] = best;
      const bounds = visits.upperBounds(data, off);
      // The most promising group first: its best member prunes the rest sooner.
      const top = highest(bounds, visits.count);
      for (let h = -1; h < visits.count; h++) {
        const g = h < 0 ? top : h;
        if ((h >= 0 && g === top) || bounds[g]! < best - PRUNE_NATS) continue;
        for (let m = visits.start[g]!; m < visits.start[g + 1]!; m++) {
          const c = visits.order[m]!;
          if (c === guess) continue;
          const lw = logW[c]!;
          const ld = model.logDensity(data, off, c, best - PRUNE_NATS - lw);
          if (ld === -Infinity) continue;
          const v = ld + lw;
          comp[used] = c;
          value[used++] = v;
          if (v > best || (v === best && c < bestC)) {
            best = v;
            bestC = c;
          }
        }
      }
      let s = 0;
      for (let e = base; e < used; e++) s += exp(value[e]! - best);
      const lse = best + log(s);
      for (let e = base; e < used; e++) value[e] = exp(value[e]! - lse);
      resp.start[i] = base;
      labels[i] = bestC;
      sum += lse;
    }
    resp.start[n] = used;
    return sum / n;
  };

  mStep();
  const history: number[] = [];
  let lower = -Infinity;
  let converged = false;
  let iterations = 0;
  while (iterations < maxIter) {
    iterations++;
    const prev = lower;
    lower = eStep();
    history.push(lower);
    mStep();
    if (Math.abs(lower - prev) < tol) {
      converged = true;
      break;
    }
  }
  // On a sample: the sample's own mean log-likelihood; every row labelled by the fitted model.
  const meanLogLikelihood = eStep();
  if (rows) labels = labelAll(all, rows, labels, model, logW, visits);
  const weights = new Float64Array(k);
  for (let c = 0; c < k; c++) weights[c] = exp(logW[c]!);
  const covariances = model.covariances();
  return {
    labels,
    weights,
    means,
    covarianceType: type,
    covariances,
    meanLogLikelihood,
    history,
    iterations,
    converged,
  };
}

/**
 * Hard labels for every row of `all` under the fitted model: the sampled `rows` keep the labels
 * of the sample's final E-step (the same model and the same computation), the others get the
 * component of highest weighted log-density. Only the winner matters here, so a component is
 * abandoned as soon as it is certain to fall more than LABEL_MARGIN below the best so far
 * (the E-step keeps every component within PRUNE_NATS for the responsibilities): components
 * that close are computed in full and compared exactly, ties going to the lower index as in
 * the E-step, so the labels are those of a full E-step.
 */
function labelAll(
  all: Matrix,
  rows: Int32Array,
  sampleLabels: ArrayLike<number>,
  model: ComponentModel,
  logW: Float64Array,
  visits: ComponentVisits,
): Int32Array<ArrayBuffer> {
  const { rows: n, cols: d } = all;
  const labels = new Int32Array(n).fill(-1);
  rows.forEach((row, i) => (labels[row] = sampleLabels[i]!));
  for (let i = 0; i < n; i++) {
    if (labels[i] !== -1) continue;
    const off = i * d;
    let best = -Infinity;
    let bestC = 0;
    const guess = visits.guess(all.data, off);
    if (guess >= 0) {
      best = logW[guess]! + model.logDensity(all.data, off, guess, -Infinity);
      bestC = guess;
    }
    const bounds = visits.upperBounds(all.data, off);
    // The most promising group first: its best member prunes the rest sooner.
    const top = highest(bounds, visits.count);
    for (let h = -1; h < visits.count; h++) {
      const g = h < 0 ? top : h;
      if ((h >= 0 && g === top) || bounds[g]! < best - LABEL_MARGIN) continue;
      for (let m = visits.start[g]!; m < visits.start[g + 1]!; m++) {
        const c = visits.order[m]!;
        const lw = logW[c]!;
        const ld = model.logDensity(all.data, off, c, best - LABEL_MARGIN - lw);
        if (ld === -Infinity) continue;
        const v = ld + lw;
        if (v > best || (v === best && c < bestC)) {
          best = v;
          bestC = c;
        }
      }
    }
    labels[i] = bestC;
  }
  return labels;
}

/** Index of the largest of the first `count` values. */
function highest(values: Float64Array, count: number): number {
  let top = 0;
  for (let g = 1; g < count; g++) if (values[g]! > values[top]!) top = g;
  return top;
}

/** `size` distinct row indices out of n, increasing, drawn by partial Fisher–Yates. */
export function sampleRows(n: number, size: number, seed: number): Int32Array {
  const rng = createRng(deriveSeed(seed, 7));
  const perm = new Int32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(rng.next() * (n - i));
    const t = perm[i]!;
    perm[i] = perm[j]!;
    perm[j] = t;
  }
  return perm.slice(0, size).sort();
}

function pickRows(x: Matrix, rows: Int32Array): Matrix {
  const { cols: d } = x;
  const data = new Float64Array(rows.length * d);
  rows.forEach((row, i) => data.set(x.data.subarray(row * d, (row + 1) * d), i * d));
  return { rows: rows.length, cols: d, data };
}

/** One-hot responsibilities for the given (point, component) pairs. */
function setAssignments(resp: Responsibilities, pairs: [number, number][]): void {
  const n = resp.start.length - 1;
  const counts = new Int32Array(n + 1);
  for (const [i] of pairs) counts[i + 1]!++;
  for (let i = 0; i < n; i++) counts[i + 1]! += counts[i]!;
  resp.start.set(counts);
  reserve(resp, 0, pairs.length);
  const fill = counts.slice(0, n);
  for (const [i, c] of pairs) {
    const e = fill[i]!++;
    resp.comp[e] = c;
    resp.value[e] = 1;
  }
}
