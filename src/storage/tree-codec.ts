/** A MemoryTree as rows (meta, node pages, fact pages) and back, exactly. */
import {
  asFactId,
  asNodeId,
  type Fact,
  type FactId,
  type FactLifetime,
  type MemoryTree,
  type NodeId,
  type Provenance,
  type TreeNode,
} from '../engine/types.ts';
import { LayeredMap } from '../engine/layered-map.ts';
import { StoreCorruptError } from './errors.ts';
import type {
  TreeFactCell,
  TreeFactPageRow,
  TreeMetaRow,
  TreeNodeCell,
  TreeNodePageRow,
} from './rows.ts';
import { byPage } from './tree-pages.ts';
import { inKeyOrder, orderOf, type TreeOrder } from './tree-order.ts';
import { bufferToVector, sameVector, vectorToBuffer } from './vector-codec.ts';

/** A tree version as stored: its meta row and its pages. */
export interface TreeRows {
  readonly meta: TreeMetaRow;
  readonly nodePages: readonly TreeNodePageRow[];
  readonly factPages: readonly TreeFactPageRow[];
  /** The orders the pages' keys give (tree-order.ts). */
  readonly order: TreeOrder;
}

/** A tree version's content as read back: its meta row and every cell of its pages. */
export interface TreeCells {
  readonly meta: TreeMetaRow;
  readonly nodes: readonly TreeNodeCell[];
  readonly facts: readonly TreeFactCell[];
}

export const EMPTY_BUILD = { seed: 42, factCount: 0, leafCohesion: 1, leafCohesionStd: 0 } as const;

/** The memory of a profile with nothing remembered yet. */
export function emptyTree(): MemoryTree {
  return {
    nodes: new Map(),
    levels: [[]],
    facts: new Map(),
    build: EMPTY_BUILD,
    insertedSinceBuild: 0,
    nextNodeSeq: 0,
  };
}

export function dimensionOf(tree: MemoryTree): number {
  for (const node of tree.nodes.values()) return node.embedding.length;
  return 0;
}

/** A node as its page holds it, with its keys in `order` (tree-order.ts). */
export function nodeToCell(node: TreeNode, order: TreeOrder): TreeNodeCell {
  return {
    id: node.id,
    seq: order.node.get(node.id) ?? 0,
    levelSeq: order.level.get(node.id) ?? 0,
    level: node.level,
    text: node.text,
    embedding: vectorToBuffer(node.embedding),
    parent: node.parent,
    children: [...node.children],
    ...(node.factId === undefined ? {} : { factId: node.factId }),
  };
}

function copyProvenance(p: Provenance): Provenance {
  return {
    sessionId: p.sessionId,
    turnIds: [...p.turnIds],
    ...(p.time === undefined ? {} : { time: p.time }),
  };
}

export function factToCell(fact: Fact, order: TreeOrder): TreeFactCell {
  return {
    id: fact.id,
    seq: order.fact.get(fact.id) ?? 0,
    text: fact.text,
    category: fact.category,
    sources: fact.sources.map(copyProvenance),
    ...lifetimeOf(fact),
  };
}

/** A fact's lifetime fields, only those it has (engine/lifetime). */
export function lifetimeOf(fact: {
  readonly validFrom?: string | undefined;
  readonly validTo?: string | undefined;
  readonly supersededBy?: string | undefined;
  readonly supersededHow?: FactLifetime['supersededHow'] | undefined;
}): FactLifetime {
  return {
    ...(fact.validFrom === undefined ? {} : { validFrom: fact.validFrom }),
    ...(fact.validTo === undefined ? {} : { validTo: fact.validTo }),
    ...(fact.supersededBy === undefined ? {} : { supersededBy: asFactId(fact.supersededBy) }),
    ...(fact.supersededHow === undefined ? {} : { supersededHow: fact.supersededHow }),
  };
}

export function metaOf(
  profileId: string,
  version: number,
  tree: MemoryTree,
  revision: number,
): TreeMetaRow {
  return {
    profileId,
    version,
    dimension: dimensionOf(tree),
    height: tree.levels.length,
    build: { ...tree.build },
    insertedSinceBuild: tree.insertedSinceBuild,
    nextNodeSeq: tree.nextNodeSeq,
    revision,
    ...(tree.unlabelled === undefined ? {} : { unlabelled: [...tree.unlabelled] }),
  };
}

