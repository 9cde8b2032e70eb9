/** A MemoryTree as rows (meta, node pages, fact pages) and back, exactly. */
import {
  asFactId,
  asNodeId,
  asSessionId,
  asTurnId,
  type Fact,
  type FactId,
  type FactLifetime,
  type MemoryTree,
  type NodeId,
  type Provenance,
  type TreeNode,
} from '../engine/types.ts';
import { StoreCorruptError } from './errors.ts';
import type {
  TreeFactCell,
  TreeFactPageRow,
  TreeMetaRow,
  TreeNodeCell,
  TreeNodePageRow,
} from './rows.ts';
import { byPage } from './tree-pages.ts';
import { bufferToVector, sameVector, vectorToBuffer } from './vector-codec.ts';

/** A tree version as stored: its meta row and its pages. */
export interface TreeRows {
  readonly meta: TreeMetaRow;
  readonly nodePages: readonly TreeNodePageRow[];
  readonly factPages: readonly TreeFactPageRow[];
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

export function nodeToCell(node: TreeNode): TreeNodeCell {
  return {
    id: node.id,
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

export function factToCell(fact: Fact): TreeFactCell {
  return {
    id: fact.id,
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
    levels: tree.levels.map((level) => [...level]),
    nodeOrder: [...tree.nodes.keys()],
    factOrder: [...tree.facts.keys()],
    build: { ...tree.build },
    insertedSinceBuild: tree.insertedSinceBuild,
    nextNodeSeq: tree.nextNodeSeq,
    revision,
  };
}

/** Cells in their pages (tree-pages.ts), as the records of one tree version. */
export function nodePages(
  profileId: string,
  version: number,
  cells: Iterable<TreeNodeCell>,
): TreeNodePageRow[] {
  return [...byPage(cells)].map(([page, nodes]) => ({ profileId, version, page, nodes }));
}

export function factPages(
  profileId: string,
  version: number,
  cells: Iterable<TreeFactCell>,
): TreeFactPageRow[] {
  return [...byPage(cells)].map(([page, facts]) => ({ profileId, version, page, facts }));
}

export function treeToRows(
  profileId: string,
  version: number,
  tree: MemoryTree,
  revision = 0,
): TreeRows {
  return {
    meta: metaOf(profileId, version, tree, revision),
    nodePages: nodePages(profileId, version, [...tree.nodes.values()].map(nodeToCell)),
    factPages: factPages(profileId, version, [...tree.facts.values()].map(factToCell)),
  };
}

export function rowsToTree({ meta, nodes, facts }: TreeCells): MemoryTree {
  const byId = new Map<NodeId, TreeNode>();
  for (const row of nodes) {
    const embedding = bufferToVector(row.embedding);
    if (embedding.length !== meta.dimension) {
      throw new StoreCorruptError(
        `Stored memory node ${row.id} has ${embedding.length} dimensions, expected ${meta.dimension}. ` +
          'Export what you can and rebuild the memory.',
      );
    }
    byId.set(asNodeId(row.id), {
      id: asNodeId(row.id),
      level: row.level,
      text: row.text,
      embedding,
      parent: row.parent === null ? null : asNodeId(row.parent),
      children: row.children.map(asNodeId),
      ...(row.factId === undefined ? {} : { factId: asFactId(row.factId) }),
    });
  }
  const levels = meta.levels.map((level) => level.map(asNodeId));
  const ordered = new Map<NodeId, TreeNode>();
  for (const id of meta.nodeOrder) {
    const node = byId.get(asNodeId(id));
    if (!node)
      throw new StoreCorruptError(`Stored memory tree lists node ${id} but it is missing.`);
    ordered.set(node.id, node);
  }
  if (ordered.size !== byId.size || levels.flat().length !== byId.size) {
    throw new StoreCorruptError('Stored memory tree has nodes outside its levels.');
  }
  const factRows = new Map(facts.map((row) => [row.id, row]));
  const factMap = new Map<FactId, Fact>();
  for (const id of meta.factOrder) {
    const row = factRows.get(id);
    if (!row) throw new StoreCorruptError(`Stored memory tree lists fact ${id} but it is missing.`);
    factMap.set(asFactId(row.id), {
      id: asFactId(row.id),
      text: row.text,
      category: row.category,
      sources: row.sources.map((s) => ({
        sessionId: asSessionId(s.sessionId),
        turnIds: s.turnIds.map(asTurnId),
        ...(s.time === undefined ? {} : { time: s.time }),
      })),
      ...lifetimeOf(row),
    });
  }
  if (factMap.size !== factRows.size) {
    throw new StoreCorruptError('Stored memory tree has facts outside its order.');
  }
  return {
    nodes: ordered,
    levels,
    facts: factMap,
    build: { ...meta.build },
    insertedSinceBuild: meta.insertedSinceBuild,
    nextNodeSeq: meta.nextNodeSeq,
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

/** What changed from `before` to `after`: the only rows an incremental write touches. */
export function diffTrees(before: MemoryTree, after: MemoryTree): TreeDiff {
  const putNodes = [...after.nodes.values()].filter((n) => {
    const old = before.nodes.get(n.id);
    return !old || !sameNode(old, n);
  });
  const deleteNodes = [...before.nodes.keys()].filter((id) => !after.nodes.has(id));
  const putFacts = [...after.facts.values()].filter((f) => {
    const old = before.facts.get(f.id);
    return !old || !sameFact(old, f);
  });
  const deleteFacts = [...before.facts.keys()].filter((id) => !after.facts.has(id));
  return { putNodes, deleteNodes, putFacts, deleteFacts };
}
