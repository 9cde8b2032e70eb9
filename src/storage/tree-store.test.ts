import { describe, expect, it, vi } from 'vitest';
import { HashEmbedder } from '../engine/testing/index.ts';
import { tinyTree } from '../engine/tree/tiny-tree.test-support.ts';
import type { MemoryTree } from '../engine/types.ts';
import { ConcurrentWriteError } from './errors.ts';
import { chunkedTree, freshDb, snapshot } from './fixtures.test-support.ts';
import {
  collectOrphanTrees,
  loadLiveTree,
  replaceTree,
  TREE_TABLES,
  writeTreeChange,
} from './tree-store.ts';
import { removeFacts } from '../engine/tree/edit.ts';
import { pageOf } from './tree-pages.ts';
import { pageIdsOf, type PageIds } from './page-ids.ts';
import { factPages, factToCell, nodePages, nodeToCell } from './tree-codec.ts';
import { insertFacts } from '../engine/tree/insert.ts';
import { orderOf } from './tree-order.ts';
import { keywordSummariser } from '../engine/tree/summarise.ts';
import { cloneableTree } from '../engine/tree/cloneable-tree.ts';

const embedder = new HashEmbedder({ dimension: 384 });

function expectSameTree(actual: MemoryTree, expected: MemoryTree) {
  expect([...actual.nodes.keys()]).toEqual([...expected.nodes.keys()]);
  // Layered maps (an insert's) and plain ones compare by their entries, in order.
  expect(cloneableTree(actual)).toEqual(cloneableTree(expected));
  for (const [id, node] of expected.nodes) {
    expect(actual.nodes.get(id)!.embedding).toBeInstanceOf(Float32Array);
    expect(Array.from(actual.nodes.get(id)!.embedding)).toEqual(Array.from(node.embedding));
  }
}

async function saveFresh(db: Awaited<ReturnType<typeof freshDb>>, tree: MemoryTree) {
  const before = await loadLiveTree(db, 'p');
  await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', before, tree));
}

