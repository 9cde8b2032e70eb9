/**
 * The tab's one embed runtime: one host serves several connections (the page's own, and a
 * MessagePort per borrowing worker) with one load per model; a connection's cancel stays its
 * own; a borrowing worker's calls fail by name when the embed worker stops, and the next call
 * gets a fresh worker and port. Real MessageChannels (Node's), an in-process host, fake models.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Vector } from '../../engine/types.ts';
import { BorrowedEmbedder } from './borrowed-embedder.ts';
import { EmbedClient, openEmbedChannel } from './embed-client.ts';
import { isEmbedConnect, type EmbedResponse } from './embed-protocol.ts';
import { EmbedRuntime, type EmbedWorkerLike } from './embed-runtime.ts';
import { createEmbedHost, type EmbedHost, type HostDeps } from './embed-worker-host.ts';
import { WorkerCrashedError } from '../../rpc/worker-errors.ts';

const LOAD = { modelId: 'grove/glove-wink-100d', dtype: 'q8', device: 'wasm' } as const;
const embedOne = (t: string): Vector => Float32Array.from([t.length, 1]);

const openPorts: MessagePort[] = [];
afterEach(() => {
  for (const port of openPorts.splice(0)) port.close();
});

function channel(): { port1: MessagePort; port2: MessagePort } {
  const c = new MessageChannel();
  openPorts.push(c.port1, c.port2);
  return c;
}

/** A model whose embed of "hang" never answers; counts its loads. */
function deps(counter = { loads: 0 }): HostDeps {
  return {
    build: 'wasm',
    webGpuAvailable: async () => false,
    load: async (_options, _device, post, id) => {
      counter.loads++;
      post({ type: 'progress', id, progress: { status: 'initiate', task: 'load' } });
      await new Promise((r) => setTimeout(r, 5));
      return {
        dimension: 2,
        embed: async (texts, signal) => {
          if (texts.includes('hang')) return new Promise<Vector[]>(() => {});
          await new Promise((r) => setTimeout(r, 5));
          if (signal?.aborted) throw new DOMException('cancelled', 'AbortError');
          return texts.map(embedOne);
        },
      };
    },
  };
}

type Listener = (event: { data: unknown; message?: string }) => void;

/** An embed worker stand-in running `host` in-process; 'connect' wires a real MessagePort. */
function fakeEmbedWorker(host: EmbedHost) {
  const listeners: Record<string, Listener[]> = { message: [], error: [], messageerror: [] };
  const serve = host.connect({
    postMessage(message: EmbedResponse, transfer: Transferable[]) {
      const data = structuredClone(message, { transfer });
      queueMicrotask(() => listeners.message!.forEach((l) => l({ data })));
    },
  });
  const worker = {
    postMessage(message: unknown) {
      if (!isEmbedConnect(message)) {
        serve(structuredClone(message));
        return;
      }
      const { port } = message;
      const own = host.connect({ postMessage: (m, t) => port.postMessage(m, t) });
      port.addEventListener('message', (e) => own((e as MessageEvent).data));
      port.start();
    },
    addEventListener(type: string, listener: Listener) {
      listeners[type]!.push(listener);
    },
    terminate() {},
    crash: (message: string) => listeners.error!.forEach((l) => l({ data: null, message })),
  };
  return worker;
}

/** A borrowing worker: the page's end of its port, and the worker's own scope. */
function borrower() {
  const { port1: page, port2: scope } = channel();
  page.start();
  scope.start();
  return { page, scope };
}