/** Cells in their pages (tree-pages.ts), as the records of one tree version. */
export function nodePages<C extends { readonly id: string } = TreeNodeCell>(
  profileId: string,
  version: number,
  cells: Iterable<C>,
): { profileId: string; version: number; page: number; nodes: C[] }[] {
  return [...byPage(cells)].map(([page, nodes]) => ({ profileId, version, page, nodes }));
}

export function factPages<C extends { readonly id: string } = TreeFactCell>(
  profileId: string,
  version: number,
  cells: Iterable<C>,
): { profileId: string; version: number; page: number; facts: C[] }[] {
  return [...byPage(cells)].map(([page, facts]) => ({ profileId, version, page, facts }));
}

export function treeToRows(
  profileId: string,
  version: number,
  tree: MemoryTree,
  revision = 0,
): TreeRows {
  const { order } = orderOf(tree);
  return {
    meta: metaOf(profileId, version, tree, revision),
    nodePages: nodePages(
      profileId,
      version,
      [...tree.nodes.values()].map((n) => nodeToCell(n, order)),
    ),
    factPages: factPages(
      profileId,
      version,
      [...tree.facts.values()].map((f) => factToCell(f, order)),
    ),
    order,
  };
}

/**
 * The tree the cells hold, in the orders their keys give. The cells are the caller's to give
 * away (read fresh from the store): their id lists become the tree's, not copies (a heavy
 * user's 36,000 nodes and 30,000 facts are read on every open).
 */
export function rowsToTree(cells: TreeCells): MemoryTree {
  const nodes = inKeyOrder(cells.nodes, (c) => c.seq);
  // Every embedding copied into one block, each node's a view of its row: the passes over every
  // fact's vector (a question's cosines, an insert's duplicate search) then read contiguous
  // memory, about twice as fast as 36,000 separate small buffers. Nothing sends or stores a view
  // as it is: writes and exports copy the vector (vectorToBuffer), messages carry no embeddings.
  const dimension = cells.meta.dimension;
  const block = new Float32Array(nodes.length * dimension);
  return assembleTree(cells.meta, nodes, cells.facts, (row, i) => {
    const stored = bufferToVector(row.embedding, { copy: false });
    if (stored.length !== dimension) {
      throw new StoreCorruptError(
        `Stored memory node ${row.id} has ${stored.length} dimensions, expected ${dimension}. ` +
          'Export what you can and rebuild the memory.',
      );
    }
    block.set(stored, i * dimension);
    return block.subarray(i * dimension, (i + 1) * dimension);
  });
}

/** A node cell as the tree image keeps it: its embedding is in the image's block instead. */
export type NodeCellBody = Omit<TreeNodeCell, 'embedding'>;

/** The facts of their cells, in their keys' order. */
export function factsOfCells(factCells: readonly TreeFactCell[]): Map<FactId, Fact> {
  const facts = inKeyOrder(factCells, (c) => c.seq);
  const factMap = new Map<FactId, Fact>();
  for (const row of facts) {
    const fact: { -readonly [K in keyof Fact]: Fact[K] } = {
      id: asFactId(row.id),
      text: row.text,
      category: row.category,
      sources: row.sources as Fact['sources'],
    };
    if (row.validFrom !== undefined) fact.validFrom = row.validFrom;
    if (row.validTo !== undefined) fact.validTo = row.validTo;
    if (row.supersededBy !== undefined) fact.supersededBy = asFactId(row.supersededBy);
    if (row.supersededHow !== undefined) fact.supersededHow = row.supersededHow;
    factMap.set(fact.id, fact);
  }
  if (factMap.size !== facts.length) {
    throw new StoreCorruptError('Stored memory tree holds a fact twice.');
  }
  return factMap;
}

/**
 * The tree of cells already in node order (`nodes` by `seq`), each node's vector from
 * `vectorAt(cell, position)`; the facts and levels are put in their keys' order here.
 */
