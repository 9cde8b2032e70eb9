import { describe, expect, it, vi } from 'vitest';
import { freshDb, sampleSession } from '../storage/fixtures.test-support.ts';
import { testEngine } from './test-engine.test-support.ts';
import { memoryClient } from './memory-client.ts';
import { createMemoryService } from './memory-service.ts';
import { serveMemory } from './worker-server.ts';
import { APP_DB, parseWorkerConfig, testDbName, WorkerConfigError } from './worker-config.ts';
import { RESULT_WIRE } from './worker-protocol.ts';
import { ProfileNotFoundError, SessionExistsError } from '../storage/errors.ts';
import { AbortError } from '../engine/errors.ts';

function connected() {
  const channel = new MessageChannel();
  return { channel, ports: [channel.port1, channel.port2] as const };
}

describe('memory worker protocol', () => {
  it('carries calls and results across a message port, errors rebuilt as their classes', async () => {
    const db = await freshDb();
    const { channel } = connected();
    serveMemory(channel.port1 as never, createMemoryService(db, testEngine()));
    const client = memoryClient(channel.port2 as never);
    channel.port1.start();
    channel.port2.start();
    try {
      await expect(client.inspect()).rejects.toBeInstanceOf(ProfileNotFoundError);
      expect(await client.open('alice')).toEqual({ resumed: [] });
      const session = sampleSession(1);
      expect(await client.ingest(session, 'c1')).toMatchObject({ status: 'ingested', facts: 3 });
      const error = await client.ingest(session).catch((e: Error) => e);
      expect(error).toBeInstanceOf(SessionExistsError);
      expect((error as Error).message).toContain('already in memory');
      expect(await client.inspect()).toMatchObject({
        profileId: 'alice',
        sessions: ['s1'],
        pending: [],
        facts: 3,
        treeConsistent: true,
        paused: false,
      });
      const [fact] = await client.listFacts();
      expect(await client.deleteFact(fact!.id)).toEqual({ removed: 1 });
      const file = await client.exportProfile();
      await client.wipe();
      await expect(client.importProfile('{"format":"nope"}')).rejects.toMatchObject({
        name: 'ImportError',
      });
      expect(await client.importProfile(file)).toMatchObject({ id: 'alice' });
    } finally {
      channel.port1.close();
      channel.port2.close();
    }
  });

  it('streams traversal events of a retrieval, returns the tree, lists profiles', async () => {
    const db = await freshDb();
    const { channel } = connected();
    serveMemory(channel.port1 as never, createMemoryService(db, testEngine()));
    const client = memoryClient(channel.port2 as never);
    channel.port1.start();
    channel.port2.start();
    try {
      await client.open('alice', { profileName: 'Alice' });
      await client.ingest(sampleSession(1));
      const events: { type: string }[] = [];
      const reply = await client.retrieve('what did I say?', {}, (e) => events.push(e));
      expect(reply.judge).toBe('tacitree:hybrid');
      expect(events.length).toBeGreaterThan(0);
      expect(events.map((e) => e.type)).toEqual(reply.events.map((e) => e.type));
      expect(events.at(-1)?.type).toBe('done');
      expect(reply.items.length).toBeGreaterThan(0);
      const outline = await client.outline();
      expect(outline.facts.size).toBe(3);
      expect(outline.nodes).toBeInstanceOf(Map);
      // The page is never sent what it does not draw: no node carries its embedding.
      for (const node of outline.nodes.values()) expect(node).not.toHaveProperty('embedding');
      expect(await client.profiles()).toMatchObject([{ id: 'alice', name: 'Alice' }]);
      expect(await client.status()).toMatchObject({ llm: null, notes: [] });
    } finally {
      channel.port1.close();
      channel.port2.close();
    }
  });

  it('sends the tree’s outline as one text, which the client reads back as the outline', async () => {
    const db = await freshDb();
    const service = createMemoryService(db, testEngine());
    await service.open('alice');
    await service.ingest(sampleSession(1));
    const posted: unknown[] = [];
    let deliver: (event: MessageEvent) => void = () => undefined;
    serveMemory(
      {
        postMessage: (message) => posted.push(message),
        addEventListener: (_type, listener) => (deliver = listener),
      },
      service,
    );
    deliver({ data: { type: 'call', id: 1, method: 'outline', args: [] } } as MessageEvent);
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    const wire = (posted[0] as { value: unknown }).value;
    expect(typeof wire).toBe('string');
    const outline = RESULT_WIRE.outline!.decode(wire) as Awaited<
      ReturnType<typeof service.outline>
    >;
    expect([...outline.facts.keys()]).toEqual([...(await service.outline()).facts.keys()]);
  });

  it('cancels a retrieval across the port: the worker’s walk sees the signal', async () => {
    const db = await freshDb();
    const { channel } = connected();
    serveMemory(channel.port1 as never, createMemoryService(db, testEngine()));
    const client = memoryClient(channel.port2 as never);
    channel.port1.start();
    channel.port2.start();
    try {
      await client.open('alice');
      await client.ingest(sampleSession(1));
      const control = new AbortController();
      const events: unknown[] = [];
      const walk = client.retrieve('what did I say?', {}, (e) => events.push(e), control.signal);
      control.abort();
      await expect(walk).rejects.toBeInstanceOf(AbortError);
      const done = new AbortController();
      done.abort();
      await expect(client.retrieve('x', {}, undefined, done.signal)).rejects.toBeInstanceOf(
        AbortError,
      );
      // The worker still serves calls.
      expect((await client.retrieve('what did I say?')).items.length).toBeGreaterThan(0);
    } finally {
      channel.port1.close();
      channel.port2.close();
    }
  });

  it('reads the worker configuration without ever falling back to the app database', () => {
    expect(() => parseWorkerConfig('')).toThrow(WorkerConfigError);
    expect(() => parseWorkerConfig('{"embedder":"bundled"}')).toThrow(WorkerConfigError);
    expect(parseWorkerConfig('{"db":"grove","embedder":"bundled","llm":"x"}')).toEqual({
      db: 'grove',
      embedder: 'bundled',
      llm: 'none',
      stageDelayMs: 0,
    });
    expect(
      parseWorkerConfig('{"db":"grove-test-x","embedder":"test-hash","stageDelayMs":5}'),
    ).toEqual({
      db: 'grove-test-x',
      embedder: 'test-hash',
      llm: 'none',
      stageDelayMs: 5,
      test: true,
    });
    expect(
      parseWorkerConfig('{"db":"grove-test-s","embedder":"bundled","llm":"scripted"}'),
    ).toMatchObject({ embedder: 'bundled', llm: 'scripted', test: true });
  });

  it('refuses a test configuration on a real database, or in a build without test modes', () => {
    for (const config of [
      { db: 'grove', embedder: 'bundled', llm: 'scripted' },
      { db: 'grove', embedder: 'test-hash' },
      { db: 'grove', embedder: 'bundled', test: true },
      { db: 'mine', embedder: 'bundled', test: true },
    ])
      expect(() => parseWorkerConfig(JSON.stringify(config))).toThrow(/only a test database/);
    const test = { db: 'grove-test-x', embedder: 'bundled', llm: 'scripted' };
    expect(() => parseWorkerConfig(JSON.stringify(test), false)).toThrow(/no test modes/);
  });

  it('names every test database under the test prefix', () => {
    expect(testDbName('grove', 'grove-test-scripted')).toBe('grove-test-grove');
    expect(testDbName(null, 'grove-test-scripted')).toBe('grove-test-scripted');
    expect(testDbName('', 'scripted')).toBe('grove-test-scripted');
    expect(testDbName('grove-test-e2e', 'x')).toBe('grove-test-e2e');
    expect(testDbName(APP_DB, 'x')).not.toBe(APP_DB);
  });
});
