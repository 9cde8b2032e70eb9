/**
 * Store benchmark: a synthetic forest (N sessions × 30 user turns, one fact per turn, 384-dim
 * float32 embeddings like MiniLM, a tree grouped in leaves of k up to ≤ L roots by chunkedTree)
 * saved to and loaded from IndexedDB (fake-indexeddb in Node) through Grove's repositories.
 *
 *   npx tsx scripts/bench/store.ts [--sessions 100]
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { performance } from 'node:perf_hooks';
import { createRng, gaussian } from '../../src/engine/rng.ts';
import { chunkedTree } from '../../src/engine/testing/index.ts';
import {
  asFactId,
  asSessionId,
  asTurnId,
  type EmbeddedFact,
  type MemoryTree,
} from '../../src/engine/types.ts';
import { normalize } from '../../src/engine/vector.ts';
import { GroveDb } from '../../src/storage/db.ts';
import { createProfile } from '../../src/storage/profiles.ts';
import { loadLiveTree, TREE_TABLES, writeTreeChange } from '../../src/storage/tree-store.ts';
import type { TurnRow } from '../../src/storage/rows.ts';
import { turnsBySession } from '../../src/storage/session-turns.ts';

export interface StoreBenchOptions {
  readonly sessions: number;
  readonly factsPerSession?: number;
  readonly dimension?: number;
  readonly seed?: number;
}

export interface StoreBenchResult {
  readonly sessions: number;
  readonly facts: number;
  readonly nodes: number;
  readonly dimension: number;
  readonly ms_save: number;
  readonly ms_load: number;
  /** Bytes of the stored rows: embeddings at 4 bytes per dimension plus the JSON of the rest. */
  readonly bytes: number;
  readonly embedding_bytes: number;
}

function syntheticForest(options: Required<StoreBenchOptions>) {
  const rng = createRng(options.seed);
  const topics = Array.from({ length: 40 }, () =>
    normalize(Array.from({ length: options.dimension }, () => gaussian(rng))),
  );
  const turns: TurnRow[] = [];
  const facts: EmbeddedFact[] = [];
  for (let s = 0; s < options.sessions; s++) {
    const sessionId = asSessionId(`s${s}`);
    for (let f = 0; f < options.factsPerSession; f++) {
      const turnId = asTurnId(`s${s}:t${f}`);
      const text = `Session ${s}, statement ${f}: the user mentions topic ${(s * 7 + f) % 40} again.`;
      turns.push({ profileId: 'bench', sessionId, seq: f, id: turnId, speaker: 'user', text });
      const topic = topics[(s * 7 + f) % topics.length] as Float32Array;
      const embedding = normalize(
        Array.from(topic, (x) => x + (0.3 * gaussian(rng)) / Math.sqrt(options.dimension)),
      );
      const fact = {
        id: asFactId(`s${s}/f${f}`),
        text,
        category: 'other' as const,
        sources: [
          {
            sessionId,
            turnIds: [turnId],
            time: `2024-01-01T00:${String(s % 60).padStart(2, '0')}:00Z`,
          },
        ],
      };
      facts.push({ ...fact, embedding });
    }
  }
  const tree: MemoryTree = chunkedTree(facts, options.seed);
  return { tree, turns };
}

function rowBytes(rows: readonly object[]): { total: number; embeddings: number } {
  let total = 0;
  let embeddings = 0;
  for (const row of rows) {
    for (const value of Object.values(row)) {
      if (value instanceof ArrayBuffer) {
        total += value.byteLength;
        embeddings += value.byteLength;
      } else total += Buffer.byteLength(JSON.stringify(value) ?? '');
    }
  }
  return { total, embeddings };
}

export async function benchStore(options: StoreBenchOptions): Promise<StoreBenchResult> {
  const full = { factsPerSession: 30, dimension: 384, seed: 42, ...options };
  const { tree, turns } = syntheticForest(full);
  const db = new GroveDb('grove-bench-store', { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  await createProfile(db, { id: 'bench', name: 'Bench', createdAt: '2024-01-01T00:00:00Z' });

  const startSave = performance.now();
  const empty = await loadLiveTree(db, 'bench');
  await db.transaction('rw', [db.sessions, db.sessionTurns, ...TREE_TABLES(db)], async () => {
    await db.sessions.bulkPut(
      Array.from({ length: full.sessions }, (_, s) => ({
        profileId: 'bench',
        id: `s${s}`,
        conversationId: 'default',
        turnCount: full.factsPerSession,
      })),
    );
    await db.sessionTurns.bulkPut(turnsBySession(turns));
    await writeTreeChange(db, 'bench', empty, tree);
  });
  const ms_save = performance.now() - startSave;

  const startLoad = performance.now();
  const loaded = await loadLiveTree(db, 'bench');
  const ms_load = performance.now() - startLoad;
  if (loaded.tree.nodes.size !== tree.nodes.size || loaded.tree.facts.size !== tree.facts.size) {
    throw new Error('The loaded tree does not match the saved one');
  }

  const stored = [
    ...(await db.sessions.toArray()),
    ...(await db.sessionTurns.toArray()),
    ...(await db.treeNodePages.toArray()).flatMap((p) => p.nodes),
    ...(await db.treeFactPages.toArray()).flatMap((p) => p.facts),
    ...(await db.treeMeta.toArray()),
  ];
  const { total, embeddings } = rowBytes(stored);
  db.close();
  return {
    sessions: full.sessions,
    facts: tree.facts.size,
    nodes: tree.nodes.size,
    dimension: full.dimension,
    ms_save: Math.round(ms_save * 10) / 10,
    ms_load: Math.round(ms_load * 10) / 10,
    bytes: total,
    embedding_bytes: embeddings,
  };
}
