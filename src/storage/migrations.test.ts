import { describe, expect, it } from 'vitest';
import { asFactId, asNodeId } from '../engine/types.ts';
import { ChatHistoryStore } from './chat-history.ts';
import { GroveDb } from './db.ts';
import { fakeIdb } from './fixtures.test-support.ts';
import { MemoryStore } from './memory-store.ts';
import { wipeProfile } from './profiles.ts';
import { pageOf } from './tree-pages.ts';
import { factPages } from './tree-codec.ts';
import { legacyDb, seeders } from './legacy-databases.test-support.ts';
import { CURRENT_SCHEMA_VERSION, SCHEMA_HISTORY } from './schema.ts';
import { asProfileId } from '../engine/types.ts';

describe('schema migrations', () => {
  it('keeps an explicit seeder for every earlier version', () => {
    const earlier = SCHEMA_HISTORY.map((s) => s.version).filter((v) => v < CURRENT_SCHEMA_VERSION);
    expect(earlier.length).toBeGreaterThan(0);
    for (const v of earlier) expect(seeders[v], `seeder for version ${v}`).toBeDefined();
  });

  for (const { version } of SCHEMA_HISTORY.filter((s) => s.version < CURRENT_SCHEMA_VERSION)) {
    it(`migrates a database created at version ${version} to the current schema`, async () => {
      const idb = fakeIdb();
      const old = legacyDb('grove-legacy', idb, version);
      await old.open();
      expect(old.verno).toBe(version);
      await seeders[version]!(old);
      old.close();

      const db = new GroveDb('grove-legacy', idb);
      await db.open();
      expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
      expect(db.tables.map((t) => t.name)).not.toContain('trees');

      const alice = new MemoryStore(db, asProfileId('alice'));
      const session = await alice.session('s1');
      expect(session?.turns.map((t) => t.text)).toEqual(['I live in Oslo.', 'I run.']);
      expect(session?.time).toBe('2024-01-01T00:00:00Z');
      expect((await alice.conversations()).map((c) => c.id)).toEqual(['default']);

      const { tree, version: treeVersion } = await alice.liveTree();
      expect(treeVersion).toBe(1);
      expect(tree.levels).toEqual([[asNodeId('f:a'), asNodeId('f:b')], [asNodeId('s1:0')]]);
      expect(Array.from(tree.nodes.get(asNodeId('s1:0'))!.embedding)).toEqual([
        Math.fround(0.6),
        Math.fround(0.8),
        0,
      ]);
      expect(tree.facts.get(asFactId('a'))?.sources[0]?.turnIds).toEqual(['t1']);
      const pages = await db.treeNodePages.toArray();
      expect(pages.flatMap((p) => p.nodes.map((n) => n.id)).sort()).toEqual(['f:a', 'f:b', 's1:0']);
      expect(pages[0]?.nodes[0]?.embedding).toBeInstanceOf(ArrayBuffer);
      const facts = await alice.listFacts();
      expect(facts.map((f) => f.sources[0]?.turns[0]?.text)).toEqual(['I live in Oslo.', 'I run.']);

      const bob = new MemoryStore(db, asProfileId('bob'));
      expect((await bob.session('s1'))?.turns[0]?.text).toBe('Bob here.');
      expect((await bob.liveTree()).version).toBe(0);
      expect(await db.settings.toArray()).toEqual([
        { profileId: 'alice', key: 'memoryPaused', value: true },
      ]);
      db.close();
    });
  }

  it('adds the chat history tables at version 3 and leaves every other row as it was', async () => {
    const idb = fakeIdb();
    const old = legacyDb('grove-v2', idb, 2);
    await old.open();
    await seeders[2]!(old);
    const before = Object.fromEntries(
      await Promise.all(old.tables.map(async (t) => [t.name, await t.toArray()] as const)),
    );
    old.close();

    const db = new GroveDb('grove-v2', idb);
    await db.open();
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
    // Tree rows and turns are regrouped at version 4 and the tree's orders move from its meta row
    // into its pages at version 6 (both tested below); every other row stays as it was.
    const paged = new Set(['treeNodes', 'treeFacts', 'turns', 'treeMeta']);
    for (const [name, rows] of Object.entries(before)) {
      if (!paged.has(name)) expect(await db.table(name).toArray(), name).toEqual(rows);
    }
    expect(await db.chats.count()).toBe(0);
    expect(await db.transcripts.count()).toBe(0);
    const history = new ChatHistoryStore(db);
    await history.save('alice', {
      id: 'c1',
      title: 'Hello',
      messageCount: 1,
      memoryEnabled: true,
      sessionId: 's2',
      lastActivityAt: 5,
      messages: [{ id: 'm1' }],
      touchedAt: 5,
    });
    expect((await history.list('alice')).map((c) => c.title)).toEqual(['Hello']);
    // The new tables belong to the profile: wiping it removes its history too.
    await wipeProfile(db, 'alice');
    expect(await db.chats.count()).toBe(0);
    expect(await db.transcripts.count()).toBe(0);
    db.close();
  });

  it('moves tree nodes and facts into pages at version 4, each in the page its id hashes to', async () => {
    const idb = fakeIdb();
    const old = legacyDb('grove-v3', idb, 3);
    await old.open();
    await seeders[3]!(old);
    const nodeRows = await old.table('treeNodes').toArray();
    const factRows = await old.table('treeFacts').toArray();
    old.close();

    const db = new GroveDb('grove-v3', idb);
    await db.open();
    expect(db.tables.map((t) => t.name)).not.toContain('treeNodes');
    expect(db.tables.map((t) => t.name)).not.toContain('treeFacts');
    const nodePages = await db.treeNodePages.toArray();
    const factPages = await db.treeFactPages.toArray();
    for (const page of nodePages) {
      for (const cell of page.nodes) expect(pageOf(cell.id)).toBe(page.page);
    }
    for (const page of factPages) {
      for (const cell of page.facts) expect(pageOf(cell.id)).toBe(page.page);
    }
    type Row = { profileId: string; version: number; id: string };
    const strip = ({ profileId: _p, version: _v, ...cell }: Row) => cell;
    // Version 6's order keys (tested below) aside, each cell is its row.
    const unkeyed = <C extends { id: string; seq: number; levelSeq?: number }>({
      seq: _s,
      levelSeq: _l,
      ...cell
    }: C) => cell;
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    expect(
      nodePages
        .flatMap((p) => p.nodes)
        .map(unkeyed)
        .sort(byId),
    ).toEqual((nodeRows as Row[]).map(strip).sort(byId));
    expect(
      factPages
        .flatMap((p) => p.facts)
        .map(unkeyed)
        .sort(byId),
    ).toEqual((factRows as Row[]).map(strip).sort(byId));
    // A session's turns become one record, in their order.
    const alice = new MemoryStore(db, asProfileId('alice'));
    expect((await alice.session('s1'))?.turns.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(await db.sessionTurns.where('profileId').equals('alice').toArray()).toEqual([
      {
        profileId: 'alice',
        sessionId: 's1',
        turns: [
          { id: 't1', speaker: 'user', text: 'I live in Oslo.' },
          { id: 't2', speaker: 'user', text: 'I run.' },
        ],
      },
    ]);
    expect(db.tables.map((t) => t.name)).not.toContain('turns');
    db.close();
  });

  it('dates every fact from its earliest session at version 5, replacing none', async () => {
    const idb = fakeIdb();
    const old = legacyDb('grove-v4', idb, 4);
    await old.open();
    await seeders[4]!(old);
    const dated = [
      { sessionId: 's2', turnIds: ['t9'], time: '2024-03-05T10:00:00Z' },
      { sessionId: 's1', turnIds: ['t1'], time: '2023-11-20T08:00:00Z' },
    ];
    await old.table('treeFactPages').bulkPut(
      factPages('alice', 1, [
        { id: 'a', text: 'I live in Oslo.', category: 'circumstance', sources: dated },
        {
          id: 'b',
          text: 'I run.',
          category: 'preference',
          sources: [{ sessionId: 's1', turnIds: ['t2'] }],
        },
      ]),
    );
    old.close();

    const db = new GroveDb('grove-v4', idb);
    await db.open();
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
    const { tree } = await new MemoryStore(db, asProfileId('alice')).liveTree();
    const a = tree.facts.get(asFactId('a'));
    expect(a?.validFrom).toBe('2023-11-20');
    expect(a?.validTo).toBeUndefined();
    expect(a?.supersededBy).toBeUndefined();
    // A fact whose sessions carry no date keeps none, rather than inventing one.
    expect(tree.facts.get(asFactId('b'))?.validFrom).toBeUndefined();
    expect(tree.facts.get(asFactId('b'))?.text).toBe('I run.');
    db.close();
  });

  it('moves the tree orders from the meta row into the pages at version 6, as they were', async () => {
    const idb = fakeIdb();
    const old = legacyDb('grove-v5', idb, 5);
    await old.open();
    await seeders[5]!(old);
    // Orders that are not the pages' own: every one must come back as the meta row listed it.
    await old.table('treeMeta').put({
      ...(await old.table('treeMeta').get(['alice', 1])),
      levels: [['f:b', 'f:a'], ['s1:0']],
      nodeOrder: ['s1:0', 'f:b', 'f:a'],
      factOrder: ['b', 'a'],
    });
    old.close();

    const db = new GroveDb('grove-v5', idb);
    await db.open();
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
    const meta = await db.treeMeta.get(['alice', 1]);
    expect(meta).not.toHaveProperty('nodeOrder');
    expect(meta).not.toHaveProperty('factOrder');
    expect(meta).not.toHaveProperty('levels');
    expect(meta?.height).toBe(2);
    const { tree } = await new MemoryStore(db, asProfileId('alice')).liveTree();
    expect([...tree.nodes.keys()]).toEqual(['s1:0', 'f:b', 'f:a']);
    expect(tree.levels).toEqual([['f:b', 'f:a'], ['s1:0']]);
    expect([...tree.facts.keys()]).toEqual(['b', 'a']);
    db.close();
  });
});
