/** A MemoryTree as rows (meta, nodes, facts) and back, exactly. */
import {
  asFactId,
  asNodeId,
  asSessionId,
  asTurnId,
  type Fact,
  type FactId,
  type MemoryTree,
  type NodeId,
  type Provenance,
  type TreeNode,
} from '../engine/types.ts';
import { StoreCorruptError } from './errors.ts';
import type { TreeFactRow, TreeMetaRow, TreeNodeRow } from './rows.ts';
import { bufferToVector, sameVector, vectorToBuffer } from './vector-codec.ts';

export interface TreeRows {
  readonly meta: TreeMetaRow;
  readonly nodes: readonly TreeNodeRow[];
  readonly facts: readonly TreeFactRow[];
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

export function nodeToRow(profileId: string, version: number, node: TreeNode): TreeNodeRow {
  return {
    profileId,
    version,
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

export function factToRow(profileId: string, version: number, fact: Fact): TreeFactRow {
  return {
    profileId,
    version,
    id: fact.id,
    text: fact.text,
    category: fact.category,
    sources: fact.sources.map(copyProvenance),
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

export function treeToRows(
  profileId: string,
  version: number,
  tree: MemoryTree,
  revision = 0,
): TreeRows {
  return {
    meta: metaOf(profileId, version, tree, revision),
    nodes: [...tree.nodes.values()].map((n) => nodeToRow(profileId, version, n)),
    facts: [...tree.facts.values()].map((f) => factToRow(profileId, version, f)),
  };
}

export function rowsToTree({ meta, nodes, facts }: TreeRows): MemoryTree {
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

const sameFact = (a: Fact, b: Fact) => JSON.stringify(a) === JSON.stringify(b);

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
