/**
 * The heavy user's profile as a Grove export file (format 3): the sessions of heavy-user-facts.ts
 * stored as transcripts (each fact one user turn), its facts embedded with the bundled GloVe
 * embedder and built into a tree by the engine's own build (keyword summaries: no LLM), written
 * through Grove's repositories into a fake IndexedDB and exported by Grove's exporter. The bench
 * (e2e/heavy-user.bench.ts) imports this file into the browser.
 *
 *   npx tsx scripts/bench/heavy-user-profile.ts --out /tmp/grove-heavy-user.json [--sessions 1800 --facts 30000]
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { embedFacts } from '../../src/engine/pipeline.ts';
import type { EmbedderPort } from '../../src/engine/ports.ts';
import { buildTree } from '../../src/engine/tree/build.ts';
import { keywordSummariser } from '../../src/engine/tree/summarise.ts';
import { asFactId, asSessionId, asTurnId, type Fact } from '../../src/engine/types.ts';
import { GroveDb } from '../../src/storage/db.ts';
import { exportProfile } from '../../src/storage/export/export-profile.ts';
import { DEFAULT_CONVERSATION_ID } from '../../src/storage/migrate-v1.ts';
import { createProfile } from '../../src/storage/profiles.ts';
import type { TurnRow } from '../../src/storage/rows.ts';
import { turnsBySession } from '../../src/storage/session-turns.ts';
import { loadLiveTree, TREE_TABLES, writeTreeChange } from '../../src/storage/tree-store.ts';
import { heavyUserSessions, type HeavyUserOptions } from './heavy-user-facts.ts';

export const HEAVY_PROFILE = { id: 'heavy-user', name: 'Heavy user' } as const;
export const HEAVY_SEED = 15;

export interface HeavyProfileReport {
  readonly sessions: number;
  readonly facts: number;
  readonly nodes: number;
  readonly levels: readonly number[];
  readonly msEmbed: number;
  readonly msBuild: number;
  readonly bytes: number;
}

/** The export file's text for the heavy user, and how it was made. */
export async function heavyUserExport(
  embedder: EmbedderPort,
  options: HeavyUserOptions = {},
  log: (line: string) => void = () => undefined,
): Promise<{ text: string; report: HeavyProfileReport }> {
  const sessions = heavyUserSessions({ seed: HEAVY_SEED, ...options });
  const pid = HEAVY_PROFILE.id;
  const turns: TurnRow[] = [];
  const facts: Fact[] = [];
  for (const session of sessions) {
    const sessionId = asSessionId(session.id);
    session.facts.forEach((fact, i) => {
      const turnId = asTurnId(`${session.id}:t${i}`);
      turns.push({
        profileId: pid,
        sessionId,
        seq: i,
        id: turnId,
        speaker: 'user',
        text: fact.text,
      });
      facts.push({
        id: asFactId(`${session.id}/f${i}`),
        text: fact.text,
        category: fact.category,
        sources: [{ sessionId, turnIds: [turnId], time: session.time }],
      });
    });
  }
  log(`${sessions.length} sessions, ${facts.length} facts: embedding`);
  let t0 = performance.now();
  const embedded = await embedFacts(embedder, facts, undefined, (done, total) => {
    if (done % 5000 < 32) log(`  embedded ${done}/${total}`);
  });
  const msEmbed = performance.now() - t0;
  log('building the tree');
  t0 = performance.now();
  const { tree } = await buildTree(embedded, {
    embedder,
    summariser: keywordSummariser,
    seed: HEAVY_SEED,
    onLevel: (done, total, level) => {
      if (done === total) log(`  level ${level}: ${total} summaries`);
    },
  });
  const msBuild = performance.now() - t0;

  const db = new GroveDb('grove-heavy-user', { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  await createProfile(db, { ...HEAVY_PROFILE, createdAt: '2021-01-01T00:00:00.000Z' });
  const empty = await loadLiveTree(db, pid);
  await db.transaction(
    'rw',
    [db.conversations, db.sessions, db.sessionTurns, ...TREE_TABLES(db)],
    async () => {
      await db.conversations.put({ profileId: pid, id: DEFAULT_CONVERSATION_ID, title: 'Chat' });
      await db.sessions.bulkPut(
        sessions.map((s) => ({
          profileId: pid,
          id: s.id,
          conversationId: DEFAULT_CONVERSATION_ID,
          time: s.time,
          turnCount: s.facts.length,
        })),
      );
      await db.sessionTurns.bulkPut(turnsBySession(turns));
      await writeTreeChange(db, pid, empty, tree);
    },
  );
  const text = await exportProfile(db, pid);
  db.close();
  return {
    text,
    report: {
      sessions: sessions.length,
      facts: tree.facts.size,
      nodes: tree.nodes.size,
      levels: tree.levels.map((l) => l.length),
      msEmbed: Math.round(msEmbed),
      msBuild: Math.round(msBuild),
      bytes: Buffer.byteLength(text),
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      sessions: { type: 'string' },
      facts: { type: 'string' },
    },
  });
  if (!values.out)
    throw new Error('Usage: heavy-user-profile.ts --out FILE [--sessions N --facts N]');
  const { createNodeBundledEmbedder } = await import('../../src/models/embedder/node-bundled.ts');
  const embedder = await createNodeBundledEmbedder();
  const { text, report } = await heavyUserExport(
    embedder,
    {
      ...(values.sessions ? { sessions: Number(values.sessions) } : {}),
      ...(values.facts ? { facts: Number(values.facts) } : {}),
    },
    (line) => console.error(line),
  );
  writeFileSync(values.out, text);
  console.log(JSON.stringify({ out: values.out, ...report }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error((error as Error).stack ?? error);
    process.exit(1);
  });
}
