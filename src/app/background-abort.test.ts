/**
 * Issue 12: background work (a session's fact extraction, summaries and task unit, then its
 * insert) runs on the page's one engine behind the priority queue, called from the memory
 * worker over the page-LLM bridge. Aborted mid-way, it leaves the store as it was: the same
 * facts, tree and task units (the session stays pending, to be resumed), and the call that was
 * waiting in the page's queue is dropped there, never run.
 */
import { describe, expect, it } from 'vitest';
import { AbortError } from '../engine/errors.ts';
import { callPriority } from '../engine/llm-purposes.ts';
import type { LlmPort } from '../engine/ports.ts';
import { HashEmbedder, ScriptedLlm } from '../engine/testing/index.ts';
import { PriorityQueue } from '../models/llm/priority-queue.ts';
import { PageLlmClient, servePageLlm } from '../rpc/page-llm-bridge.ts';
import { bookingSession } from '../storage/booking-session.test-support.ts';
import { distinctSession, freshDb, snapshot } from '../storage/fixtures.test-support.ts';
import { memoryClient } from '../memory-backend/memory-client.ts';
import { createMemoryService } from '../memory-backend/memory-service.ts';
import { pipelineEngine } from '../memory-backend/pipeline-engine.ts';
import { serveMemory } from '../memory-backend/worker-server.ts';
import type { SessionInput } from '../memory-backend/worker-protocol.ts';

/** The page's one engine: the scripted LLM behind the queue, each call at its purpose's priority. */
function oneEngine() {
  const queue = new PriorityQueue();
  const scripted = new ScriptedLlm();
  const started: string[] = [];
  let onQueue: (purpose: string) => void = () => undefined;
  const run = <T>(
    purpose: string | undefined,
    signal: AbortSignal | undefined,
    work: () => Promise<T>,
  ) => {
    onQueue(purpose ?? '?');
    return queue.run(
      async () => {
        started.push(purpose ?? '?');
        return work();
      },
      { priority: callPriority(purpose), ...(signal ? { signal } : {}) },
    );
  };
  const llm: LlmPort = {
    id: 'one engine',
    countTokens: (text) => scripted.countTokens(text),
    complete: (r) => run(r.purpose, r.signal, () => scripted.complete(r)),
    completeStructured: (r) => run(r.purpose, r.signal, () => scripted.completeStructured(r)),
  };
  return { queue, llm, started, setOnQueue: (f: (purpose: string) => void) => (onQueue = f) };
}

/** The memory worker (service + page-LLM client) and the page (client + bridge) on one channel. */
async function workerAndPage() {
  const db = await freshDb();
  const engine = oneEngine();
  const { port1: worker, port2: page } = new MessageChannel();
  const pageLlm = new PageLlmClient(worker, { idPrefix: 'page:' });
  pageLlm.available = engine.llm.id;
  serveMemory(
    worker,
    createMemoryService(db, pipelineEngine({ embedder: new HashEmbedder(), llm: pageLlm }), {
      taskLlm: () => pageLlm,
    }),
  );
  servePageLlm(page, () => engine.llm);
  worker.start();
  page.start();
  const memory = memoryClient(page);
  return { db, engine, memory, close: () => (worker.close(), page.close()) };
}

const input = (session: ReturnType<typeof distinctSession>): SessionInput => ({
  id: session.id,
  ...(session.time === undefined ? {} : { time: session.time }),
  turns: session.turns.map((t) => ({ id: t.id, speaker: t.speaker, text: t.text })),
});

describe('aborted background work', () => {
  // Aborted while its extraction waits (nothing of it ran yet), and while its task unit waits
  // (its facts were extracted and inserted in memory, not yet written).
  it.each(['extract-facts', 'task-qa'])(
    'leaves the store as it was, and the waiting %s call never runs on the page',
    async (waiting) => {
      const { db, engine, memory, close } = await workerAndPage();
      try {
        await memory.open('p');
        await memory.ingest(input(distinctSession(1)), 'c1');
        await memory.ingest(input(bookingSession('b1', 'Nopa', '2')), 'c1');
        const before = await snapshot(db);
        expect(before.treeFactPages?.length).toBeGreaterThan(0);
        expect(before.taskMemory).toHaveLength(1);

        // When the session's `waiting` call is queued, the user's turn has just taken the
        // engine: the call waits in the page's queue. Then the ingestion is aborted.
        let release!: () => void;
        const userTurn = new Promise<void>((resolve) => (release = resolve));
        let turn: Promise<void> | undefined;
        engine.setOnQueue((purpose) => {
          if (purpose === waiting) turn ??= engine.queue.run(() => userTurn, { priority: 'user' });
        });
        const control = new AbortController();
        const ingestion = memory.ingest(
          input(bookingSession('b2', 'Zuni', '4')),
          'c1',
          control.signal,
        );
        await expect.poll(() => engine.queue.size).toBe(2); // the user's turn runs, one call waits
        const ran = engine.started.length;
        control.abort();
        await expect(ingestion).rejects.toBeInstanceOf(AbortError);
        await expect.poll(() => engine.queue.size).toBe(1); // dropped from the page's queue
        release();
        await turn;
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(engine.started.length).toBe(ran); // nothing of the aborted session ran after it

        const after = await snapshot(db);
        // The same facts, tree and task units; the session stays pending, to be resumed.
        expect(after.pending?.map((p) => (p as { sessionId: string }).sessionId)).toEqual(['b2']);
        expect({ ...after, pending: [] }).toEqual({ ...before, pending: [] });
      } finally {
        close();
      }
    },
  );
});
