import { describe, expect, it } from 'vitest';
import { HashEmbedder } from '../engine/testing/index.ts';
import { tinyTree } from '../engine/tree/tiny-tree.test-support.ts';
import { freshDb } from './fixtures.test-support.ts';
import { createProfile } from './profiles.ts';
import { loadLiveTree, TREE_TABLES, writeTreeChange } from './tree-store.ts';

/** A small tree written to a fresh store, and the tree read back from it. */
async function storedAndRead() {
  const db = await freshDb();
  await createProfile(db, { id: 'p', name: 'P' });
  const tree = await tinyTree(new HashEmbedder({ dimension: 64 }));
  const empty = await loadLiveTree(db, 'p');
  await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', empty, tree));
  return { db, tree, loaded: await loadLiveTree(db, 'p') };
}

describe('a tree read from the store', () => {
  it("holds every embedding in one block, each node's a view of its own values", async () => {
    const { tree, loaded } = await storedAndRead();
    const nodes = [...loaded.tree.nodes.values()];
    expect(nodes.length).toBeGreaterThan(3);
    const buffers = new Set(nodes.map((n) => n.embedding.buffer));
    expect(buffers.size).toBe(1);
    for (const node of nodes) {
      expect(node.embedding.length).toBe(64);
      expect([...node.embedding]).toEqual([...tree.nodes.get(node.id)!.embedding]);
    }
  });

  it('writes a node back with its own bytes only, not the block its view is in', async () => {
    const { db, tree, loaded } = await storedAndRead();
    // Written again whole (no position keys kept): every page is rewritten from the views.
    const { order: _kept, ...again } = loaded;
    const renamed = { ...loaded.tree, nextNodeSeq: loaded.tree.nextNodeSeq + 1 };
    await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', again, renamed));
    const pages = await db.treeNodePages.toArray();
    const cells = pages.flatMap((p) => p.nodes);
    expect(cells.length).toBe(tree.nodes.size);
    for (const cell of cells) {
      // What was stored, whole: a view stored as it is would carry the block with it.
      const stored = cell.embedding as ArrayBuffer | Float32Array;
      const whole = ArrayBuffer.isView(stored) ? stored.buffer : stored;
      expect(whole.byteLength).toBe(64 * 4);
    }
  });
});