describe('tree store', () => {
  it('round-trips a memory tree exactly, embeddings stored as float32 bytes', async () => {
    const db = await freshDb();
    const tree = await tinyTree(embedder);
    await saveFresh(db, tree);
    const live = await loadLiveTree(db, 'p');
    expect(live.version).toBe(1);
    expectSameTree(live.tree, tree);
    const row = (await db.treeNodePages.toCollection().first())?.nodes[0];
    expect(row?.embedding).toBeInstanceOf(ArrayBuffer);
    expect(row?.embedding.byteLength).toBe(384 * 4);
  });

  it('round-trips a larger chunked tree with three levels', async () => {
    const db = await freshDb();
    const facts = Array.from({ length: 120 }, (_, i) => ({
      id: `f${i}` as never,
      text: `fact number ${i} about topic ${i % 7}`,
      category: 'other' as const,
      sources: [
        { sessionId: `s${i % 10}` as never, turnIds: [`t${i}` as never], time: '2024-01-01' },
      ],
      embedding: embedder.embedOne(`fact number ${i} about topic ${i % 7}`),
    }));
    const tree = chunkedTree(facts);
    expect(tree.levels.length).toBe(3);
    await saveFresh(db, tree);
    const live = await loadLiveTree(db, 'p');
    expectSameTree(live.tree, tree);
    // Read from its pages, it knows which ids each page holds: what hashing every id would say.
    const asSets = (pages: PageIds) =>
      new Map([...pages].map(([page, ids]) => [page, new Set(ids)]));
    expect(live.pages).toBeDefined();
    expect(asSets(live.pages!.nodes)).toEqual(asSets(pageIdsOf(tree.nodes.keys())));
    expect(asSets(live.pages!.facts)).toEqual(asSets(pageIdsOf(tree.facts.keys())));
  });

  it('writes only changed rows and refuses a write based on a stale read', async () => {
    const db = await freshDb();
    const tree = await tinyTree(embedder);
    await saveFresh(db, tree);
    const live = await loadLiveTree(db, 'p');
    const { tree: smaller } = await removeFacts(live.tree, [...tree.facts.keys()].slice(0, 1), {
      embedder,
      summariser: keywordSummariser,
    });
    await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', live, smaller));
    expectSameTree((await loadLiveTree(db, 'p')).tree, smaller);
    const before = await snapshot(db);
    await expect(
      db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', live, tree)),
    ).rejects.toBeInstanceOf(ConcurrentWriteError);
    expect(await snapshot(db)).toEqual(before);
  });

  it('rewrites only the pages holding what changed, and drops a page left empty', async () => {
    const db = await freshDb();
    const facts = Array.from({ length: 300 }, (_, i) => ({
      id: `f${i}` as never,
      text: `fact number ${i} about topic ${i % 7}`,
      category: 'other' as const,
      sources: [{ sessionId: `s${i % 10}` as never, turnIds: [`t${i}` as never] }],
      embedding: embedder.embedOne(`fact number ${i} about topic ${i % 7}`),
    }));
    const tree = chunkedTree(facts);
    await saveFresh(db, tree);
    const pagesBefore = new Map((await db.treeNodePages.toArray()).map((p) => [p.page, p]));
    // Every node is in the page its id hashes to, and pages hold several nodes at this size.
    for (const [page, row] of pagesBefore) {
      for (const cell of row.nodes) expect(pageOf(cell.id)).toBe(page);
    }
    const live = await loadLiveTree(db, 'p');
    const edited = [...live.tree.nodes.values()].find((n) => n.level === 1)!;
    const nodes = new Map(live.tree.nodes);
    nodes.set(edited.id, { ...edited, text: 'A new summary.' });
    const changed: MemoryTree = { ...live.tree, nodes };
    const written = vi.spyOn(db.treeNodePages, 'bulkPut');
    await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', live, changed));
    const writtenPages = written.mock.calls.flatMap(([rows]) =>
      (rows as readonly { page: number }[]).map((r) => r.page),
    );
    expect(writtenPages).toEqual([pageOf(edited.id)]);
    written.mockRestore();

    const pagesAfter = new Map((await db.treeNodePages.toArray()).map((p) => [p.page, p]));
    expect([...pagesAfter.keys()].sort()).toEqual([...pagesBefore.keys()].sort());
    for (const [page, row] of pagesAfter) {
      if (page === pageOf(edited.id)) {
        expect(row.nodes.find((n) => n.id === edited.id)?.text).toBe('A new summary.');
      } else expect(row, `page ${page}`).toEqual(pagesBefore.get(page));
    }
    expectSameTree((await loadLiveTree(db, 'p')).tree, changed);

    // Removing every fact of one page deletes that page's record.
    const second = await loadLiveTree(db, 'p');
    const factPage = (await db.treeFactPages.toArray())[0]!;
    const { tree: smaller } = await removeFacts(
      second.tree,
      factPage.facts.map((f) => f.id as never),
      { embedder, summariser: keywordSummariser },
    );
    await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', second, smaller));
    expect(await db.treeFactPages.get(['p', 1, factPage.page])).toBeUndefined();
    expectSameTree((await loadLiveTree(db, 'p')).tree, smaller);
  });

  it('replaces a tree beside the old one and switches atomically', async () => {
    const db = await freshDb();
    const tree = await tinyTree(embedder);
    await saveFresh(db, tree);
    const live = await loadLiveTree(db, 'p');
    const rebuilt = chunkedTree(
      [...tree.facts.values()].map((f) => ({
        ...f,
        embedding: tree.nodes.get(`f:${f.id}` as never)!.embedding,
      })),
    );
    let seenBeforeSwitch: MemoryTree | undefined;
    const { version } = await replaceTree(db, 'p', live, rebuilt, {
      beforeSwitch: async () => {
        seenBeforeSwitch = (await loadLiveTree(db, 'p')).tree;
      },
    });
    expect(version).toBe(2);
    expectSameTree(seenBeforeSwitch!, tree); // readers saw the old tree until the switch
    expectSameTree((await loadLiveTree(db, 'p')).tree, rebuilt);
    expect(await db.treeMeta.where('profileId').equals('p').primaryKeys()).toEqual([['p', 2]]);
  });

  it('a rebuild that dies before the switch leaves the old tree live; the orphan is collected', async () => {
    const db = await freshDb();
    const tree = await tinyTree(embedder);
    await saveFresh(db, tree);
    const live = await loadLiveTree(db, 'p');
    const crash = new Error('tab closed');
    await expect(
      replaceTree(db, 'p', live, chunkedTree([]), { beforeSwitch: () => Promise.reject(crash) }),
    ).rejects.toBe(crash);
    expectSameTree((await loadLiveTree(db, 'p')).tree, tree);
    expect(await collectOrphanTrees(db, 'p')).toEqual([2]);
    expect(await db.treeMeta.count()).toBe(1);
    expectSameTree((await loadLiveTree(db, 'p')).tree, tree);
  });

  it('collects node rows of versions that never got a meta row, and only this profile’s', async () => {
    const db = await freshDb();
    const tree = await tinyTree(embedder);
    await saveFresh(db, tree);
    const page = (profileId: string, version: number, at: number) => ({
      profileId,
      version,
      page: at,
      nodes: [nodeToCell([...tree.nodes.values()][0]!, orderOf(tree).order)],
    });
    // A rebuild that died while writing its node pages (no meta yet), in two versions.
    await db.treeNodePages.bulkPut([page('p', 4, 1), page('p', 4, 2), page('p', 7, 3)]);
    await db.treeNodePages.put(page('q', 9, 4));
    expect(await collectOrphanTrees(db, 'p')).toEqual([4, 7]);
    expect(await db.treeNodePages.where('profileId').equals('q').count()).toBe(1);
    expectSameTree((await loadLiveTree(db, 'p')).tree, tree);
  });
});

