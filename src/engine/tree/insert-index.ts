/**
 * The exact lookups an insert makes for every new fact: the first near-duplicate among the
 * tree's facts, and the leaf whose centre is closest. At a heavy user's 30,000 facts and 5,000
 * leaves, recomputing every norm and every leaf centre per new fact cost about 120 ms a fact;
 * here the facts' vectors and norms are laid out once per insert and a leaf centre is computed
 * once until the leaf changes. Same arithmetic as `cosine` (dot / (norm · norm)), same order,
 * so the decisions are the ones the plain scans made.
 */
import type { FactId, MemoryTree, NodeId, Vector } from '../types.ts';
import { dot, dotF32, meanDirection, norm } from '../vector.ts';
import { TreeIntegrityError } from './tree-integrity-error.ts';

/** What an index reads of the tree it serves: a draft (TreeDraft) during an insert, or a tree. */
export interface IndexedTree {
  readonly levels: readonly (readonly NodeId[])[];
  node(id: NodeId): {
    readonly embedding: Vector;
    readonly children: readonly NodeId[];
    readonly factId?: FactId | undefined;
  };
}

/** A tree as an IndexedTree. */
export function indexedTree(tree: MemoryTree): IndexedTree {
  return {
    levels: tree.levels,
    node(id) {
      const node = tree.nodes.get(id);
      if (!node) throw new TreeIntegrityError(`Memory tree is inconsistent: node ${id} is missing`);
      return node;
    },
  };
}

/**
 * Lays out what the next insert into `tree` looks up (the facts' block and the leaves' centres)
 * and keeps it for that insert: work a fresh worker can do while it waits, so that the first
 * insert of a session does not.
 */
export async function prepareInsert(
  tree: MemoryTree,
  pause: () => Promise<void> = async () => undefined,
): Promise<void> {
  const index = new InsertIndex(indexedTree(tree), layouts.get(tree.nodes));
  keepInsertLayout(tree, index.layout);
  await index.prepare([1], pause);
}

/** Rows laid out, or centres computed, between two pauses of a sliced `prepare`. */
const PREPARE_SLICE = 50;

interface Centre {
  readonly vector: Vector;
  readonly norm: number;
  /** What it was computed from: the node's children and their embeddings (or its own). */
  readonly from: readonly NodeId[];
  readonly embeddings: readonly Vector[];
}

/**
 * What an index has laid out, kept from one insert to the next (keepInsertLayout): the facts'
 * block and the centres. Both are checked before use (the block by its ids, a centre by the
 * children and embeddings it was computed from), so a layout kept for another tree is only ever
 * slower, never wrong.
 */
export class InsertLayout {
  factIds: NodeId[] = [];
  factVectors = new Float32Array(0);
  factNorms = new Float64Array(0);
  dimension = 0;
  /** Fact nodes in level-0 order that the laid-out block already holds. */
  laidOut = 0;
  readonly centres = new Map<NodeId, Centre>();
}

/** Layouts kept per tree (by its nodes map: a tree whose facts alone changed shares it). */
const layouts = new WeakMap<MemoryTree['nodes'], InsertLayout>();

/** Keeps `layout` for the next insert into `tree`. */
export function keepInsertLayout(tree: MemoryTree, layout: InsertLayout): void {
  layouts.set(tree.nodes, layout);
}

/** The layout kept for `tree`, if any (taken: a layout serves one insert, then its result). */
export function takeInsertLayout(tree: MemoryTree): InsertLayout | undefined {
  const layout = layouts.get(tree.nodes);
  layouts.delete(tree.nodes);
  return layout;
}

export class InsertIndex {
  private get factIds() {
    return this.layout.factIds;
  }
  private get factVectors() {
    return this.layout.factVectors;
  }
  private get factNorms() {
    return this.layout.factNorms;
  }
  private get dimension() {
    return this.layout.dimension;
  }
  private get laidOut() {
    return this.layout.laidOut;
  }
  private get centres() {
    return this.layout.centres;
  }

  constructor(
    private readonly draft: IndexedTree,
    readonly layout: InsertLayout = new InsertLayout(),
  ) {
    // A kept block holds the rows of the level-0 prefix it matches, no more.
    const level = draft.levels[0] ?? [];
    const ids = layout.factIds;
    let keep = Math.min(layout.laidOut, level.length);
    for (let row = 0; row < keep; row++) {
      if (ids[row] !== level[row]) {
        keep = row;
        break;
      }
    }
    layout.laidOut = keep;
    ids.length = keep;
  }

