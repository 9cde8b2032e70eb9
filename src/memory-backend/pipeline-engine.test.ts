import { describe, expect, it } from 'vitest';
import { HashEmbedder } from '../engine/testing/index.ts';
import { asProfileId } from '../engine/types.ts';
import { distinctSession, freshDb } from '../storage/fixtures.test-support.ts';
import { MemoryHost } from './memory-host.ts';
import { pipelineEngine } from './pipeline-engine.ts';
import { createProfile } from '../storage/profiles.ts';
import { treeProblems } from '../storage/tree-integrity.ts';

describe('the product engine behind the host', () => {
  it('ingests past L facts (a real build), rebuilds beside and reloads a consistent tree', async () => {
    const db = await freshDb();
    await createProfile(db, { id: 'p', name: 'P' });
    const host = new MemoryHost(
      db,
      asProfileId('p'),
      pipelineEngine({ embedder: new HashEmbedder() }),
    );
    for (let n = 1; n <= 6; n++) await host.ingest({ session: distinctSession(n) });
    const { tree } = await host.store.liveTree();
    expect(tree.facts.size).toBe(24);
    expect(tree.levels.length).toBeGreaterThan(1);
    expect(treeProblems(tree)).toEqual([]);
    expect(await host.rebuild()).toBe(2);
    const rebuilt = (await host.store.liveTree()).tree;
    expect(rebuilt.facts.size).toBe(24);
    expect(treeProblems(rebuilt)).toEqual([]);
    await host.deleteSessions(['d1', 'd2']);
    const after = (await host.store.liveTree()).tree;
    expect(after.facts.size).toBe(16);
    expect(treeProblems(after)).toEqual([]);
  });
});
