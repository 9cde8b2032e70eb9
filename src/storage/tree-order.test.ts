import { describe, expect, it } from 'vitest';
import { summariserFor } from '../engine/pipeline.ts';
import { chunkedTree, HashEmbedder } from '../engine/testing/index.ts';
import { cloneableTree } from '../engine/tree/cloneable-tree.ts';
import { removeFacts } from '../engine/tree/edit.ts';
import { insertFacts } from '../engine/tree/insert.ts';
import { labelTree } from '../engine/tree/label-tree.ts';
import { asFactId, asSessionId, asTurnId, type MemoryTree } from '../engine/types.ts';
import { diffTrees } from './tree-codec.ts';
import {
  inKeyOrder,
  keepOrder,
  LazyTreeOrder,
  orderOf,
  orderOfCells,
  type OrderChange,
  type TreeOrder,
} from './tree-order.ts';

const keys = (before: Record<string, number> | undefined, ids: string[]) => {
  const into = new Map<string, number>();
  const changed = new Set<string>();
  keepOrder(before && new Map(Object.entries(before)), ids, into, changed);
  return { keys: Object.fromEntries(into), changed: [...changed] };
};

describe('position keys of a tree order', () => {
  it('numbers a fresh order 0, 1, 2 …', () => {
    expect(keys(undefined, ['a', 'b', 'c'])).toEqual({
      keys: { a: 0, b: 1, c: 2 },
      changed: ['a', 'b', 'c'],
    });
  });

  it('keeps every key when items are appended or removed: only the new ones change', () => {
    expect(keys({ a: 0, b: 1, c: 2 }, ['a', 'c', 'd', 'e'])).toEqual({
      keys: { a: 0, c: 2, d: 3, e: 4 },
      changed: ['d', 'e'],
    });
  });

  it('gives items that no longer sort after their predecessor new keys, in the new order', () => {
    const { keys: k, changed } = keys({ a: 0, b: 1, c: 2 }, ['c', 'a', 'x', 'b']);
    expect(changed).toEqual(['a', 'x', 'b']);
    const sorted = Object.entries(k)
      .sort((p, q) => p[1] - q[1])
      .map(([id]) => id);
    expect(sorted).toEqual(['c', 'a', 'x', 'b']);
  });
});

describe('an order worked out from cells when first used or prepared', () => {
  const cells = {
    nodes: Array.from({ length: 4500 }, (_, i) => ({ id: `n${i}`, seq: 2 * i, levelSeq: i % 7 })),
    facts: Array.from({ length: 2500 }, (_, i) => ({ id: `f${i}`, seq: i + 1 })),
  };

  it("is the cells' order, made when a key is first asked, not when its holder is copied", () => {
    const order = new LazyTreeOrder(cells);
    const live = { version: 1, order };
    const copy = { ...live, imaged: true };
    expect(copy.order).toBe(order);
    expect(order.node.get('n4499')).toBe(8998);
    expect(order.level.get('n10')).toBe(3);
    expect(order.fact.get('f0')).toBe(1);
    expect(order.node).toEqual(orderOfCells(cells).node);
  });

  it('prepared in slices gives the same maps, and is not made again when first used', async () => {
    const order = new LazyTreeOrder(cells);
    let pauses = 0;
    await order.prepare(async () => {
      pauses++;
    });
    expect(pauses).toBe(3); // 4,500 nodes, 2,500 facts, 2,000 entries a slice
    const made = order.node;
    expect(order.node).toBe(made);
    const eager = orderOfCells(cells);
    expect(order.node).toEqual(eager.node);
    expect(order.level).toEqual(eager.level);
    expect(order.fact).toEqual(eager.fact);
  });

  it('asked during a pause of its preparation, answers at once and the preparation stops', async () => {
    const order = new LazyTreeOrder(cells);
    let asked: number | undefined;
    let pauses = 0;
    await order.prepare(async () => {
      pauses++;
      asked ??= order.fact.get('f2499');
    });
    expect(asked).toBe(2500);
    expect(pauses).toBe(1);
    expect(order.level).toEqual(orderOfCells(cells).level);
  });
});

describe('items in the order of their keys', () => {
  const order = (keys: number[]) =>
    inKeyOrder(
      keys.map((key, i) => ({ key, i })),
      (x) => x.key,
    ).map((x) => x.i);

  it('places dense keys directly and sorts the rest in with them, ties in the order given', () => {
    expect(order([2, 0, 1])).toEqual([1, 2, 0]);
    expect(order([5, 1e9, 0, -3, 2.5, 5, 1])).toEqual([3, 2, 6, 4, 0, 5, 1]);
    expect(order([])).toEqual([]);
  });

  it('agrees with a stable sort on any keys', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let round = 0; round < 50; round++) {
      const keys = Array.from({ length: 40 }, () =>
        next() % 3 === 0 ? next() % 1000 : next() % 50,
      );
      const expected = keys
        .map((key, i) => ({ key, i }))
        .sort((a, b) => a.key - b.key || a.i - b.i)
        .map((x) => x.i);
      expect(order(keys)).toEqual(expected);
    }
  });
});

describe('the orders of a tree made from the last one', () => {
  /** The same orders from a walk of every item (no tree to share parts with). */
  const walkedWhole = (
    tree: MemoryTree,
    before: { tree: MemoryTree; order: TreeOrder },
    gone: Parameters<typeof orderOf>[2],
  ) =>
    orderOf(
      tree,
      { tree: { ...cloneableTree(before.tree), levels: [] }, order: before.order },
      gone,
    );
  const plain = ({ order, nodes, facts }: OrderChange) => ({
    node: [...order.node].sort(),
    level: [...order.level].sort(),
    fact: [...order.fact].sort(),
    nodes: [...nodes].sort(),
    facts: [...facts].sort(),
  });
  const options = {
    summariser: summariserFor(undefined),
    embedder: new HashEmbedder(),
    rebuild: () => Promise.reject(new Error('never rebuilt here')),
  };

  it('walks only what was added after the shared parts, to the keys a walk of everything gives', async () => {
    const embedder = new HashEmbedder();
    const fact = async (id: string, text: string) => ({
      id: asFactId(id),
      text,
      category: 'other' as const,
      sources: [{ sessionId: asSessionId('s'), turnIds: [asTurnId('t')] }],
      embedding: (await embedder.embed([text]))[0]!,
    });
    const words = ['garden', 'cello', 'Oslo', 'ramen', 'kiwi', 'pottery', 'Korean', 'marathon'];
    const base = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fact(`b${i}`, `${words[i % 8]} ${words[(i * 3) % 8]} ${i}`),
      ),
    );
    let tree = labelTree(chunkedTree(base));
    let order = orderOf(tree).order;
    for (let round = 0; round < 6; round++) {
      const next =
        round % 3 === 2
          ? (await removeFacts(tree, [[...tree.facts.keys()][round * 7]!], options)).tree
          : (
              await insertFacts(
                tree,
                await Promise.all(
                  Array.from({ length: 8 }, (_, i) =>
                    fact(`r${round}-${i}`, `${words[i]} new ${round}`),
                  ),
                ),
                options,
              )
            ).tree;
      const diff = diffTrees(tree, next);
      const gone = { nodes: diff.deleteNodes, facts: diff.deleteFacts };
      const fast = orderOf(next, { tree, order }, gone);
      expect(plain(fast)).toEqual(plain(walkedWhole(next, { tree, order }, gone)));
      // Kept keys stay: only new items (and none of the tree's first nodes) have new keys.
      expect(fast.nodes.size).toBeLessThan(next.nodes.size / 4);
      tree = next;
      order = fast.order;
    }
  });
});
