/**
 * The exact lookups an insert makes for every new fact: the first near-duplicate among the
 * tree's facts, and the leaf whose centre is closest. At a heavy user's 30,000 facts and 5,000
 * leaves, recomputing every norm and every leaf centre per new fact cost about 120 ms a fact;
 * here the facts' vectors and norms are laid out once per insert and a leaf centre is computed
 * once until the leaf changes. Same arithmetic as `cosine` (dot / (norm · norm)), same order,
 * so the decisions are the ones the plain scans made.
 *
 * The near-duplicate search reads only the facts that could be one: each leaf, and each group of
 * leaves, is a cap on the sphere over its facts (fact-cap.ts), and the facts of a cap that cannot
 * reach the threshold are not read. A heavy user's new facts read 1–3% of the 30,000 rows.
 */
import type { FactId, MemoryTree, NodeId, Vector } from '../types.ts';
import { dotF32, meanDirection, norm } from '../vector.ts';
import { capMayHold, type FactCap } from './fact-cap.ts';
import { centreCosine, LeafScoresAhead } from './leaf-scores.ts';
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
  const index = new InsertIndex(indexedTree(tree), layouts.get(tree.nodes), tree.nodes);
  keepInsertLayout(tree, index.layout);
  await index.prepare([1, 2], pause);
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
  /** Each laid-out node's row (believed only where `factIds` agrees). */
  readonly rowOf = new Map<NodeId, number>();
  dimension = 0;
  /** Fact nodes in level-0 order that the laid-out block already holds. */
  laidOut = 0;
  readonly centres = new Map<NodeId, Centre>();
  /** The caps of the leaves and level-2 groups, kept until a node's children change. */
  readonly caps = new Map<NodeId, FactCap>();
  /**
   * Centres known to match the tree the layout is kept for (`checkedFor`): not checked again
   * (reading every leaf's children to check 5,000 centres cost about 20 ms an insert).
   */
  readonly checked = new Set<NodeId>();
  checkedFor: MemoryTree['nodes'] | undefined;
}

/** Layouts kept per tree (by its nodes map: a tree whose facts alone changed shares it). */
const layouts = new WeakMap<MemoryTree['nodes'], InsertLayout>();

/**
 * Keeps `layout` for the next insert into `tree`: its centres are this tree's but for those of
 * `changed` (nodes changed after the index last saw them, and so their parents too).
 */
