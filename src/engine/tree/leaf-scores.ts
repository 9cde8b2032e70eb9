/**
 * An insert's new facts' cosines to every leaf centre, worked out in one pass before the facts
 * are placed (each centre read once for all of them, not once a fact: at 30,000 facts, 5,000
 * centres per fact), and the leaves whose children changed since. A fact's closest leaf then
 * reads the kept cosine of each leaf that did not change and works out the others: the same
 * arithmetic as the scan, so the same leaf (the first in level order on ties).
 */
import type { NodeId, Vector } from '../types.ts';
import { dotF32, norm } from '../vector.ts';

export interface LeafCentre {
  readonly vector: Vector;
  readonly norm: number;
}

/** The cosine of a centre and a query of norm `queryNorm`: 0 when either is a zero vector. */
export function centreCosine(centre: LeafCentre, query: Vector, queryNorm: number): number {
  const denominator = centre.norm * queryNorm;
  return denominator === 0 ? 0 : dotF32(centre.vector, 0, query, query.length) / denominator;
}

export class LeafScoresAhead {
  private readonly changed = new Set<NodeId>();
  /** Leaf cosines worked out after the pass (tests read it). */
  computed = 0;

  private constructor(
    private readonly ids: readonly NodeId[],
    private readonly scores: ReadonlyMap<Vector, Float64Array>,
  ) {}

  /** The cosines of `queries` to the centres of the leaves `level` holds now. */
  static score(
    level: readonly NodeId[],
    queries: readonly Vector[],
    centre: (id: NodeId) => LeafCentre,
  ): LeafScoresAhead {
    const ids = [...level];
    const norms = queries.map(norm);
    const rows = queries.map(() => new Float64Array(ids.length));
    ids.forEach((id, k) => {
      const c = centre(id);
      queries.forEach((query, q) => {
        (rows[q] as Float64Array)[k] = centreCosine(c, query, norms[q] as number);
      });
    });
    return new LeafScoresAhead(ids, new Map(queries.map((query, q) => [query, rows[q]!])));
  }

  /** A node's children changed: if it is a leaf, its kept cosines no longer hold. */
  childrenChanged(id: NodeId): void {
    this.changed.add(id);
  }

  /**
   * The leaf of `level` closest to `query` and its cosine; undefined when `query` was not scored
   * ahead, or when `level` no longer starts with the leaves scored (a leaf gone or moved: new
   * leaves only ever join its end).
   */
  closest(
    level: readonly NodeId[],
    query: Vector,
    centre: (id: NodeId) => LeafCentre,
  ): { node: NodeId | undefined; score: number } | undefined {
    const kept = this.scores.get(query);
    if (!kept || level.length < this.ids.length) return undefined;
    for (let k = 0; k < this.ids.length; k++) if (level[k] !== this.ids[k]) return undefined;
    const queryNorm = norm(query);
    let best: NodeId | undefined;
    let score = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < level.length; k++) {
      const id = level[k] as NodeId;
      let s: number;
      if (k < kept.length && !this.changed.has(id)) s = kept[k] as number;
      else {
        this.computed++;
        s = centreCosine(centre(id), query, queryNorm);
      }
      if (s > score) [best, score] = [id, s];
    }
    return { node: best, score };
  }
}
