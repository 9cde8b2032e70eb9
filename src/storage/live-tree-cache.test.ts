import { describe, expect, it, vi } from 'vitest';
import { HashEmbedder } from '../engine/testing/index.ts';
import { tinyTree } from '../engine/tree/tiny-tree.test-support.ts';
import { removeFacts } from '../engine/tree/edit.ts';
import { keywordSummariser } from '../engine/tree/summarise.ts';
import {
  asProfileId,
  asSessionId,
  asTurnId,
  type FactId,
  type MemoryTree,
} from '../engine/types.ts';
import type { GroveDb } from './db.ts';
import { freshDb } from './fixtures.test-support.ts';
import { MemoryStore } from './memory-store.ts';
import { createProfile, wipeProfile } from './profiles.ts';
import {
  LiveTreeCache,
  loadLiveTree,
  replaceTree,
  TREE_TABLES,
  writeTreeChange,
} from './tree-store.ts';

const embedder = new HashEmbedder({ dimension: 64 });

/** `tree` without fact `id` (keyword summaries, no model). */
async function without(tree: MemoryTree, id: FactId): Promise<MemoryTree> {
  return (await removeFacts(tree, [id], { summariser: keywordSummariser, embedder })).tree;
}

/** A cache's first read of the tree, and that tree without its first fact. */
async function cachedAndEdited(db: GroveDb) {
  const cache = new LiveTreeCache(db, 'p');
  const first = await cache.load();
  const gone = [...first.tree.facts.keys()][0] as FactId;
  return { cache, first, gone, edited: await without(first.tree, gone) };
}

async function setup() {
  const db = await freshDb();
  await createProfile(db, { id: 'p', name: 'P' });
  const tree = await tinyTree(embedder);
  const empty = await loadLiveTree(db, 'p');
  await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', empty, tree));
  return { db, tree };
}

describe('LiveTreeCache', () => {
  it('hands back the same tree object while the live tree is unchanged', async () => {
    const { db, tree } = await setup();
    const cache = new LiveTreeCache(db, 'p');
    const first = await cache.load();
    expect([...first.tree.facts.keys()]).toEqual([...tree.facts.keys()]);
    expect((await cache.load()).tree).toBe(first.tree);
  });

  it('checks a kept tree by the head row alone, and by its meta row where the head has no fingerprint', async () => {
    const { db, tree } = await setup();
    const cache = new LiveTreeCache(db, 'p');
    const first = await cache.load();
    const metaReads = vi.spyOn(db.treeMeta, 'get');
    expect((await cache.load()).tree).toBe(first.tree);
    expect(metaReads).not.toHaveBeenCalled();

    // A head written before fingerprints existed: the meta row decides, as before.
    await db.treeHeads.put({ profileId: 'p', version: first.version });
    const legacy = new LiveTreeCache(db, 'p');
    const loaded = await legacy.load();
    expect(loaded.stamp).toBeUndefined();
    expect([...loaded.tree.facts.keys()]).toEqual([...tree.facts.keys()]);
    metaReads.mockClear();
    expect((await legacy.load()).tree).toBe(loaded.tree);
    expect(metaReads).toHaveBeenCalled();
    metaReads.mockRestore();
  });

  it('loads once for reads made at the same time', async () => {
    const { db } = await setup();
    const cache = new LiveTreeCache(db, 'p');
    const [a, b] = await Promise.all([cache.load(), cache.load()]);
    expect(b.tree).toBe(a.tree);
  });

  it('reads again after a write, a rebuild and a wipe', async () => {
    const { db } = await setup();
    const { cache, first, gone, edited } = await cachedAndEdited(db);
    await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', first, edited));
    const second = await cache.load();
    expect(second.tree).not.toBe(first.tree);
    expect(second.tree.facts.has(gone)).toBe(false);
    expect(second.revision).toBe(first.revision + 1);

    await replaceTree(db, 'p', second, first.tree);
    const third = await cache.load();
    expect(third.version).toBe(second.version + 1);
    expect(third.tree.facts.has(gone)).toBe(true);

    await wipeProfile(db, 'p');
    expect((await cache.load()).tree.facts.size).toBe(0);
  });

  it('keeps the tree a write committed, and still loads one another writer replaced it with', async () => {
    const { db } = await setup();
    const { cache, first, edited } = await cachedAndEdited(db);
    const written = await db.transaction('rw', TREE_TABLES(db), () =>
      writeTreeChange(db, 'p', first, edited),
    );
    cache.keep(written);
    const second = await cache.load();
    expect(second.tree).toBe(edited); // not read back from the database
    expect(second.revision).toBe(first.revision + 1);

    // Another tab writes: the kept tree is stale, so the next read loads the new one.
    const elsewhere = await loadLiveTree(db, 'p');
    const smaller = await without(elsewhere.tree, [...edited.facts.keys()][0]!);
    await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', elsewhere, smaller));
    const third = await cache.load();
    expect(third.tree).not.toBe(edited);
    expect(third.tree.facts.size).toBe(edited.facts.size - 1);
  });

  it('makes a read asked for during a write wait for it, and hands back the tree it kept (no reload)', async () => {
    const { db } = await setup();
    const { cache, first, edited } = await cachedAndEdited(db);
    const pageReads = vi.spyOn(db.treeNodePages, 'where');
    let commit = () => {};
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const write = cache.writing(async () => {
      const written = await db.transaction('rw', TREE_TABLES(db), () =>
        writeTreeChange(db, 'p', first, edited),
      );
      await committed; // the commit is done; the keep has not happened yet
      cache.keep(written);
      return written;
    });
    const during = cache.load();
    commit();
    await write;
    expect((await during).tree).toBe(edited);
    expect(pageReads).not.toHaveBeenCalled();
    pageReads.mockRestore();
  });

  it('lets reads go on after a write that failed', async () => {
    const { db } = await setup();
    const cache = new LiveTreeCache(db, 'p');
    const first = await cache.load();
    await expect(cache.writing(() => Promise.reject(new Error('disk full')))).rejects.toThrow(
      'disk full',
    );
    expect((await cache.load()).tree).toBe(first.tree);
  });

  it('tells a re-created profile whose tree has the same version and revision', async () => {
    const { db } = await setup();
    const cache = new LiveTreeCache(db, 'p');
    const first = await cache.load();
    await wipeProfile(db, 'p');
    await createProfile(db, { id: 'p', name: 'P' });
    const replacement = await tinyTree(embedder);
    const fact = [...replacement.facts.values()][0]!;
    const renamed = await without(replacement, fact.id);
    const empty = await loadLiveTree(db, 'p');
    await db.transaction('rw', TREE_TABLES(db), () => writeTreeChange(db, 'p', empty, renamed));
    const again = await cache.load();
    expect(again.version).toBe(first.version);
    expect(again.revision).toBe(first.revision);
    expect(again.tree).not.toBe(first.tree);
    expect(again.tree.facts.size).toBe(first.tree.facts.size - 1);
  });
});

