/**
 * A memory tree's outline: what the page holds and draws (engine/types.ts TreeOutline), the tree
 * less its nodes' embeddings. Derived once per tree (trees are immutable), so a worker that hands
 * the outline out again for the same tree copies nothing new.
 */
import {
  asFactId,
  asNodeId,
  asSessionId,
  asTurnId,
  type Fact,
  type FactCategory,
  type FactId,
  type FactLifetime,
  type MemoryTree,
  type NodeId,
  type OutlineNode,
  type Provenance,
  type SupersedeDecider,
  type TreeNode,
  type TreeOutline,
} from '../types.ts';

const outlines = new WeakMap<MemoryTree, TreeOutline>();
const drawn = new WeakMap<MemoryTree, TreeOutline>();

/**
 * A forest with more facts than this is sent to a page in part first (`drawnOutline`): its views
 * open such a forest on its upper summaries (ui/tree/level-of-detail.ts), and its 30,000 facts
 * with their provenance are most of what an outline weighs.
 */
export const WHOLE_OUTLINE_MAX_FACTS = 5000;

/**
 * What a page draws of `tree` first: the whole outline of a small tree; of a larger one, its
 * summaries (levels 1 and up, their children naming the facts' nodes left out), without level 0
 * and the facts, counted in `partial`. The rest comes with `treeOutline` when a view asks.
 */
export function drawnOutline(tree: MemoryTree): TreeOutline {
  if (tree.facts.size <= WHOLE_OUTLINE_MAX_FACTS || tree.levels.length <= 1) {
    return treeOutline(tree);
  }
  const kept = drawn.get(tree);
  if (kept) return kept;
  const nodes = new Map<NodeId, OutlineNode>();
  for (const level of tree.levels.slice(1)) {
    for (const id of level) {
      const node = tree.nodes.get(id);
      if (node) nodes.set(id, outlineNode(node));
    }
  }
  const outline: TreeOutline = {
    nodes,
    levels: [[], ...tree.levels.slice(1)],
    facts: new Map(),
    partial: { facts: tree.facts.size, levelSizes: tree.levels.map((l) => l.length) },
  };
  drawn.set(tree, outline);
  return outline;
}

function outlineNode(node: TreeNode): OutlineNode {
  return {
    id: node.id,
    level: node.level,
    text: node.text,
    parent: node.parent,
    children: node.children,
    ...(node.factId === undefined ? {} : { factId: node.factId }),
  };
}

export function treeOutline(tree: MemoryTree): TreeOutline {
  const kept = outlines.get(tree);
  if (kept) return kept;
  const nodes = new Map<NodeId, OutlineNode>();
  for (const node of tree.nodes.values()) nodes.set(node.id, outlineNode(node));
  const outline: TreeOutline = { nodes, levels: tree.levels, facts: tree.facts };
  outlines.set(tree, outline);
  return outline;
}

/**
 * An outline as it crosses from the worker to the page: one JSON text of columns (node and fact
 * fields side by side, references as positions). A structured clone of the outline itself is
 * ~150,000 small objects at 30,000 facts, which the page took over a second to rebuild; a string
 * crosses as one copy and JSON.parse builds the columns fast.
 */
interface OutlineColumns {
  readonly nodes: {
    readonly id: string[];
    readonly level: number[];
    readonly text: string[];
    /** Position of the parent, -1 for a root. */
    readonly parent: number[];
    /** Positions of the children; the id itself of a child the outline leaves out. */
    readonly children: (number | string)[][];
    /** Position of the node's fact, -1 for a summary. */
    readonly fact: number[];
  };
  /** Node positions, per level. */
  readonly levels: number[][];
  readonly partial?: { readonly facts: number; readonly levelSizes: readonly number[] };
  readonly facts: {
    readonly id: string[];
    readonly text: string[];
    readonly category: string[];
    /** Per fact, per source: [sessionId, turnIds, time?]. */
    readonly sources: ([string, string[]] | [string, string[], string])[][];
    /**
     * Per fact, its lifetime (engine/types.ts FactLifetime), or 0 for none:
     * [validFrom, validTo, position of the fact that replaced it or -1, who replaced it], each
     * null where absent.
     */
    readonly lifetime: (LifetimeColumn | 0)[];
  };
}

type LifetimeColumn = [string | null, string | null, number, SupersedeDecider | null];

const encoded = new WeakMap<TreeOutline, string>();

