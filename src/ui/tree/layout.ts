/**
 * Layout math for the tree view: a synthetic root over the forest's roots, laid out by
 * d3-hierarchy as a tidy tree (top-down: roots → summaries → facts) or a radial one (facts on
 * the outer ring, which keeps a 3,000-fact forest compact). Pure: React and the canvas renderer
 * only read the result.
 */
import { hierarchy, tree as d3tree, type HierarchyPointNode } from 'd3-hierarchy';
import type { TreeOutline, NodeId } from '../../engine/types.ts';

export type LayoutMode = 'tidy' | 'radial';

/** Id of the synthetic root that holds the forest's roots. */
export const FOREST_ROOT = '(forest)';

export interface LayoutNode {
  /** Tree node id, or FOREST_ROOT. */
  readonly id: NodeId | typeof FOREST_ROOT;
  /** Engine level (0 = fact); -1 for the synthetic root. */
  readonly level: number;
  /** Distance from the synthetic root (roots are at depth 1). */
  readonly depth: number;
  readonly x: number;
  readonly y: number;
  /** Index of the parent in `nodes`, -1 for the synthetic root. */
  readonly parent: number;
  /** Children in the tree, whether shown or collapsed. */
  readonly childCount: number;
  /** True when the node has children that a collapse hides. */
  readonly collapsed: boolean;
}

export interface TreeLayout {
  readonly mode: LayoutMode;
  /** Parents before children (breadth first), so state can flow down in one pass. */
  readonly nodes: readonly LayoutNode[];
  readonly index: ReadonlyMap<string, number>;
  readonly bounds: {
    readonly minX: number;
    readonly minY: number;
    readonly maxX: number;
    readonly maxY: number;
  };
  /** Facts shown (not hidden under a collapsed node). */
  readonly shownFacts: number;
}

export interface LayoutOptions {
  readonly mode?: LayoutMode;
  readonly collapsed?: ReadonlySet<string>;
}

/** Horizontal spacing of neighbouring leaves (tidy) or arc length between leaves (radial). */
export const LEAF_SPACING = 14;
/** Distance between levels. */
export const LEVEL_GAP = 120;
const MIN_RADIUS = 160;

type Datum = NodeId | typeof FOREST_ROOT;

/** Tidy for small forests, radial once the leaves would make a very wide strip. */
export function defaultLayoutMode(tree: TreeOutline | null): LayoutMode {
  return (tree?.levels[0]?.length ?? 0) > 120 ? 'radial' : 'tidy';
}

/**
 * Whether two layouts place the same nodes at the same points: a new tree whose labels alone
 * changed (the worker writes a session's labels after its insert) keeps the user's view.
 */
export function sameShape(a: TreeLayout, b: TreeLayout): boolean {
  if (a === b) return true;
  if (a.mode !== b.mode || a.nodes.length !== b.nodes.length) return false;
  return a.nodes.every((n, i) => {
    const m = b.nodes[i];
    return (
      m !== undefined &&
      n.id === m.id &&
      n.x === m.x &&
      n.y === m.y &&
      n.parent === m.parent &&
      n.collapsed === m.collapsed &&
      n.childCount === m.childCount
    );
  });
}

export function layoutForest(tree: TreeOutline | null, options: LayoutOptions = {}): TreeLayout {
  const mode = options.mode ?? defaultLayoutMode(tree);
  const collapsed = options.collapsed ?? new Set<string>();
  const roots = tree ? (tree.levels[tree.levels.length - 1] ?? []) : [];
  const childrenOf = (d: Datum): readonly NodeId[] =>
    d === FOREST_ROOT ? roots : (tree?.nodes.get(d)?.children ?? []);
  const root = hierarchy<Datum>(FOREST_ROOT, (d) => (collapsed.has(d) ? [] : [...childrenOf(d)]));
  const leaves = root.leaves().length;
  const height = Math.max(1, root.height);
  let laid: HierarchyPointNode<Datum>;
  if (mode === 'radial') {
    const radius = Math.max(MIN_RADIUS, (leaves * LEAF_SPACING) / (2 * Math.PI), height * 60);
    laid = d3tree<Datum>()
      .size([2 * Math.PI, radius])
      .separation((a, b) => (a.parent === b.parent ? 1 : 2) / Math.max(1, a.depth))(root);
  } else {
    laid = d3tree<Datum>()
      .nodeSize([LEAF_SPACING, LEVEL_GAP])
      .separation((a, b) => (a.parent === b.parent ? 1 : 1.6))(root);
  }

  const nodes: LayoutNode[] = [];
  const index = new Map<string, number>();
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let shownFacts = 0;
  // descendants() is breadth first: every parent is pushed before its children.
  for (const p of laid.descendants()) {
    const id = p.data;
    const node = id === FOREST_ROOT ? undefined : tree?.nodes.get(id);
    const [x, y] =
      mode === 'radial'
        ? [p.y * Math.cos(p.x - Math.PI / 2), p.y * Math.sin(p.x - Math.PI / 2)]
        : [p.x, p.y];
    const childCount = childrenOf(id).length;
    const parent = p.parent ? (index.get(p.parent.data) ?? -1) : -1;
    index.set(id, nodes.length);
    nodes.push({
      id,
      level: node?.level ?? -1,
      depth: p.depth,
      x,
      y,
      parent,
      childCount,
      collapsed: childCount > 0 && collapsed.has(id),
    });
    if (node?.level === 0) shownFacts++;
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { mode, nodes, index, bounds: { minX, minY, maxX, maxY }, shownFacts };
}

/** The scale and offset that fit the layout's bounds into a width × height viewport. */
/** Screen room kept below a tidy tree when fitting it, for its facts' labels (drawn downward). */
export const TIDY_LABEL_ROOM = 200;

export function fitTransform(
  bounds: TreeLayout['bounds'],
  width: number,
  height: number,
  padding = 40,
  bottomRoom = 0,
): { k: number; x: number; y: number } {
  const w = Math.max(1, bounds.maxX - bounds.minX);
  const h = Math.max(1, bounds.maxY - bounds.minY);
  const k = Math.min(
    2,
    Math.max(0.02, Math.min((width - 2 * padding) / w, (height - 2 * padding - bottomRoom) / h)),
  );
  const cx = (bounds.minX + bounds.maxX) / 2;
  const cy = (bounds.minY + bounds.maxY) / 2;
  return { k, x: width / 2 - cx * k, y: (height - bottomRoom) / 2 - cy * k };
}

/** Index of the node nearest to (x, y) in layout coordinates, within `radius`; -1 when none. */
export function nearestNode(layout: TreeLayout, x: number, y: number, radius: number): number {
  let best = -1;
  let bestD = radius * radius;
  layout.nodes.forEach((n, i) => {
    const d = (n.x - x) ** 2 + (n.y - y) ** 2;
    if (d <= bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}