describe('MemoryStore reads', () => {
  it('keeps the session texts while the live tree is the same, reads them after a tree write', async () => {
    const { db } = await setup();
    const store = new MemoryStore(db, asProfileId('p'));
    const texts = await store.sessionTexts();
    expect(await store.sessionTexts()).toBe(texts);
    // An ingestion writes the session, its turns and the tree change in one transaction.
    const live = await store.liveTree();
    const gone = [...live.tree.facts.keys()][0] as FactId;
    const tree = await without(live.tree, gone);
    await db.transaction('rw', [db.sessions, db.sessionTurns, ...TREE_TABLES(db)], async () => {
      await db.sessions.put({ profileId: 'p', id: 's9', conversationId: 'default', turnCount: 1 });
      await db.sessionTurns.put({
        profileId: 'p',
        sessionId: 's9',
        turns: [{ id: 's9:t0', speaker: 'user', text: 'New words' }],
      });
      await writeTreeChange(db, 'p', live, tree);
    });
    const after = await store.sessionTexts();
    expect(after).not.toBe(texts);
    expect(await store.sessionTexts()).toBe(after);
  });

  it('after an ingestion, carries the transcripts over with the new session instead of reading them again', async () => {
    const { db } = await setup();
    const store = new MemoryStore(db, asProfileId('p'));
    await db.sessionTurns.put({
      profileId: 'p',
      sessionId: 's1',
      turns: [{ id: 's1:t0', speaker: 'user', text: 'Old words' }],
    });
    const live = await store.liveTree();
    const texts = await store.sessionTexts();
    expect([...texts.keys()]).toEqual(['s1']);
    const gone = [...live.tree.facts.keys()][0] as FactId;
    const tree = await without(live.tree, gone);
    const written = await db.transaction('rw', TREE_TABLES(db), () =>
      writeTreeChange(db, 'p', live, tree),
    );
    const session = {
      id: asSessionId('s9'),
      turns: [{ id: asTurnId('s9:t0'), speaker: 'user' as const, text: 'New words' }],
    };
    // Were the turns read again, s1 would be gone: its rows are deleted behind the store's back.
    await db.sessionTurns.clear();
    store.keepLiveTree(written, { from: live.tree, sessions: [session] });
    const after = await store.sessionTexts();
    expect([...after.keys()]).toEqual(['s1', 's9']);
    expect(after.get(asSessionId('s9'))).toContain('New words');
    expect(after.get(asSessionId('s1'))).toBe(texts.get(asSessionId('s1')));
    expect((await store.liveTree()).tree).toBe(tree);
  });
});