function lifetimeColumn(fact: Fact, factAt: ReadonlyMap<FactId, number>): LifetimeColumn | 0 {
  const { validFrom, validTo, supersededBy, supersededHow } = fact;
  if (validFrom === undefined && validTo === undefined && supersededBy === undefined) return 0;
  return [
    validFrom ?? null,
    validTo ?? null,
    supersededBy === undefined ? -1 : (factAt.get(supersededBy) ?? -1),
    supersededHow ?? null,
  ];
}

function lifetimeOf(
  column: LifetimeColumn | 0 | undefined,
  factIds: readonly FactId[],
): FactLifetime {
  if (!column) return {};
  const [validFrom, validTo, by, how] = column;
  const supersededBy = by < 0 ? undefined : factIds[by];
  return {
    ...(validFrom === null ? {} : { validFrom }),
    ...(validTo === null ? {} : { validTo }),
    ...(supersededBy === undefined ? {} : { supersededBy }),
    ...(how === null ? {} : { supersededHow: how }),
  };
}

/** The outline as one text (kept per outline: the same tree is encoded once). */
export function encodeOutline(outline: TreeOutline): string {
  const kept = encoded.get(outline);
  if (kept !== undefined) return kept;
  const nodeAt = new Map<NodeId, number>();
  for (const id of outline.nodes.keys()) nodeAt.set(id, nodeAt.size);
  const factAt = new Map<FactId, number>();
  for (const id of outline.facts.keys()) factAt.set(id, factAt.size);
  const at = (id: NodeId) => nodeAt.get(id) ?? -1;
  const nodes: OutlineColumns['nodes'] = {
    id: [],
    level: [],
    text: [],
    parent: [],
    children: [],
    fact: [],
  };
  for (const node of outline.nodes.values()) {
    nodes.id.push(node.id);
    nodes.level.push(node.level);
    nodes.text.push(node.text);
    nodes.parent.push(node.parent === null ? -1 : at(node.parent));
    nodes.children.push(node.children.map((c) => nodeAt.get(c) ?? c));
    nodes.fact.push(node.factId === undefined ? -1 : (factAt.get(node.factId) ?? -1));
  }
  const facts: OutlineColumns['facts'] = {
    id: [],
    text: [],
    category: [],
    sources: [],
    lifetime: [],
  };
  for (const fact of outline.facts.values()) {
    facts.id.push(fact.id);
    facts.text.push(fact.text);
    facts.category.push(fact.category);
    facts.lifetime.push(lifetimeColumn(fact, factAt));
    facts.sources.push(
      fact.sources.map((s) =>
        s.time === undefined
          ? [s.sessionId, [...s.turnIds]]
          : [s.sessionId, [...s.turnIds], s.time],
      ),
    );
  }
  const columns: OutlineColumns = {
    nodes,
    levels: outline.levels.map((level) => level.map(at)),
    facts,
    ...(outline.partial ? { partial: outline.partial } : {}),
  };
  const text = JSON.stringify(columns);
  encoded.set(outline, text);
  return text;
}

/** The outline back from its text, in the same order (nodes, levels, facts). */
export function decodeOutline(text: string): TreeOutline {
  const columns = JSON.parse(text) as OutlineColumns;
  const f = columns.facts;
  const factIds = f.id.map(asFactId);
  const facts = new Map<FactId, Fact>();
  factIds.forEach((id, i) => {
    const sources = (f.sources[i] ?? []).map(([sessionId, turnIds, time]): Provenance => ({
      sessionId: asSessionId(sessionId),
      turnIds: turnIds.map(asTurnId),
      ...(time === undefined ? {} : { time }),
    }));
    facts.set(id, {
      id,
      text: f.text[i] ?? '',
      category: (f.category[i] ?? 'other') as FactCategory,
      sources,
      ...lifetimeOf(f.lifetime[i], factIds),
    });
  });
  const n = columns.nodes;
  const nodeIds = n.id.map(asNodeId);
  const idAt = (i: number) => nodeIds[i] as NodeId;
  const nodes = new Map<NodeId, OutlineNode>();
  nodeIds.forEach((id, i) => {
    const parent = n.parent[i] ?? -1;
    const fact = n.fact[i] ?? -1;
    nodes.set(id, {
      id,
      level: n.level[i] ?? 0,
      text: n.text[i] ?? '',
      parent: parent < 0 ? null : idAt(parent),
      children: (n.children[i] ?? []).map((c) => (typeof c === 'string' ? asNodeId(c) : idAt(c))),
      ...(fact < 0 ? {} : { factId: factIds[fact] as FactId }),
    });
  });
  return {
    nodes,
    levels: columns.levels.map((level) => level.map(idAt)),
    facts,
    ...(columns.partial ? { partial: columns.partial } : {}),
  };
}
