/**
 * The exact lookups an insert makes for every new fact: the first near-duplicate among the
 * tree's facts, and the leaf whose centre is closest. At a heavy user's 30,000 facts and 5,000
 * leaves, recomputing every norm and every leaf centre per new fact cost about 120 ms a fact;
 * here the facts' vectors and norms are laid out once per insert and a leaf centre is computed
 * once until the leaf changes. Same arithmetic as `cosine` (dot / (norm · norm)), same order,
 * so the decisions are the ones the plain scans made.
 */
import type { NodeId, Vector } from '../types.ts';
import { dot, meanDirection, norm } from '../vector.ts';
import type { TreeDraft } from './draft.ts';

interface Centre {
  readonly vector: Vector;
  readonly norm: number;
}

export class InsertIndex {
  private factIds: NodeId[] = [];
  private factVectors = new Float32Array(0);
  private factNorms = new Float64Array(0);
  private dimension = 0;
  /** Fact nodes in the draft's level-0 order that the laid-out block already holds. */
  private laidOut = 0;
  private readonly centres = new Map<NodeId, Centre>();

  constructor(private readonly draft: TreeDraft) {}

  /** The first level-0 fact node (in level order) at cosine ≥ `threshold`, if any. */
  firstAtLeast(embedding: Vector, threshold: number): NodeId | undefined {
    this.layOutFacts();
    const queryNorm = norm(embedding);
    const d = this.dimension;
    const vectors = this.factVectors;
    for (let row = 0; row < this.laidOut; row++) {
      const factNorm = this.factNorms[row] as number;
      if (factNorm < 0) continue; // not a fact node
      const denominator = factNorm * queryNorm;
      let s = 0;
      if (denominator !== 0) {
        const base = row * d;
        for (let i = 0; i < d; i++) s += (vectors[base + i] as number) * (embedding[i] as number);
      }
      // cosine: 0 when either vector is zero.
      if ((denominator === 0 ? 0 : s / denominator) >= threshold) return this.factIds[row];
    }
    return undefined;
  }

  /** The leaf (level 1, in level order, first on ties) whose centre is closest, and its cosine. */
  closestLeaf(embedding: Vector): { leaf: NodeId | undefined; score: number } {
    const { node, score } = this.closestAt(1, embedding);
    return { leaf: node, score };
  }

  /** The node of `level` (in level order, first on ties) whose centre is closest. */
  closestAt(level: number, embedding: Vector): { node: NodeId | undefined; score: number } {
    const queryNorm = norm(embedding);
    let best: NodeId | undefined;
    let score = Number.NEGATIVE_INFINITY;
    for (const id of this.draft.levels[level] ?? []) {
      const centre = this.centre(id);
      const denominator = centre.norm * queryNorm;
      const s = denominator === 0 ? 0 : dot(centre.vector, embedding) / denominator;
      if (s > score) [best, score] = [id, s];
    }
    return { node: best, score };
  }

  /** A node's children changed: its centre is computed again when next needed. */
  childrenChanged(id: NodeId): void {
    this.centres.delete(id);
  }

  private centre(id: NodeId): Centre {
    const kept = this.centres.get(id);
    if (kept) return kept;
    const node = this.draft.node(id);
    const vector =
      node.children.length === 0
        ? node.embedding
        : meanDirection(node.children.map((child) => this.draft.node(child).embedding));
    const centre = { vector, norm: norm(vector) };
    this.centres.set(id, centre);
    return centre;
  }

  /** Lays out the level-0 fact nodes not yet in the block (all of them the first time). */
  private layOutFacts(): void {
    const level = this.draft.levels[0] ?? [];
    if (this.laidOut === level.length) return;
    const first = level[0];
    if (first === undefined) return;
    if (this.dimension === 0) this.dimension = this.draft.node(first).embedding.length;
    const d = this.dimension;
    const capacity = Math.max(level.length, 1);
    if (this.factNorms.length < capacity) {
      const grown = Math.max(capacity, Math.ceil(this.factNorms.length * 1.5));
      const vectors = new Float32Array(grown * d);
      vectors.set(this.factVectors.subarray(0, this.laidOut * d));
      const norms = new Float64Array(grown);
      norms.set(this.factNorms.subarray(0, this.laidOut));
      this.factVectors = vectors;
      this.factNorms = norms;
    }
    for (let row = this.laidOut; row < level.length; row++) {
      const id = level[row] as NodeId;
      const node = this.draft.node(id);
      this.factIds[row] = id;
      if (node.factId === undefined || node.embedding.length !== d) {
        this.factNorms[row] = -1; // not a fact node: never a duplicate
        continue;
      }
      this.factVectors.set(node.embedding, row * d);
      this.factNorms[row] = norm(node.embedding);
    }
    this.laidOut = level.length;
  }
}