export function assembleTree<C extends NodeCellBody>(
  meta: TreeMetaRow,
  nodes: readonly C[],
  factCells: readonly TreeFactCell[],
  vectorAt: (cell: C, position: number) => Float32Array,
): MemoryTree {
  const byId = new Map<NodeId, TreeNode>();
  const levels: NodeId[][] = Array.from({ length: Math.max(1, meta.height) }, () => []);
  for (const row of inKeyOrder(nodes, (c) => c.levelSeq)) {
    const level = levels[row.level];
    if (!level) {
      throw new StoreCorruptError(
        `Stored memory node ${row.id} is at level ${row.level} of a tree of ${meta.height}. ` +
          'Export what you can and rebuild the memory.',
      );
    }
    level.push(asNodeId(row.id));
  }
  for (let i = 0; i < nodes.length; i++) {
    const row = nodes[i] as C;
    const node: { -readonly [K in keyof TreeNode]: TreeNode[K] } = {
      id: asNodeId(row.id),
      level: row.level,
      text: row.text,
      embedding: vectorAt(row, i),
      parent: row.parent === null ? null : asNodeId(row.parent),
      children: row.children as readonly NodeId[],
    };
    if (row.factId !== undefined) node.factId = asFactId(row.factId);
    byId.set(node.id, node);
  }
  if (byId.size !== nodes.length) {
    throw new StoreCorruptError('Stored memory tree holds a node twice.');
  }
  const factMap = factsOfCells(factCells);
  const unlabelled = (meta.unlabelled ?? []).filter((id) => byId.has(id as NodeId)) as NodeId[];
  return {
    nodes: byId,
    levels,
    facts: factMap,
    build: { ...meta.build },
    insertedSinceBuild: meta.insertedSinceBuild,
    nextNodeSeq: meta.nextNodeSeq,
    ...(unlabelled.length === 0 ? {} : { unlabelled }),
  };
}

function sameNode(a: TreeNode, b: TreeNode): boolean {
  if (a === b) return true;
  return (
    a.level === b.level &&
    a.text === b.text &&
    a.parent === b.parent &&
    a.factId === b.factId &&
    a.children.length === b.children.length &&
    a.children.every((c, i) => c === b.children[i]) &&
    sameVector(a.embedding, b.embedding)
  );
}

const sameFact = (a: Fact, b: Fact) => a === b || JSON.stringify(a) === JSON.stringify(b);

export interface TreeDiff {
  readonly putNodes: readonly TreeNode[];
  readonly deleteNodes: readonly NodeId[];
  readonly putFacts: readonly Fact[];
  readonly deleteFacts: readonly FactId[];
}

/**
 * What changed from `before` to `after`: the only rows an incremental write touches. Only the
 * entries where the two trees' maps may differ are compared (LayeredMap.changedBetween: a tree
 * an insert made from another shares its maps' base), else every entry.
 */
export function diffTrees(before: MemoryTree, after: MemoryTree): TreeDiff {
  const nodes = changes(before.nodes, after.nodes, sameNode);
  const facts = changes(before.facts, after.facts, sameFact);
  return {
    putNodes: nodes.put,
    deleteNodes: nodes.deleted,
    putFacts: facts.put,
    deleteFacts: facts.deleted,
  };
}

function changes<K, V>(
  before: ReadonlyMap<K, V>,
  after: ReadonlyMap<K, V>,
  same: (a: V, b: V) => boolean,
): { put: V[]; deleted: K[] } {
  const keys = LayeredMap.changedBetween(before, after);
  if (!keys) {
    return {
      put: [...after].filter(([key, v]) => !isSame(before.get(key), v, same)).map(([, v]) => v),
      deleted: [...before.keys()].filter((key) => !after.has(key)),
    };
  }
  const put: V[] = [];
  const deleted: K[] = [];
  for (const key of keys) {
    const now = after.get(key);
    if (now === undefined) {
      if (before.has(key)) deleted.push(key);
    } else if (!isSame(before.get(key), now, same)) put.push(now);
  }
  return { put, deleted };
}

const isSame = <V>(old: V | undefined, now: V, same: (a: V, b: V) => boolean) =>
  old !== undefined && same(old, now);