  /**
   * Every fact laid out and every centre of `levels` computed, ahead of an insert, in slices
   * with `pause` between them (a worker lets a waiting question go first).
   */
  async prepare(
    levels: readonly number[] = [1],
    pause: () => Promise<void> = async () => undefined,
  ): Promise<void> {
    const facts = this.draft.levels[0]?.length ?? 0;
    for (let upTo = this.laidOut + PREPARE_SLICE; ; upTo += PREPARE_SLICE) {
      this.layOutFacts(upTo);
      if (this.laidOut >= facts) break;
      await pause();
    }
    let done = 0;
    for (const level of levels) {
      for (const id of this.draft.levels[level] ?? []) {
        this.centre(id);
        if (++done % PREPARE_SLICE === 0) await pause();
      }
    }
  }

  /**
   * The first level-0 fact node (in level order, from row `fromRow`) at cosine ≥ `threshold`,
   * if any.
   */
  firstAtLeast(embedding: Vector, threshold: number, fromRow = 0): NodeId | undefined {
    return this.firstAtLeastEach([embedding], threshold, fromRow).found[0];
  }

  /**
   * `firstAtLeast` for several embeddings in one pass over the facts' block (each row read once
   * for all of them: the block of a heavy user is 36 MB), and the rows it covered: the level-0
   * nodes there are now. Same arithmetic per pair, so the same answers.
   */
  firstAtLeastEach(
    embeddings: readonly Vector[],
    threshold: number,
    fromRow = 0,
  ): { found: (NodeId | undefined)[]; rows: number } {
    this.layOutFacts();
    const d = this.dimension;
    const vectors = this.factVectors;
    const queryNorms = embeddings.map(norm);
    const found: (NodeId | undefined)[] = embeddings.map(() => undefined);
    let open = embeddings.length;
    for (let row = fromRow; row < this.laidOut && open > 0; row++) {
      const factNorm = this.factNorms[row] as number;
      if (factNorm < 0) continue; // not a fact node
      const base = row * d;
      for (let q = 0; q < embeddings.length; q++) {
        if (found[q] !== undefined) continue;
        const embedding = embeddings[q] as Vector;
        const denominator = factNorm * (queryNorms[q] as number);
        const s = denominator === 0 ? 0 : dotF32(vectors, base, embedding, d);
        // cosine: 0 when either vector is zero.
        if ((denominator === 0 ? 0 : s / denominator) >= threshold) {
          found[q] = this.factIds[row];
          open--;
        }
      }
    }
    return { found, rows: this.laidOut };
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
    const node = this.draft.node(id);
    const from = node.children.length === 0 ? [id] : node.children;
    const kept = this.centres.get(id);
    if (
      kept &&
      kept.from.length === from.length &&
      kept.from.every(
        (c, i) => c === from[i] && this.draft.node(c).embedding === kept.embeddings[i],
      )
    ) {
      return kept;
    }
    const embeddings = from.map((child) => this.draft.node(child).embedding);
    const vector = node.children.length === 0 ? node.embedding : meanDirection(embeddings);
    const centre = { vector, norm: norm(vector), from: [...from], embeddings };
    this.centres.set(id, centre);
    return centre;
  }

  /**
   * Lays out the level-0 fact nodes not yet in the block (all of them the first time), or those
   * before row `upTo`.
   */
  private layOutFacts(upTo = Number.POSITIVE_INFINITY): void {
    const level = this.draft.levels[0] ?? [];
    if (this.laidOut >= level.length) return;
    const end = Math.min(level.length, upTo);
    const first = level[0];
    if (first === undefined) return;
    const layout = this.layout;
    if (layout.dimension === 0) layout.dimension = this.draft.node(first).embedding.length;
    const d = this.dimension;
    const capacity = Math.max(level.length, 1);
    if (this.factNorms.length < capacity) {
      const grown = Math.max(capacity, Math.ceil(this.factNorms.length * 1.5));
      const vectors = new Float32Array(grown * d);
      vectors.set(this.factVectors.subarray(0, this.laidOut * d));
      const norms = new Float64Array(grown);
      norms.set(this.factNorms.subarray(0, this.laidOut));
      layout.factVectors = vectors;
      layout.factNorms = norms;
    }
    for (let row = this.laidOut; row < end; row++) {
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
    layout.laidOut = end;
  }
}
