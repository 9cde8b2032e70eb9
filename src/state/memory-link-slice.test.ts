import { describe, expect, it } from 'vitest';
import type { NodeId } from '../engine/types.ts';
import { syntheticForest } from '../engine/testing/synthetic-forest.ts';
import { leafOfFact } from './memory-link-slice.ts';
import { createGroveStore } from './store.ts';

const tree = syntheticForest(20);
const leaf = tree.levels[0]?.[3] as NodeId;
const factId = tree.nodes.get(leaf)?.factId as string;
const summary = tree.nodes.get(leaf)?.parent as NodeId;

function storeWithTree() {
  const store = createGroveStore();
  store.getState().setMemory({ tree });
  return store;
}

describe('memory link slice', () => {
  it('starts with nothing selected, linked or requested', () => {
    expect(createGroveStore().getState()).toMatchObject({
      treeSelection: null,
      linkedFact: null,
      linkRequest: null,
    });
  });

  it('finds the leaf of a fact, and none for an unknown fact or no tree', () => {
    expect(leafOfFact(tree, factId)).toBe(leaf);
    expect(leafOfFact(tree, 'nope')).toBeNull();
    expect(leafOfFact(null, factId)).toBeNull();
  });

  it('links the fact of a selected leaf; a summary or no selection links none', () => {
    const store = storeWithTree();
    store.getState().selectTreeNode(leaf);
    expect(store.getState()).toMatchObject({ treeSelection: leaf, linkedFact: factId });
    store.getState().selectTreeNode(summary);
    expect(store.getState()).toMatchObject({ treeSelection: summary, linkedFact: null });
    store.getState().selectTreeNode(null);
    expect(store.getState()).toMatchObject({ treeSelection: null, linkedFact: null });
    expect(store.getState().linkRequest).toBeNull();
  });

  it('opens a fact in the inspector: Memory view, linked, a request for the inspector', () => {
    const store = storeWithTree();
    store.getState().selectTreeNode(summary);
    store.getState().openFactInInspector(factId);
    expect(store.getState()).toMatchObject({
      view: 'memory',
      treeSelection: summary, // the tree keeps its selection: the panel lists the facts
      linkedFact: factId,
      linkRequest: { target: 'inspector', id: factId, seq: 1 },
    });
  });

  it('shows a fact in the tree: selects its leaf and asks the tree to reveal it', () => {
    const store = storeWithTree();
    expect(store.getState().showFactInTree(factId)).toBe(true);
    expect(store.getState()).toMatchObject({
      view: 'memory',
      treeSelection: leaf,
      linkedFact: factId,
      linkRequest: { target: 'tree', id: leaf, seq: 1 },
    });
  });

  it('refuses a fact the tree does not hold, changing nothing', () => {
    const store = createGroveStore();
    expect(store.getState().showFactInTree(factId)).toBe(false);
    store.getState().setMemory({ tree });
    expect(store.getState().showFactInTree('gone')).toBe(false);
    expect(store.getState()).toMatchObject({
      view: 'chat',
      treeSelection: null,
      linkRequest: null,
    });
  });

  it('drops a finished request, but never a newer one', () => {
    const store = storeWithTree();
    store.getState().openFactInInspector(factId);
    store.getState().showFactInTree(factId);
    store.getState().finishLinkRequest(1); // the inspector's, already replaced
    expect(store.getState().linkRequest).toMatchObject({ target: 'tree', seq: 2 });
    store.getState().finishLinkRequest(2);
    expect(store.getState().linkRequest).toBeNull();
    store.getState().openFactInInspector(factId);
    expect(store.getState().linkRequest?.seq).toBe(3);
  });
});
