/**
 * Databases as earlier builds of Grove left them, for the migration tests: each shipped schema
 * version opened as that build declared it, and seeders that fill one with the same data in
 * that version's layout.
 */
import { Dexie } from 'dexie';
import type { fakeIdb } from './fixtures.test-support.ts';
import { factPages, nodePages } from './tree-codec.ts';
import type { V1Fact, V1Session, V1Tree } from './migrate-v1.ts';
import { SCHEMA_HISTORY, type SchemaVersion } from './schema.ts';

/** Opens a database exactly as a build shipped with `version` would have created it. */
export function legacyDb(name: string, idb: ReturnType<typeof fakeIdb>, upTo: number): Dexie {
  const db = new Dexie(name, idb);
  for (const v of SCHEMA_HISTORY.filter((s: SchemaVersion) => s.version <= upTo)) {
    const declared = db.version(v.version).stores(v.stores as Record<string, string | null>);
    if (v.upgrade) declared.upgrade(v.upgrade);
  }
  return db;
}

const v1Tree: V1Tree = {
  profileId: 'alice',
  nodes: [
    {
      id: 'f:a',
      level: 0,
      text: 'I live in Oslo.',
      embedding: [1, 0, 0],
      parent: 's1:0',
      children: [],
      factId: 'a',
    },
    {
      id: 'f:b',
      level: 0,
      text: 'I run.',
      embedding: [0, 1, 0],
      parent: 's1:0',
      children: [],
      factId: 'b',
    },
    {
      id: 's1:0',
      level: 1,
      text: 'Oslo and running.',
      embedding: [0.6, 0.8, 0],
      parent: null,
      children: ['f:a', 'f:b'],
    },
  ],
  levels: [['f:a', 'f:b'], ['s1:0']],
  build: { seed: 42, factCount: 2, leafCohesion: 0.7, leafCohesionStd: 0.1 },
  insertedSinceBuild: 0,
  nextNodeSeq: 1,
};
const v1Facts: V1Fact[] = [
  {
    profileId: 'alice',
    id: 'a',
    text: 'I live in Oslo.',
    category: 'circumstance',
    sources: [{ sessionId: 's1' as never, turnIds: ['t1' as never] }],
    embedding: [1, 0, 0],
  },
  {
    profileId: 'alice',
    id: 'b',
    text: 'I run.',
    category: 'preference',
    sources: [{ sessionId: 's1' as never, turnIds: ['t2' as never] }],
    embedding: [0, 1, 0],
  },
];
const v1Sessions: V1Session[] = [
  {
    profileId: 'alice',
    id: 's1',
    time: '2024-01-01T00:00:00Z',
    turns: [
      { id: 't1', speaker: 'user', text: 'I live in Oslo.' },
      { id: 't2', speaker: 'user', text: 'I run.' },
    ],
  },
  { profileId: 'bob', id: 's1', turns: [{ id: 't1', speaker: 'user', text: 'Bob here.' }] },
];

/** The v1 tree's head and meta row (orders as id lists), as versions 2 to 5 kept them. */
async function addV1Head(db: Dexie): Promise<void> {
  const base = { profileId: 'alice', version: 1 };
  await db.table('treeHeads').add(base);
  await db.table('treeMeta').add({
    ...base,
    dimension: 3,
    levels: v1Tree.levels,
    nodeOrder: v1Tree.nodes.map((n) => n.id),
    factOrder: v1Facts.map((f) => f.id),
    build: v1Tree.build,
    insertedSinceBuild: 0,
    nextNodeSeq: 1,
    revision: 0,
  });
}

