/**
 * Groups of a mixture's components, for an E-step that skips a whole group at once when no
 * member can come within reach of the best component found so far (the multiresolution idea of
 * Moore, "Very fast EM-based mixture model clustering using multiresolution kd-trees", 1999,
 * with one level of groups instead of a tree).
 *
 * The bound: member c's weighted log-density at x is logNormaliser(c) + logWeight(c) − ½·m², m²
 * the Mahalanobis distance, and m² ≥ precisionFloor(c)·‖x − μ_c‖² (precisionFloor: a lower
 * bound on the precision's smallest eigenvalue). With the group's centre g and radius R (the
 * farthest member mean), ‖x − μ_c‖ ≥ ‖x − g‖ − R =: gap, so no member scores above
 *   max over members c of (logNormaliser(c) + logWeight(c) − ½ · precisionFloor(c) · gap²).
 * Skipping what that bound rules out skips only components the E-step would have skipped (or
 * kept at a weight below float64 rounding) one by one.
 */
import { lloyd, sqDist } from './kmeans-pp.ts';

export interface BoundedComponents {
  /** The component's log-density at its mean: −½ log det Σ − (d/2) log 2π. */
  logNormaliser(c: number): number;
  /** A lower bound on the smallest eigenvalue of the component's precision Σ⁻¹. */
  precisionFloor(c: number): number;
}

/** The order an E-step visits components in, group by group, and each group's bound. */
export interface ComponentVisits {
  readonly count: number;
  /** Members of group g: order[start[g]] … order[start[g + 1] − 1]. */
  readonly start: Int32Array;
  readonly order: Int32Array;
  /**
   * The most any member of each group can score at the row of `data` at `offset` (one entry per
   * group, in a buffer the next call overwrites).
   */
  upperBounds(data: Float64Array, offset: number): Float64Array;
  /** A component likely to score well at the row (to try first), or −1 for no guess. */
  guess(data: Float64Array, offset: number): number;
}

/** Keeps the bounds on the safe side of rounding in their own arithmetic. */
const SLACK = 1e-9;

export class ComponentGroups implements ComponentVisits {
  private constructor(
    readonly count: number,
    private readonly d: number,
    private readonly centres: Float64Array,
    private readonly means: Float64Array,
    private readonly radius: Float64Array,
    /** Group g's lines are lineHeight/lineSlope[lineStart[g]] … [lineStart[g + 1] − 1]. */
    private readonly lineStart: Int32Array,
    private readonly lineHeight: Float64Array,
    private readonly lineSlope: Float64Array,
    readonly start: Int32Array,
    readonly order: Int32Array,
  ) {
    this.bounds = new Float64Array(count);
  }

  /** upperBounds' answer, one entry per group, reused from row to row. */
  private readonly bounds: Float64Array;

  /**
   * About √k groups of nearby means (a few Lloyd iterations over the means from evenly spaced
   * ones: how good the grouping is decides only how much is skipped, never the result).
   */
  static build(
    means: Float64Array,
    d: number,
    logWeights: Float64Array,
    model: BoundedComponents,
  ): ComponentGroups {
    const k = logWeights.length;
    const count = Math.max(1, Math.min(k, Math.round(Math.sqrt(k))));
    const initial = new Float64Array(count * d);
    for (let g = 0; g < count; g++) {
      const c = Math.floor((g * k) / count);
      initial.set(means.subarray(c * d, (c + 1) * d), g * d);
    }
    const { labels, centers } = lloyd({ rows: k, cols: d, data: means }, initial, 8);
    const start = new Int32Array(count + 1);
    for (let c = 0; c < k; c++) start[labels[c]! + 1]!++;
    for (let g = 0; g < count; g++) start[g + 1]! += start[g]!;
    const fill = start.slice(0, count);
    const order = new Int32Array(k);
    for (let c = 0; c < k; c++) order[fill[labels[c]!]!++] = c;

    const radius = new Float64Array(count);
    const height = new Float64Array(k);
    const slope = new Float64Array(k);
    for (let c = 0; c < k; c++) {
      const g = labels[c]!;
      const s = sqDist(means, c * d, centers, g * d, d);
      radius[g] = Math.max(radius[g]!, Math.sqrt(s) * (1 + SLACK));
      height[c] = model.logNormaliser(c) + logWeights[c]!;
      slope[c] = 0.5 * model.precisionFloor(c) * (1 - SLACK);
    }
    // Member c scores at most height[c] − slope[c]·gap², one line in gap² per member. A line
    // that another is above everywhere (as high or higher, as flat or flatter) never decides the
    // maximum: each group keeps only the others, found by sweeping from the highest down.
    const lineStart = new Int32Array(count + 1);
    const lineHeight: number[] = [];
    const lineSlope: number[] = [];
    for (let g = 0; g < count; g++) {
      const members = Array.from(order.subarray(start[g]!, start[g + 1]!));
      members.sort((a, b) => height[b]! - height[a]! || slope[a]! - slope[b]!);
      let flattest = Infinity;
      for (const c of members) {
        if (!(slope[c]! < flattest)) continue;
        flattest = slope[c]!;
        lineHeight.push(height[c]!);
        lineSlope.push(slope[c]!);
      }
      lineStart[g + 1] = lineHeight.length;
    }
    return new ComponentGroups(
      count,
      d,
      centers,
      means.slice(),
      radius,
      lineStart,
      Float64Array.from(lineHeight),
      Float64Array.from(lineSlope),
      start,
      order,
    );
  }

  /** The member of the (non-empty) group with the nearest centre whose mean is nearest. */
  guess(data: Float64Array, offset: number): number {
    const { d, centres, means, start, order } = this;
    let group = -1;
    let nearest = Infinity;
    for (let g = 0; g < this.count; g++) {
      if (start[g] === start[g + 1]) continue;
      const s = sqDist(data, offset, centres, g * d, d);
      if (s < nearest) [nearest, group] = [s, g];
    }
    let best = -1;
    nearest = Infinity;
    for (let m = start[group]!; m < start[group + 1]!; m++) {
      const s = sqDist(data, offset, means, order[m]! * d, d);
      if (s < nearest) [nearest, best] = [s, order[m]!];
    }
    return best;
  }

  upperBounds(data: Float64Array, offset: number): Float64Array {
    const { d, centres, lineStart, lineHeight, lineSlope, bounds } = this;
    for (let g = 0; g < this.count; g++) {
      const s = sqDist(data, offset, centres, g * d, d);
      const gap = Math.max(0, Math.sqrt(s) * (1 - SLACK) - this.radius[g]!);
      const gap2 = gap * gap;
      let bound = -Infinity; // an empty group has no line
      for (let l = lineStart[g]!; l < lineStart[g + 1]!; l++) {
        const v = lineHeight[l]! - lineSlope[l]! * gap2;
        if (v > bound) bound = v;
      }
      bounds[g] = bound === -Infinity ? bound : bound + SLACK * (1 + Math.abs(bound));
    }
    return bounds;
  }
}

/** Every component as one group that is never skipped: the E-step's plain order, 0 … k − 1. */
export function oneGroup(k: number): ComponentVisits {
  const never = Float64Array.of(Infinity);
  const order = new Int32Array(k);
  for (let c = 0; c < k; c++) order[c] = c;
  return {
    count: 1,
    start: Int32Array.of(0, k),
    order,
    upperBounds: () => never,
    guess: () => -1,
  };
}
