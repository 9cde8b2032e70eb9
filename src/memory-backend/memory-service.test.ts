import { describe, expect, it, vi } from 'vitest';
import { distinctSession, freshDb, sampleSession } from '../storage/fixtures.test-support.ts';
import { asProfileId } from '../engine/types.ts';
import { createProfile } from '../storage/profiles.ts';
import { MemoryHost } from './memory-host.ts';
import { createMemoryService } from './memory-service.ts';
import { testEngine } from './test-engine.test-support.ts';

describe('memory service: opening a profile', () => {
  it('warms what the first question needs: the embedder, the tree and the transcripts', async () => {
    const db = await freshDb();
    // Written by the host itself: the service would rebuild a drifted tree in the background.
    await createProfile(db, { id: 'alice', name: 'Alice' });
    await new MemoryHost(db, asProfileId('alice'), testEngine()).ingest({
      session: sampleSession(1),
    });

    const warmEmbedder = vi.fn(() => Promise.resolve());
    const service = createMemoryService(db, testEngine(), {}, { warmEmbedder });
    const turnsRead = vi.spyOn(db.sessionTurns, 'where');
    await service.open('alice');
    expect(warmEmbedder).toHaveBeenCalledTimes(1);
    // The transcripts are read at open, with no question asked…
    await vi.waitFor(() => expect(turnsRead).toHaveBeenCalledTimes(1));
    // …and the first retrieval finds them read.
    const reply = await service.retrieve('what did I say?', { effort: 'quick' });
    expect(reply.items.length).toBeGreaterThan(0);
    expect(turnsRead).toHaveBeenCalledTimes(1);
  });

  it('checks the live tree once per retrieval, by its head row (its transcripts are keyed to the tree it read)', async () => {
    const db = await freshDb();
    await createProfile(db, { id: 'alice', name: 'Alice' });
    await new MemoryHost(db, asProfileId('alice'), testEngine()).ingest({
      session: sampleSession(1),
    });
    const service = createMemoryService(db, testEngine());
    await service.open('alice');
    // Twice: the warm-up's own checks, queued behind the first question's, are over.
    await service.retrieve('what did I say?', { effort: 'quick' });
    await service.retrieve('what did I say?', { effort: 'quick' });
    const metaReads = vi.spyOn(db.treeMeta, 'get');
    const headReads = vi.spyOn(db.treeHeads, 'get');
    const reply = await service.retrieve('what did I say?', { effort: 'quick' });
    expect(reply.items.length).toBeGreaterThan(0);
    expect(headReads).toHaveBeenCalledTimes(1);
    expect(metaReads).not.toHaveBeenCalled(); // 66,000 ids at 30,000 facts
  });

  it('opens even when the embedder cannot warm: the first real call reports the failure', async () => {
    const db = await freshDb();
    const warmEmbedder = vi.fn(() => Promise.reject(new Error('no model')));
    const service = createMemoryService(db, testEngine(), {}, { warmEmbedder });
    expect(await service.open('bob')).toEqual({ resumed: [] });
    expect(warmEmbedder).toHaveBeenCalledTimes(1);
  });

  it('hands the page the tree without embeddings, the same outline while the tree is unchanged', async () => {
    const db = await freshDb();
    const service = createMemoryService(db, testEngine());
    await service.open('alice');
    await service.ingest(sampleSession(1));
    const outline = await service.outline();
    expect(outline.facts.size).toBe(3);
    for (const node of outline.nodes.values()) expect(node).not.toHaveProperty('embedding');
    expect(await service.outline()).toBe(outline);
    await service.ingest(sampleSession(2));
    expect(await service.outline()).not.toBe(outline);
  });
});

describe('memory service: the counts the page shows', () => {
  it('are the inspection without the tree health check', async () => {
    const db = await freshDb();
    await createProfile(db, { id: 'alice', name: 'Alice' });
    const service = createMemoryService(db, testEngine());
    await service.open('alice');
    await service.ingest({
      id: 's1',
      turns: [{ id: 't1', speaker: 'user', text: 'I live in Oslo' }],
    });
    const counts = await service.counts();
    const { treeConsistent, drift, ...inspected } = await service.inspect();
    expect(counts).toEqual(inspected);
    expect(counts.facts).toBeGreaterThan(0);
    expect(counts).not.toHaveProperty('treeConsistent');
    expect(treeConsistent).toBe(true);
    expect(drift).toBeDefined();
  });
});

describe('memory service: labels left for later', () => {
  it('are written once the worker has been idle a moment after the sessions', async () => {
    const db = await freshDb();
    await createProfile(db, { id: 'alice', name: 'Alice' });
    const service = createMemoryService(db, testEngine());
    await service.open('alice');
    // Five sessions: a tree with levels whose inserts have not drifted it (no rebuild follows,
    // which would write every label itself).
    for (let n = 1; n <= 5; n++) await service.ingest(distinctSession(n));
    const right = await service.counts();
    expect(right.levels.length).toBeGreaterThan(1);
    expect(right.unlabelled).toBeGreaterThan(0);
    await vi.waitFor(async () => expect((await service.counts()).unlabelled).toBe(0), {
      timeout: 5_000,
      interval: 50,
    });
    const after = await service.counts();
    expect(after.facts).toBe(right.facts);
    expect(after.treeVersion).toBe(right.treeVersion);
    expect(after.lastRebuild).toBeNull();
  });
});