describe('tree store with engine-built trees', () => {
  it('round-trips a tree built by the engine (buildMemory) exactly', async () => {
    const { readFile } = await import('node:fs/promises');
    const { parseGroveConversation } = await import('../engine/datasets/grove-format.ts');
    const { buildMemory } = await import('../engine/pipeline.ts');
    const path = new URL('../../examples/demo-conversation.json', import.meta.url);
    const conversation = parseGroveConversation(await readFile(path, 'utf8'), 'demo');
    const { tree } = await buildMemory(conversation.sessions, { embedder: new HashEmbedder() });
    expect(tree.facts.size).toBeGreaterThan(0);
    const db = await freshDb();
    await saveFresh(db, tree);
    expectSameTree((await loadLiveTree(db, 'p')).tree, tree);
  });

  it('keeps the orders in the pages: an insert writes a small meta row and only the pages it changed', async () => {
    const db = await freshDb();
    const tree = await tinyTree(embedder);
    await saveFresh(db, tree);
    const live = await loadLiveTree(db, 'p');
    // One more fact, appended to level 0 and the maps, under an existing leaf.
    const leaf = tree.levels[1]![0]!;
    const leafNode = tree.nodes.get(leaf)!;
    const fact = { ...[...tree.facts.values()][0]!, id: 'new-fact' as never, text: 'A new fact.' };
    const node = { ...tree.nodes.get(leafNode.children[0]!)!, id: 'f:new-fact' as never };
    const nodes = new Map(tree.nodes);
    nodes.set(leaf, { ...leafNode, children: [...leafNode.children, node.id] });
    nodes.set(node.id, { ...node, parent: leaf, factId: fact.id });
    const after: MemoryTree = {
      ...tree,
      nodes,
      levels: [[...tree.levels[0]!, node.id], ...tree.levels.slice(1)],
      facts: new Map([...tree.facts, [fact.id, fact]]),
    };
    const nodePuts = vi.spyOn(db.treeNodePages, 'bulkPut');
    const metaPuts = vi.spyOn(db.treeMeta, 'put');
    await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', live, after));
    const written = nodePuts.mock.calls.flatMap(([rows]) => rows.map((r) => r.page));
    expect(new Set(written)).toEqual(new Set([pageOf(leaf), pageOf(node.id)]));
    const meta = metaPuts.mock.calls[0]![0];
    expect(JSON.stringify(meta).length).toBeLessThan(400); // no id lists
    const loaded = await loadLiveTree(db, 'p');
    expectSameTree(loaded.tree, after);
    expect(loaded.tree.levels).toEqual(after.levels);
    expect([...loaded.tree.facts.keys()]).toEqual([...after.facts.keys()]);
  });

  it('writes through inserts and removals exactly the pages a whole rewrite would hold', async () => {
    const db = await freshDb();
    const fact = (id: string, text: string) => ({
      id: id as never,
      text,
      category: 'other' as const,
      sources: [{ sessionId: 's' as never, turnIds: ['t' as never] }],
      embedding: embedder.embedOne(text),
    });
    const words = ['garden', 'cello', 'Oslo', 'ramen', 'kiwi', 'pottery', 'Korean', 'marathon'];
    await saveFresh(
      db,
      chunkedTree(
        Array.from({ length: 400 }, (_, i) =>
          fact(`b${i}`, `${words[i % 8]!} ${words[(i * 3) % 8]!} ${i}`),
        ),
      ),
    );
    const options = {
      summariser: keywordSummariser,
      embedder,
      rebuild: () => Promise.reject(new Error('never rebuilt here')),
    };
    const rows = async () => ({
      nodes: (await db.treeNodePages.toArray()).sort((a, b) => a.page - b.page),
      facts: (await db.treeFactPages.toArray()).sort((a, b) => a.page - b.page),
    });
    let live = await loadLiveTree(db, 'p');
    for (let round = 0; round < 5; round++) {
      const after =
        round % 2 === 1
          ? (await removeFacts(live.tree, [[...live.tree.facts.keys()][round * 5]!], options)).tree
          : (
              await insertFacts(
                live.tree,
                Array.from({ length: 6 }, (_, i) =>
                  fact(`r${round}-${i}`, `${words[i]!} new ${round}`),
                ),
                options,
              )
            ).tree;
      live = await db.transaction('rw', TREE_TABLES(db), () =>
        writeTreeChange(db, 'p', live, after),
      );
      const written = await rows();
      // The pages of the same tree written whole, with the same position keys.
      const canonical = {
        nodes: nodePages(
          'p',
          1,
          [...after.nodes.values()].map((n) => nodeToCell(n, live.order!)),
        ),
        facts: factPages(
          'p',
          1,
          [...after.facts.values()].map((f) => factToCell(f, live.order!)),
        ),
      };
      expect(written.nodes).toEqual(canonical.nodes.sort((a, b) => a.page - b.page));
      expect(written.facts).toEqual(canonical.facts.sort((a, b) => a.page - b.page));
    }
    expectSameTree((await loadLiveTree(db, 'p')).tree, live.tree);
  });

  it('writes the pages of moved items when an order changes, and reads the new order back', async () => {
    const db = await freshDb();
    const tree = await tinyTree(embedder);
    await saveFresh(db, tree);
    const live = await loadLiveTree(db, 'p');
    const reversedFacts = new Map([...tree.facts].reverse());
    const level1 = [...tree.levels[1]!].reverse();
    const after: MemoryTree = {
      ...tree,
      facts: reversedFacts,
      levels: [tree.levels[0]!, level1, ...tree.levels.slice(2)],
    };
    await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', live, after));
    const loaded = await loadLiveTree(db, 'p');
    expect(loaded.tree.levels).toEqual(after.levels);
    expect([...loaded.tree.facts.keys()]).toEqual([...reversedFacts.keys()]);
  });
});
