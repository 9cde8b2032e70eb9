/** A mutable working copy of a memory tree, used while building or inserting, then frozen. */
import {
  asNodeId,
  type Fact,
  type FactId,
  type MemoryTree,
  type NodeId,
  type TreeBuildStats,
  type TreeNode,
  type Vector,
} from '../types.ts';
import { LayeredMap } from '../layered-map.ts';
import { TreeIntegrityError } from './tree-integrity-error.ts';

interface DraftNode {
  id: NodeId;
  level: number;
  text: string;
  embedding: Vector;
  parent: NodeId | null;
  children: NodeId[];
  factId?: FactId;
}

export const factNodeId = (factId: FactId) => asNodeId(`f:${factId}`);

export class TreeDraft {
  /** Layered over the origin tree's maps (layered-map.ts): a copy costs what it changes. */
  readonly nodes: LayeredMap<NodeId, DraftNode>;
  readonly levels: NodeId[][] = [[]];
  readonly facts: LayeredMap<FactId, Fact>;
  nextNodeSeq = 0;
  /** Told of each node whose children `attach` changes (an insert's index drops its centre). */
  onChildrenChanged: ((id: NodeId) => void) | undefined;
  /**
   * @param origin The tree this draft is copied from: `freeze` hands back its unchanged node
   *   objects.
   */
  private constructor(private readonly origin?: MemoryTree) {
    this.nodes = LayeredMap.edit((origin?.nodes ?? new Map()) as ReadonlyMap<NodeId, DraftNode>);
    this.facts = LayeredMap.edit(origin?.facts ?? new Map());
  }

  /** An empty draft, to build a tree in. */
  static empty(): TreeDraft {
    return new TreeDraft();
  }

  /**
   * A draft of `tree`, copy-on-write: the draft holds the tree's own (frozen) node objects until
   * `node` hands one out to be changed; `peek` reads without copying. Copying every node of a
   * heavy user's tree (36,000) took longer than the insert it served.
   */
  static from(tree: MemoryTree): TreeDraft {
    const draft = new TreeDraft(tree);
    draft.levels.length = 0;
    for (const level of tree.levels) draft.levels.push([...level]);
    draft.nextNodeSeq = tree.nextNodeSeq;
    return draft;
  }

  /** Whether `node` is still the origin tree's own object (not to be changed in place). */
  private shared(id: NodeId, node: DraftNode): boolean {
    return this.origin !== undefined && this.origin.nodes.get(id) === (node as TreeNode);
  }

  /** A node to read (and not change): no copy is made. */
  peek(id: NodeId): Readonly<DraftNode> {
    const node = this.nodes.get(id);
    if (!node) throw new TreeIntegrityError(`Memory tree is inconsistent: node ${id} is missing`);
    return node;
  }

  /** A node the caller may change: the draft's own copy. */
  node(id: NodeId): DraftNode {
    let node = this.nodes.get(id);
    if (!node) throw new TreeIntegrityError(`Memory tree is inconsistent: node ${id} is missing`);
    if (this.shared(id, node)) {
      node = { ...node, children: [...node.children] };
      this.nodes.set(id, node);
    }
    return node;
  }

  get height(): number {
    return this.levels.length;
  }

  /** Adds a fact as a level-0 node; an `embedding` field on `fact` is not kept in the fact map. */
  addFact(fact: Fact, embedding: Vector): DraftNode {
    const { embedding: _embedding, ...plain } = fact as Fact & { embedding?: Vector };
    const { id } = plain;
    this.facts.set(id, plain);
    const node: DraftNode = {
      id: factNodeId(fact.id),
      level: 0,
      text: fact.text,
      embedding,
      parent: null,
      children: [],
      factId: fact.id,
    };
    this.nodes.set(node.id, node);
    this.levelIds(0).push(node.id);
    return node;
  }

  /** A new summary node over `children` (which must be one level below). */
  addSummary(
    level: number,
    text: string,
    embedding: Vector,
    children: readonly NodeId[],
  ): DraftNode {
    const node: DraftNode = {
      id: asNodeId(`s${level}:${this.nextNodeSeq++}`),
      level,
      text,
      embedding,
      parent: null,
      children: [],
    };
    this.nodes.set(node.id, node);
    this.levelIds(level).push(node.id);
    for (const child of children) this.attach(child, node.id);
    return node;
  }

  attach(child: NodeId, parent: NodeId): void {
    const childNode = this.node(child);
    if (childNode.parent !== null) {
      const old = this.node(childNode.parent);
      old.children = old.children.filter((id) => id !== child);
      this.onChildrenChanged?.(old.id);
    }
    childNode.parent = parent;
    this.node(parent).children.push(child);
    this.onChildrenChanged?.(parent);
  }

  levelIds(level: number): NodeId[] {
    while (this.levels.length <= level) this.levels.push([]);
    return this.levels[level] as NodeId[];
  }

  /** Ids from `id` up to its root, `id` first. */
  ancestry(id: NodeId): NodeId[] {
    const out: NodeId[] = [];
    for (let at: NodeId | null = id; at !== null; at = this.node(at).parent) out.push(at);
    return out;
  }

  /**
   * The draft as an immutable tree; the draft is done with. A node the draft did not change is
   * the origin tree's own object, so a write (storage diffs trees by identity first) and caches
   * keyed on nodes see only what changed. Costs what the draft changed (and the origin's own
   * changes over its base), not the tree.
   */
  freeze(build: TreeBuildStats, insertedSinceBuild: number): MemoryTree {
    const origin = this.origin?.nodes;
    const changed = origin ? LayeredMap.changedBetween(origin, this.nodes) : undefined;
    // Frozen in place (a value set again keeps its key's place, so the order is the draft's).
    for (const id of changed ?? [...this.nodes.keys()]) {
      const n = this.nodes.get(id);
      if (n === undefined) continue;
      const original = origin?.get(id);
      if (original && ((original as DraftNode) === n || unchanged(original, n))) {
        if (n !== original) this.nodes.set(id, original as DraftNode);
        continue;
      }
      this.nodes.set(id, frozenNode(n) as DraftNode);
    }
    return {
      nodes: this.nodes.freeze() as ReadonlyMap<NodeId, TreeNode>,
      levels: this.levels.map((level) => [...level]),
      facts: this.facts.freeze(),
      build,
      insertedSinceBuild,
      nextNodeSeq: this.nextNodeSeq,
    };
  }
}

function frozenNode(n: DraftNode): TreeNode {
  return {
    id: n.id,
    level: n.level,
    text: n.text,
    embedding: n.embedding,
    parent: n.parent,
    children: [...n.children],
    ...(n.factId !== undefined ? { factId: n.factId } : {}),
  };
}

function unchanged(original: TreeNode, n: DraftNode): boolean {
  return (
    original.level === n.level &&
    original.text === n.text &&
    original.embedding === n.embedding &&
    original.parent === n.parent &&
    original.factId === n.factId &&
    original.children.length === n.children.length &&
    original.children.every((c, i) => c === n.children[i])
  );
}
