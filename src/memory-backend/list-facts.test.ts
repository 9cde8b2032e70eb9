import { describe, expect, it, vi } from 'vitest';
import { asProfileId } from '../engine/types.ts';
import { freshDb, sampleSession } from '../storage/fixtures.test-support.ts';
import { createProfile } from '../storage/profiles.ts';
import { MemoryHost } from './memory-host.ts';
import { testEngine } from './test-engine.test-support.ts';

async function memoryOf(sessions: number) {
  const db = await freshDb();
  await createProfile(db, { id: 'alice', name: 'Alice', createdAt: '2024-01-01' });
  const host = new MemoryHost(db, asProfileId('alice'), testEngine());
  for (let n = 1; n <= sessions; n++)
    await host.ingest({ session: sampleSession(n), conversationId: `c${n % 2}` });
  return { db, store: host.store };
}

describe('MemoryStore.listFacts', () => {
  it('lists the first facts in id order, each with its sources resolved, reading only their sessions’ turns', async () => {
    const { db, store } = await memoryOf(4);
    const turnsRead = vi.spyOn(db.sessionTurns, 'bulkGet');
    const first = await store.listFacts({ limit: 3 });
    expect(first[0]?.sources[0]?.turns[0]?.text).toBeTruthy();
    const sessions = new Set(first.flatMap((f) => f.sources.map((s) => s.sessionId)));
    expect(turnsRead).toHaveBeenCalledTimes(1);
    expect(turnsRead.mock.calls[0]?.[0]).toHaveLength(sessions.size);
    expect(sessions.size).toBeGreaterThan(1); // one record per session listed…
    expect(sessions.size).toBeLessThan(4); // …and none for the others
    const all = await store.listFacts();
    expect(all.length).toBeGreaterThan(3);
    expect(all.map((f) => f.id)).toEqual(all.map((f) => f.id).sort());
    expect(first).toEqual(all.slice(0, 3));
    // The sessions read for the first page were not read again for the whole list.
    expect(turnsRead.mock.calls[1]?.[0]).toHaveLength(4 - sessions.size);
  });

  it('shows the turns of a session recorded again under a deleted one’s id, not the kept ones', async () => {
    const db = await freshDb();
    await createProfile(db, { id: 'alice', name: 'Alice', createdAt: '2024-01-01' });
    const host = new MemoryHost(db, asProfileId('alice'), testEngine());
    await host.ingest({ session: sampleSession(1) });
    const turnText = (facts: Awaited<ReturnType<typeof host.store.listFacts>>) =>
      facts.flatMap((f) => f.sources.flatMap((s) => s.turns.map((t) => t.text)));
    const before = turnText(await host.store.listFacts({ limit: 50 }));
    expect(before.length).toBeGreaterThan(0);
    await host.deleteSessions(['s1']);
    const again = sampleSession(1);
    await host.ingest({
      session: { ...again, turns: again.turns.map((t) => ({ ...t, text: `${t.text} Again.` })) },
    });
    const after = turnText(await host.store.listFacts({ limit: 50 }));
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((text) => text.endsWith('Again.'))).toBe(true);
  });

  it('lists given facts by id, with the other filters', async () => {
    const { store } = await memoryOf(4);
    const all = await store.listFacts();
    const wanted = [all[7]!.id, all[2]!.id, 'no-such-fact'];
    expect(await store.listFacts({ ids: wanted })).toEqual([all[2], all[7]]);
    const inC1 = await store.listFacts({ conversationId: 'c1' });
    expect(inC1.length).toBeGreaterThan(0);
    expect(inC1.every((f) => f.sources.some((s) => s.conversationId === 'c1'))).toBe(true);
    expect(await store.listFacts({ conversationId: 'c1', limit: 1 })).toEqual(inC1.slice(0, 1));
  });
});

describe('MemoryStore.sessionTexts', () => {
  it('uses transcripts read before the tree was known when they hold all its sessions', async () => {
    const { db, store } = await memoryOf(2);
    const turnsRead = vi.spyOn(db.sessionTurns, 'where');
    store.prefetchSessionTexts();
    const { tree } = await store.liveTree();
    const texts = await store.sessionTexts(tree);
    expect([...texts.keys()].sort()).toEqual(['s1', 's2']);
    expect(turnsRead).toHaveBeenCalledTimes(1);
  });

  it('reads them again when a session was written after the early read began', async () => {
    const db = await freshDb();
    await createProfile(db, { id: 'alice', name: 'Alice', createdAt: '2024-01-01' });
    const host = new MemoryHost(db, asProfileId('alice'), testEngine());
    await host.ingest({ session: sampleSession(1) });
    const reader = new MemoryHost(db, asProfileId('alice'), testEngine()).store;
    reader.prefetchSessionTexts();
    await host.ingest({ session: sampleSession(2) });
    const { tree } = await reader.liveTree();
    expect([...(await reader.sessionTexts(tree)).keys()].sort()).toEqual(['s1', 's2']);
  });
});
