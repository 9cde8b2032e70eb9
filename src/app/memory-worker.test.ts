import { describe, expect, it } from 'vitest';
import { HashEmbedder } from '../engine/testing/index.ts';
import type { TraversalEvent } from '../engine/retrieval.ts';
import { WorkerCrashedError } from '../rpc/worker-errors.ts';
import { freshDb, sampleSession } from '../storage/fixtures.test-support.ts';
import { createMemoryService } from '../memory-backend/memory-service.ts';
import { pipelineEngine } from '../memory-backend/pipeline-engine.ts';
import type { GroveDb } from '../storage/db.ts';
import { serveMemory } from '../memory-backend/worker-server.ts';
import { startMemoryWorker, type MemoryWorkerStart } from './memory-worker.ts';

/** A Worker stand-in: a memory service behind a MessageChannel, with Worker's terminate. */
function fakeWorker(db: GroveDb) {
  const { port1: page, port2: inside } = new MessageChannel();
  serveMemory(inside, createMemoryService(db, pipelineEngine({ embedder: new HashEmbedder() })));
  page.start();
  inside.start();
  let terminated = false;
  return {
    worker: {
      postMessage: (m: unknown) => page.postMessage(m),
      addEventListener(type: string, listener: (event: MessageEvent) => void) {
        if (type === 'message') page.addEventListener('message', listener);
      },
      terminate() {
        terminated = true;
        page.close();
        inside.close();
      },
    } as unknown as Worker,
    terminated: () => terminated,
  };
}

const CONFIG = { db: 'unused', embedder: 'test-hash', llm: 'none', stageDelayMs: 0 } as const;

describe('the memory worker, kept running', () => {
  it('fails the retrieval it was killed in with WorkerCrashedError, restarts, sets up, answers', async () => {
    const db = await freshDb();
    const started: MemoryWorkerStart[] = [];
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const crashes: [string, boolean][] = [];
    let restarted = 0;
    const handle = startMemoryWorker(
      CONFIG,
      {
        onStart: async (start) => {
          started.push(start);
          if (start.restarted) await start.client.open('p');
        },
        onCrash: (error, restarting) => crashes.push([error.name, restarting]),
        onRestarted: () => restarted++,
      },
      () => {
        const fake = fakeWorker(db);
        workers.push(fake);
        return fake.worker;
      },
    );
    const { memory } = handle;
    await memory.open('p');
    await memory.ingest(sampleSession(1));

    const killed = handle.killDuringNextRetrieval();
    const events: TraversalEvent[] = [];
    const error = await memory
      .retrieve('what did I say?', {}, (e) => events.push(e))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerCrashedError);
    expect((error as Error).message).toBe(
      'The memory worker stopped (killed by the test API during a retrieval).',
    );
    expect(await killed).toBeGreaterThan(0);
    expect(events).toHaveLength(1); // it died mid-walk
    expect(crashes).toEqual([['WorkerCrashedError', true]]);
    expect(workers[0]?.terminated()).toBe(true);
    expect(started.map((s) => s.restarted)).toEqual([false, true]);
    expect(started[0]?.stopped.aborted).toBe(true);

    // The same client object now talks to the fresh worker, once it is set up (profile open).
    const reply = await memory.retrieve('what did I say?');
    expect(reply.items.length).toBeGreaterThan(0);
    expect(restarted).toBe(1);
    handle.kill('done');
  });

  it('does not restart a worker that keeps stopping', async () => {
    const db = await freshDb();
    const crashes: boolean[] = [];
    const handle = startMemoryWorker(
      CONFIG,
      { onStart: () => undefined, onCrash: (_e, restarting) => crashes.push(restarting) },
      () => fakeWorker(db).worker,
    );
    for (let i = 0; i < 5; i++) handle.kill('crash on start');
    expect(crashes).toEqual([true, true, true, false]);
    await expect(handle.memory.profiles()).rejects.toBeInstanceOf(WorkerCrashedError);
  });
});