/** Seeds a database at each earlier version with data in that version's layout. */
export const seeders: Record<number, (db: Dexie) => Promise<void>> = {
  1: async (db) => {
    await db.table('profiles').bulkAdd([
      { id: 'alice', name: 'Alice', createdAt: '2024-01-01T00:00:00Z' },
      { id: 'bob', name: 'Bob', createdAt: '2024-01-02T00:00:00Z' },
    ]);
    await db.table('sessions').bulkAdd(v1Sessions);
    await db.table('facts').bulkAdd(v1Facts);
    await db.table('trees').add(v1Tree);
    await db.table('settings').add({ profileId: 'alice', key: 'memoryPaused', value: true });
  },
  // The same data in version 2's layout: turns, conversations and a versioned tree.
  2: async (db) => {
    await db.table('profiles').bulkAdd([
      { id: 'alice', name: 'Alice', createdAt: '2024-01-01T00:00:00Z' },
      { id: 'bob', name: 'Bob', createdAt: '2024-01-02T00:00:00Z' },
    ]);
    await db.table('settings').add({ profileId: 'alice', key: 'memoryPaused', value: true });
    await db
      .table('conversations')
      .bulkAdd(
        ['alice', 'bob'].map((profileId) => ({ profileId, id: 'default', title: 'Earlier' })),
      );
    await db.table('sessions').bulkAdd(
      v1Sessions.map((s) => ({
        profileId: s.profileId,
        id: s.id,
        conversationId: 'default',
        ...(s.time === undefined ? {} : { time: s.time }),
        turnCount: s.turns.length,
      })),
    );
    await db
      .table('turns')
      .bulkAdd(
        v1Sessions.flatMap((s) =>
          s.turns.map((t, seq) => ({ profileId: s.profileId, sessionId: s.id, seq, ...t })),
        ),
      );
    const base = { profileId: 'alice', version: 1 };
    await addV1Head(db);
    await db.table('treeNodes').bulkAdd(
      v1Tree.nodes.map((n) => ({
        ...base,
        ...n,
        embedding: new Float32Array(n.embedding).buffer,
      })),
    );
    await db
      .table('treeFacts')
      .bulkAdd(v1Facts.map(({ embedding: _e, profileId: _p, ...f }) => ({ ...base, ...f })));
    await db.table('topicTrees').add({ profileId: 'alice', id: 'old', data: { kept: true } });
  },
};

// Version 3 added only the chat history tables: a version-3 database holds version 2's rows.
seeders[3] = seeders[2]!;

/** The same data in version 4's layout: trees and turns in pages, facts without a lifetime. */
seeders[4] = async (db) => {
  await db.table('profiles').bulkAdd([
    { id: 'alice', name: 'Alice', createdAt: '2024-01-01T00:00:00Z' },
    { id: 'bob', name: 'Bob', createdAt: '2024-01-02T00:00:00Z' },
  ]);
  await db.table('settings').add({ profileId: 'alice', key: 'memoryPaused', value: true });
  await db
    .table('conversations')
    .bulkAdd(['alice', 'bob'].map((profileId) => ({ profileId, id: 'default', title: 'Earlier' })));
  await db.table('sessions').bulkAdd(
    v1Sessions.map((s) => ({
      profileId: s.profileId,
      id: s.id,
      conversationId: 'default',
      ...(s.time === undefined ? {} : { time: s.time }),
      turnCount: s.turns.length,
    })),
  );
  await db
    .table('sessionTurns')
    .bulkAdd(v1Sessions.map((s) => ({ profileId: s.profileId, sessionId: s.id, turns: s.turns })));
  await addV1Head(db);
  await db.table('treeNodePages').bulkAdd(
    nodePages(
      'alice',
      1,
      v1Tree.nodes.map((n) => ({ ...n, embedding: new Float32Array(n.embedding).buffer })),
    ),
  );
  await db.table('treeFactPages').bulkAdd(
    factPages(
      'alice',
      1,
      v1Facts.map(({ embedding: _e, profileId: _p, ...f }) => f),
    ),
  );
};

/** Version 5's layout is version 4's (facts may carry a lifetime); the orders are in the meta row. */
seeders[5] = seeders[4];

/** Version 6: the orders are position keys on the page cells, the meta row keeps the height. */
seeders[6] = async (db) => {
  await seeders[4]!(db);
  const meta = (await db.table('treeMeta').get(['alice', 1])) as Record<string, unknown>;
  const { levels: _l, nodeOrder: _n, factOrder: _f, ...kept } = meta;
  await db.table('treeMeta').put({ ...kept, height: v1Tree.levels.length });
  const levelSeq = new Map(v1Tree.levels.flatMap((ids) => ids.map((id, i) => [id, i] as const)));
  await db.table('treeNodePages').clear();
  await db.table('treeNodePages').bulkAdd(
    nodePages(
      'alice',
      1,
      v1Tree.nodes.map((n, seq) => ({
        ...n,
        seq,
        levelSeq: levelSeq.get(n.id) ?? 0,
        embedding: new Float32Array(n.embedding).buffer,
      })),
    ),
  );
  await db.table('treeFactPages').clear();
  await db.table('treeFactPages').bulkAdd(
    factPages(
      'alice',
      1,
      v1Facts.map(({ embedding: _e, profileId: _p, ...f }, seq) => ({ ...f, seq })),
    ),
  );
};