export function keepInsertLayout(
  tree: MemoryTree,
  layout: InsertLayout,
  changed: Iterable<NodeId> = [],
): void {
  for (const id of changed) layout.checked.delete(id);
  layout.checkedFor = tree.nodes;
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

  /**
   * @param origin The nodes map of the tree `draft` starts from: where the layout was kept for
   *   it, the centres it had checked are believed.
   */
  constructor(
    private readonly draft: IndexedTree,
    readonly layout: InsertLayout = new InsertLayout(),
    origin?: MemoryTree['nodes'],
  ) {
    if (origin === undefined || layout.checkedFor !== origin) layout.checked.clear();
    layout.checkedFor = undefined; // the draft may change from here on
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
   * Every fact laid out and every centre of `levels` computed (with its cap on levels 1 and
   * 2), ahead of an insert, in slices with `pause` between them (a worker lets a waiting
   * question go first).
   */
  async prepare(
    levels: readonly number[] = [1, 2],
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
        if (level === 1 || level === 2) this.cap(id, level);
        else this.centre(id);
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
   * `firstAtLeast` for several embeddings, and the rows it covered: the level-0 nodes there are
   * now. From row 0 of a tree with leaves, each embedding reads only the rows no cap rules out
   * (`rowsWithin`); otherwise one pass over the rows from `fromRow` serves them all. Same
   * arithmetic per pair, so the same answers; `compared` counts the pairs computed.
   */
  firstAtLeastEach(
    embeddings: readonly Vector[],
    threshold: number,
    fromRow = 0,
  ): { found: (NodeId | undefined)[]; rows: number; compared: number } {
    this.layOutFacts();
    const queryNorms = embeddings.map(norm);
    const capped = (this.draft.levels[1]?.length ?? 0) > 0 && fromRow === 0;
    const pruned = capped ? this.rowsWithin(embeddings, queryNorms, threshold) : undefined;
    const found: (NodeId | undefined)[] = embeddings.map(() => undefined);
    let compared = 0;
    if (pruned) {
      for (let q = 0; q < embeddings.length; q++) {
        const rows = pruned[q];
        if (!rows) continue; // bound unusable (a zero query): the pass below reads every row
        for (const row of rows) {
          compared++;
          if (this.cosineAt(row, embeddings[q] as Vector, queryNorms[q] as number) >= threshold) {
            found[q] = this.factIds[row];
            break;
          }
        }
      }
    }
    const rest = embeddings.flatMap((_, q) => (pruned?.[q] ? [] : [q]));
    let left = rest.length;
    for (let row = fromRow; row < this.laidOut && left > 0; row++) {
      if ((this.factNorms[row] as number) < 0) continue; // not a fact node
      for (const q of rest) {
        if (found[q] !== undefined) continue;
        compared++;
        if (this.cosineAt(row, embeddings[q] as Vector, queryNorms[q] as number) >= threshold) {
          found[q] = this.factIds[row];
          left--;
        }
      }
    }
    return { found, rows: this.laidOut, compared };
  }

  /** `cosine` of a laid-out fact row and a query: 0 when either vector is zero. */
  private cosineAt(row: number, embedding: Vector, queryNorm: number): number {
    const denominator = (this.factNorms[row] as number) * queryNorm;
    if (denominator === 0) return 0;
    return dotF32(this.factVectors, row * this.dimension, embedding, this.dimension) / denominator;
  }

  /**
   * For each embedding, the fact rows (ascending) that may lie at cosine ≥ `threshold`: every
   * fact row but those of a cap the bound rules out, going down from the level-2 caps to the
   * leaves' under the ones it cannot; undefined for an embedding no bound applies to (a zero
   * vector, whose cosine is 0 to everything). A row in no cap (a fact added since) is kept.
   */
  private rowsWithin(
    embeddings: readonly Vector[],
    queryNorms: readonly number[],
    threshold: number,
  ): (Int32Array | undefined)[] {
    const levels = this.draft.levels;
    const top = levels.length > 2 ? 2 : 1;
    // The query (its index + 1) whose bound ruled the row out last.
    const ruledOut = new Int32Array(this.laidOut);
    // Each cap read once for all the queries (a leaf's when a query first opens its group).
    const groups = (levels[top] ?? []).map((id) => ({ id, cap: this.cap(id, top) }));
    const leavesOf = new Map<NodeId, FactCap[]>();
    const leafCaps = (id: NodeId) => {
      let caps = leavesOf.get(id);
      if (!caps) {
        caps = this.draft.node(id).children.map((leaf) => this.cap(leaf, 1));
        leavesOf.set(id, caps);
      }
      return caps;
    };
    return embeddings.map((embedding, q) => {
      const queryNorm = queryNorms[q] as number;
      if (queryNorm === 0) return undefined;
      const mark = q + 1;
      const mayHold = (cap: FactCap): boolean => {
        if (capMayHold(cap, embedding, queryNorm, threshold)) return true;
        const rows = cap.rows;
        for (let i = 0; i < rows.length; i++) ruledOut[rows[i] as number] = mark;
        return false;
      };
      for (const { id, cap } of groups) {
        if (!mayHold(cap) || top === 1) continue;
        for (const leaf of leafCaps(id)) mayHold(leaf);
      }
      const rows: number[] = [];
      const norms = this.factNorms;
      for (let row = 0; row < ruledOut.length; row++) {
        if (ruledOut[row] !== mark && (norms[row] as number) >= 0) rows.push(row);
      }
      return Int32Array.from(rows);
    });
  }

  /**
   * A node's cap: the fact rows under it (laid out) and the widest angle from its centre to
   * one. Kept while its rows hold the same nodes: it bounds those rows whatever else changed.
   */
  private cap(id: NodeId, level: number): FactCap {
    const kept = this.layout.caps.get(id);
    if (kept?.ids.every((fact, i) => this.factIds[kept.rows[i] as number] === fact)) return kept;
    const centre = this.centre(id);
    const rows: number[] = [];
    const ids: NodeId[] = [];
    let widest = 1;
    const addRows = (at: NodeId, level: number) => {
      for (const child of this.draft.node(at).children) {
        if (level > 1) {
          addRows(child, level - 1);
          continue;
        }
        const row = this.layout.rowOf.get(child);
        if (row === undefined || row >= this.laidOut || this.factIds[row] !== child) continue;
        if ((this.factNorms[row] as number) < 0) continue;
        rows.push(row);
        ids.push(child);
        const cos = this.cosineAt(row, centre.vector, centre.norm);
        widest = Math.min(widest, cos);
      }
    };
    addRows(id, level);
    const cap = {
      centre: centre.vector,
      norm: centre.norm,
      rows: Int32Array.from(rows),
      ids,
      widest,
    };
    this.layout.caps.set(id, cap);
    return cap;
  }

  /** The leaf (level 1, in level order, first on ties) whose centre is closest, and its cosine. */
  closestLeaf(embedding: Vector): { leaf: NodeId | undefined; score: number } {
    const level = this.draft.levels[1] ?? [];
    const { node, score } =
      this.ahead?.closest(level, embedding, (id) => this.centre(id)) ??
      this.closestAt(1, embedding);
    return { leaf: node, score };
  }

  /** Works out the cosines of `queries` to every leaf centre now, for their `closestLeaf`. */
  scoreLeavesAhead(queries: readonly Vector[]): void {
    this.ahead = LeafScoresAhead.score(this.draft.levels[1] ?? [], queries, (id) =>
      this.centre(id),
    );
  }

  private ahead: LeafScoresAhead | undefined;

  /** Leaf cosines worked out after `scoreLeavesAhead` (tests read it). */
  get leafCosinesComputed(): number {
    return this.ahead?.computed ?? 0;
  }

  /** The node of `level` (in level order, first on ties) whose centre is closest. */
  closestAt(level: number, embedding: Vector): { node: NodeId | undefined; score: number } {
    const queryNorm = norm(embedding);
    let best: NodeId | undefined;
    let score = Number.NEGATIVE_INFINITY;
    for (const id of this.draft.levels[level] ?? []) {
      const s = centreCosine(this.centre(id), embedding, queryNorm);
      if (s > score) [best, score] = [id, s];
    }
    return { node: best, score };
  }

  /** A node's children changed: its centre is computed again when next needed. */
  childrenChanged(id: NodeId): void {
    this.centres.delete(id);
    this.layout.caps.delete(id);
    this.layout.checked.delete(id);
    this.ahead?.childrenChanged(id);
  }

  private centre(id: NodeId): Centre {
    const kept = this.centres.get(id);
    if (kept && this.layout.checked.has(id)) return kept;
    const node = this.draft.node(id);
    const from = node.children.length === 0 ? [id] : node.children;
    if (
      kept &&
      kept.from.length === from.length &&
      kept.from.every(
        (c, i) => c === from[i] && this.draft.node(c).embedding === kept.embeddings[i],
      )
    ) {
      this.layout.checked.add(id);
      return kept;
    }
    const embeddings = from.map((child) => this.draft.node(child).embedding);
    const vector = node.children.length === 0 ? node.embedding : meanDirection(embeddings);
    const centre = { vector, norm: norm(vector), from: [...from], embeddings };
    this.centres.set(id, centre);
    this.layout.checked.add(id);
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
      layout.rowOf.set(id, row);
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
