/**
 * A k-d tree over the rows of a matrix, for k-means++ seeding (kmeans-pp.ts): each node keeps its
 * box and the largest current "closest" squared distance among its points, so a candidate
 * centre visits only the nodes whose box comes nearer to it than some point's closest centre:
 * the points it could bring closer. Late in a seeding of thousands of centres that is a few
 * leaves, where a scan reads every row.
 *
 * The skip is exact in floating point: a box's squared distance sums, dimension by dimension in
 * the same order, terms no larger than the point's own (rounding is monotone), so a skipped
 * point's distance is at least its node's bound and at least its own closest distance.
 */
import type { Matrix } from './matrix.ts';

const LEAF = 8;

/** The tree's nodes while it is built. */
interface Nodes {
  readonly start: number[];
  readonly end: number[];
  readonly left: number[];
  readonly right: number[];
  readonly parent: number[];
  readonly lo: number[];
  readonly hi: number[];
}

export class PointTree {
  /** Rows in tree order: node v holds rows[start[v]] … rows[end[v] − 1]. */
  readonly rows: Int32Array;
  private readonly start: Int32Array;
  private readonly end: Int32Array;
  private readonly left: Int32Array;
  private readonly right: Int32Array;
  private readonly parent: Int32Array;
  private readonly lo: Float64Array;
  private readonly hi: Float64Array;
  /** The leaf holding each row. */
  private readonly leafOf: Int32Array;
  /** Per node, the largest closest distance of its rows (refresh after changes). */
  private readonly maxClosest: Float64Array;
  private readonly stack: Int32Array;

  constructor(private readonly x: Matrix) {
    const n = x.rows;
    this.rows = Int32Array.from({ length: n }, (_, i) => i);
    this.leafOf = new Int32Array(n);
    const nodes: Nodes = { start: [], end: [], left: [], right: [], parent: [], lo: [], hi: [] };
    if (n > 0) this.split(nodes, 0, n, -1);
    this.start = Int32Array.from(nodes.start);
    this.end = Int32Array.from(nodes.end);
    this.left = Int32Array.from(nodes.left);
    this.right = Int32Array.from(nodes.right);
    this.parent = Int32Array.from(nodes.parent);
    this.lo = Float64Array.from(nodes.lo);
    this.hi = Float64Array.from(nodes.hi);
    this.maxClosest = new Float64Array(this.start.length);
    this.stack = new Int32Array(this.start.length + 1);
  }

  /** Adds the node of tree-order positions from … to − 1 (and its subtree); returns its number. */
  private split(nodes: Nodes, from: number, to: number, parent: number): number {
    const { cols: d, data } = this.x;
    const v = nodes.start.length;
    nodes.start.push(from);
    nodes.end.push(to);
    nodes.parent.push(parent);
    nodes.left.push(-1);
    nodes.right.push(-1);
    let widest = 0;
    let width = -1;
    for (let t = 0; t < d; t++) {
      let min = Infinity;
      let max = -Infinity;
      for (let p = from; p < to; p++) {
        const value = data[this.rows[p]! * d + t]!;
        if (value < min) min = value;
        if (value > max) max = value;
      }
      nodes.lo.push(min);
      nodes.hi.push(max);
      if (max - min > width) [width, widest] = [max - min, t];
    }
    if (to - from <= LEAF || width <= 0) {
      for (let p = from; p < to; p++) this.leafOf[this.rows[p]!] = v;
      return v;
    }
    const part = this.rows.subarray(from, to);
    part.sort((a, b) => data[a * d + widest]! - data[b * d + widest]! || a - b);
    const mid = (from + to) >> 1;
    nodes.left[v] = this.split(nodes, from, mid, v);
    nodes.right[v] = this.split(nodes, mid, to, v);
    return v;
  }

  /** Sets every node's largest closest distance from `closest` (one entry per row). */
  resetClosest(closest: Float64Array): void {
    for (let v = this.start.length - 1; v >= 0; v--) this.refreshNode(v, closest);
  }

  /** After `closest` fell for the `changed` rows: refreshes their leaves and the nodes above. */
  refreshClosest(closest: Float64Array, changed: Int32Array): void {
    for (const row of changed) {
      for (let v = this.leafOf[row]!; v >= 0; v = this.parent[v]!) {
        const before = this.maxClosest[v]!;
        this.refreshNode(v, closest);
        if (this.maxClosest[v] === before) break; // then no node above changes either
      }
    }
  }

  private refreshNode(v: number, closest: Float64Array): void {
    let max = 0;
    if (this.left[v]! < 0) {
      for (let p = this.start[v]!; p < this.end[v]!; p++) {
        const c = closest[this.rows[p]!]!;
        if (c > max) max = c;
      }
    } else {
      max = Math.max(this.maxClosest[this.left[v]!]!, this.maxClosest[this.right[v]!]!);
    }
    this.maxClosest[v] = max;
  }

  /**
   * Calls visit(p, pEnd) for each leaf range of tree-order positions whose box is nearer to row
   * `y` than the largest closest distance in it.
   */
  reachable(y: number, visit: (from: number, to: number) => void): void {
    if (this.start.length === 0) return;
    const { cols: d, data } = this.x;
    const yo = y * d;
    const stack = this.stack;
    let top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const v = stack[--top]!;
      const bo = v * d;
      let s = 0;
      for (let t = 0; t < d; t++) {
        const value = data[yo + t]!;
        const lo = this.lo[bo + t]!;
        const hi = this.hi[bo + t]!;
        const z = value < lo ? lo - value : value > hi ? value - hi : 0;
        s += z * z;
      }
      if (s >= this.maxClosest[v]!) continue;
      if (this.left[v]! < 0) visit(this.start[v]!, this.end[v]!);
      else {
        stack[top++] = this.left[v]!;
        stack[top++] = this.right[v]!;
      }
    }
  }
}
