import { describe, expect, it } from 'vitest';
import { asProfileId } from '../engine/types.ts';
import { freshDb, sampleSession } from '../storage/fixtures.test-support.ts';
import { createProfile } from '../storage/profiles.ts';
import { MemoryHost } from './memory-host.ts';
import { prepareInsert } from './prepare-insert.ts';
import { testEngine } from './test-engine.test-support.ts';

describe('prepareInsert', () => {
  it('works through the facts in slices, letting other calls in before each', async () => {
    const db = await freshDb();
    await createProfile(db, { id: 'alice', name: 'Alice', createdAt: '2024-01-01' });
    const host = new MemoryHost(db, asProfileId('alice'), testEngine());
    for (let n = 1; n <= 3; n++) await host.ingest({ session: sampleSession(n) });
    const facts = (await host.store.liveTree()).tree.facts.size;
    expect(facts).toBeGreaterThan(4);
    let pauses = 0;
    await prepareInsert(host.store, { slice: 2, pause: async () => void pauses++ });
    expect(pauses).toBe(Math.ceil(facts / 2));
    // An insert afterwards is unchanged by the warm-up (the terms are the same, only earlier).
    const result = await host.ingest({ session: sampleSession(4) });
    expect(result).toMatchObject({ status: 'ingested' });
  });

  it('has nothing to do for a profile without memories', async () => {
    const db = await freshDb();
    await createProfile(db, { id: 'bob', name: 'Bob', createdAt: '2024-01-01' });
    const host = new MemoryHost(db, asProfileId('bob'), testEngine());
    let pauses = 0;
    await prepareInsert(host.store, { pause: async () => void pauses++ });
    expect(pauses).toBe(0);
  });
});
