/**
 * The link between the memory tree view and the memory inspector: the tree's selected node, the
 * fact both views point at, and a pending "take me there" request. Both views read it here, so
 * "Open in inspector" (tree → inspector) and "Show in tree" (inspector → tree) stay in step.
 */
import { factNodeId } from '../engine/tree/draft.ts';
import { asFactId, type TreeOutline, type NodeId } from '../engine/types.ts';
import type { SliceCreator } from './store-types.ts';

export type LinkTarget = 'tree' | 'inspector';

/** A move a view still has to make: bring the item into view and focus it, then finish it. */
export interface LinkRequest {
  readonly target: LinkTarget;
  /** The tree node to reveal ('tree') or the fact to scroll to ('inspector'). */
  readonly id: string;
  /** Tells one request from the next, even for the same item. */
  readonly seq: number;
}

export interface MemoryLinkSlice {
  /** The memory tree's selected node: its side panel is open. */
  readonly treeSelection: NodeId | null;
  /** The fact the inspector highlights: the selected leaf's, or the one last opened or shown. */
  readonly linkedFact: string | null;
  readonly linkRequest: LinkRequest | null;
  readonly linkSeq: number;
  /** Selects a node in the tree; a fact leaf becomes the linked fact. */
  selectTreeNode(id: NodeId | null): void;
  /** Opens the Memory view and asks the inspector to scroll to the fact and focus it. */
  openFactInInspector(factId: string): void;
  /** Opens the Memory view and asks the tree to reveal the fact's leaf; false when it has none. */
  showFactInTree(factId: string): boolean;
  /** The view made the move: the request is dropped (a later one is kept). */
  finishLinkRequest(seq: number): void;
}

/** The tree node standing for a fact, or null when the tree does not hold it. */
export function leafOfFact(tree: TreeOutline | null, factId: string): NodeId | null {
  if (!tree) return null;
  const id = factNodeId(asFactId(factId));
  if (tree.nodes.get(id)?.factId === factId) return id;
  for (const leaf of tree.levels[0] ?? []) if (tree.nodes.get(leaf)?.factId === factId) return leaf;
  return null;
}

export const createMemoryLinkSlice: SliceCreator<MemoryLinkSlice> = (set, get) => ({
  treeSelection: null,
  linkedFact: null,
  linkRequest: null,
  linkSeq: 0,
  selectTreeNode: (id) =>
    set((s) => ({
      treeSelection: id,
      linkedFact: (id && s.tree?.nodes.get(id)?.factId) ?? null,
    })),
  openFactInInspector: (factId) =>
    set((s) => ({
      view: 'memory',
      linkedFact: factId,
      linkSeq: s.linkSeq + 1,
      linkRequest: { target: 'inspector', id: factId, seq: s.linkSeq + 1 },
    })),
  showFactInTree: (factId) => {
    const leaf = leafOfFact(get().tree, factId);
    if (!leaf) return false;
    set((s) => ({
      view: 'memory',
      treeSelection: leaf,
      linkedFact: factId,
      linkSeq: s.linkSeq + 1,
      linkRequest: { target: 'tree', id: leaf, seq: s.linkSeq + 1 },
    }));
    return true;
  },
  finishLinkRequest: (seq) => set((s) => (s.linkRequest?.seq === seq ? { linkRequest: null } : {})),
});