describe('embed worker host: several connections', () => {
  it('two connections share one load and both get their vectors', async () => {
    const counter = { loads: 0 };
    const host = createEmbedHost(deps(counter));
    const a = channel();
    const b = channel();
    for (const end of [a.port1, b.port1]) {
      const serve = host.connect({ postMessage: (m, t) => end.postMessage(m, t) });
      end.addEventListener('message', (e) => serve(e.data));
      end.start();
    }
    a.port2.start();
    b.port2.start();
    const [clientA, clientB] = await Promise.all([
      EmbedClient.load(openEmbedChannel(a.port2), LOAD),
      EmbedClient.load(openEmbedChannel(b.port2), LOAD),
    ]);
    expect(counter.loads).toBe(1);
    expect(host.loads).toBe(1);
    const [va, vb] = await Promise.all([clientA.embed(['ab']), clientB.embed(['abc'])]);
    expect(Array.from(va[0]!)).toEqual([2, 1]);
    expect(Array.from(vb[0]!)).toEqual([3, 1]);
    expect(va[0]).toBeInstanceOf(Float32Array);
  });

  it("a connection's cancel does not reach the other's call with the same id", async () => {
    const host = createEmbedHost(deps());
    const a = channel();
    const b = channel();
    for (const end of [a.port1, b.port1]) {
      const serve = host.connect({ postMessage: (m, t) => end.postMessage(m, t) });
      end.addEventListener('message', (e) => serve(e.data));
      end.start();
    }
    a.port2.start();
    b.port2.start();
    const clientA = await EmbedClient.load(openEmbedChannel(a.port2), LOAD);
    const clientB = await EmbedClient.load(openEmbedChannel(b.port2), LOAD);
    // Both clients' next call has id 2 on their own connection.
    const controller = new AbortController();
    const fromA = clientA.embed(['aaaa'], controller.signal);
    const fromB = clientB.embed(['bb']);
    controller.abort();
    await expect(fromA).rejects.toMatchObject({ name: 'AbortError' });
    expect(Array.from((await fromB)[0]!)).toEqual([2, 1]);
    // And A still works after its cancel.
    expect(Array.from((await clientA.embed(['a']))[0]!)).toEqual([1, 1]);
  });
});

describe('EmbedRuntime: one embed worker for the page and the workers it lends to', () => {
  it('a borrowing worker uses the model the page loaded, through its own port', async () => {
    const counter = { loads: 0 };
    const hosts: EmbedHost[] = [];
    const runtime = new EmbedRuntime(() => {
      const host = createEmbedHost(deps(counter));
      hosts.push(host);
      return fakeEmbedWorker(host) as unknown as EmbedWorkerLike;
    }, channel);
    const page = await runtime.load(LOAD);
    const memory = borrower();
    runtime.lend(memory.page, new AbortController().signal);
    const borrowed = new BorrowedEmbedder(memory.scope, LOAD, 'bundled', 2);
    const [fromPage, fromWorker] = await Promise.all([page.embed(['ab']), borrowed.embed(['abc'])]);
    expect(Array.from(fromPage[0]!)).toEqual([2, 1]);
    expect(Array.from(fromWorker[0]!)).toEqual([3, 1]);
    expect(runtime.started).toBe(1);
    expect(counter.loads).toBe(1);
    expect(await runtime.load(LOAD)).toBe(page);
  });

  it('the embed worker stopping fails a waiting worker call by name; the next call reconnects', async () => {
    const workers: ReturnType<typeof fakeEmbedWorker>[] = [];
    const runtime = new EmbedRuntime(() => {
      const worker = fakeEmbedWorker(createEmbedHost(deps()));
      workers.push(worker);
      return worker as unknown as EmbedWorkerLike;
    }, channel);
    const memory = borrower();
    const stopped = new AbortController();
    runtime.lend(memory.page, stopped.signal);
    const borrowed = new BorrowedEmbedder(memory.scope, LOAD, 'bundled', 2);
    await borrowed.ready();
    const waiting = borrowed.embed(['hang']);
    await new Promise((r) => setTimeout(r, 10));
    workers[0]!.crash('out of memory');
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerCrashedError);
    expect((error as Error).message).toContain('out of memory');
    expect(Array.from((await borrowed.embed(['abcd']))[0]!)).toEqual([4, 1]);
    expect(runtime.started).toBe(2);
    // A worker that stopped is forgotten: it is told nothing more.
    stopped.abort();
    workers[1]!.crash('again');
  });

  it("the page's embedder follows the runtime to a fresh embed worker", async () => {
    const workers: ReturnType<typeof fakeEmbedWorker>[] = [];
    const runtime = new EmbedRuntime(() => {
      const worker = fakeEmbedWorker(createEmbedHost(deps()));
      workers.push(worker);
      return worker as unknown as EmbedWorkerLike;
    }, channel);
    const embedder = await runtime.embedder(LOAD);
    expect(Array.from((await embedder.embed(['ab']))[0]!)).toEqual([2, 1]);
    workers[0]!.crash('out of memory');
    expect(Array.from((await embedder.embed(['abc']))[0]!)).toEqual([3, 1]);
    expect(runtime.started).toBe(2);
  });
});
