import { describe, expect, it } from 'vitest';
import { LineageError } from '../engine/lifetime/lineage.ts';
import { asProfileId } from '../engine/types.ts';
import { freshDb, sampleSession } from '../storage/fixtures.test-support.ts';
import { MemoryStore } from '../storage/memory-store.ts';
import { createProfile } from '../storage/profiles.ts';
import { MemoryHost } from './memory-host.ts';
import { testEngine } from './test-engine.test-support.ts';

async function setup() {
  const db = await freshDb();
  await createProfile(db, { id: 'alice', name: 'Alice', createdAt: '2024-01-01' });
  const host = new MemoryHost(db, asProfileId('alice'), testEngine());
  await host.ingest({ session: sampleSession(1), conversationId: 'c1' });
  await host.ingest({ session: sampleSession(2), conversationId: 'c2' });
  const facts = await host.store.listFacts();
  const older = facts.find((f) => f.sources[0]?.sessionId === 's1')!;
  const newer = facts.find((f) => f.sources[0]?.sessionId === 's2')!;
  return { db, host, older, newer };
}

describe('the user’s hand on lineage', () => {
  it('marks a memory as replaced by another: dated, in a chain linked to each session, the tree otherwise unchanged', async () => {
    const { db, host, older, newer } = await setup();
    const before = (await host.store.liveTree()).tree;
    expect(older.validFrom).toBe('2024-01-02');
    expect(older.lineage).toBeUndefined();

    await host.markReplaced(older.id, newer.id);

    // A fresh store reads what was written, not the host's cached tree.
    const store = new MemoryStore(db, asProfileId('alice'));
    const [old, next] = await store
      .listFacts({ ids: [older.id, newer.id] })
      .then((views) => [older.id, newer.id].map((id) => views.find((v) => v.id === id)!));
    expect(old).toMatchObject({
      validFrom: '2024-01-02',
      validTo: '2024-01-03',
      supersededBy: newer.id,
      supersededHow: 'user',
    });
    expect(next?.supersededBy).toBeUndefined();
    const chain = [
      {
        id: older.id,
        validFrom: '2024-01-02',
        validTo: '2024-01-03',
        replaced: true,
        sessionId: 's1',
        sessionTime: '2024-01-02T10:00:00Z',
        conversationId: 'c1',
      },
      {
        id: newer.id,
        validFrom: '2024-01-03',
        validTo: null,
        replaced: false,
        sessionId: 's2',
        sessionTime: '2024-01-03T10:00:00Z',
        conversationId: 'c2',
      },
    ];
    expect(old?.lineage).toMatchObject(chain);
    expect(next?.lineage).toMatchObject(chain);
    // Listed alone, a fact's lineage still names where the other step was said.
    expect((await store.listFacts({ ids: [older.id] }))[0]?.lineage).toMatchObject(chain);
    const after = (await store.liveTree()).tree;
    expect([...after.nodes.keys()]).toEqual([...before.nodes.keys()]);
    expect(after.nodes.get(`f:${older.id}` as never)?.text).toBe(
      before.nodes.get(`f:${older.id}` as never)?.text,
    );
  });

  it('undoes a supersede: both memories current again, no chain left', async () => {
    const { host, older, newer } = await setup();
    await host.markReplaced(older.id, newer.id);
    await host.undoSupersede(older.id);
    const views = await host.store.listFacts({ ids: [older.id, newer.id] });
    for (const view of views) {
      expect(view.supersededBy).toBeUndefined();
      expect(view.validTo).toBeUndefined();
      expect(view.lineage).toBeUndefined();
    }
  });

  it('refuses in words what cannot be done, and writes nothing', async () => {
    const { host, older, newer } = await setup();
    const revision = (await host.store.liveTree()).revision;
    await expect(host.undoSupersede(older.id)).rejects.toThrow(LineageError);
    await expect(host.undoSupersede(older.id)).rejects.toThrow('not marked as replaced');
    await expect(host.markReplaced(older.id, older.id)).rejects.toThrow('cannot replace itself');
    await host.markReplaced(older.id, newer.id);
    await expect(host.markReplaced(newer.id, older.id)).rejects.toThrow('already replaced');
    expect((await host.store.liveTree()).revision).toBe(revision + 1);
  });
});
