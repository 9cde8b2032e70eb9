/**
 * The page client and the worker host wired through an in-memory fake worker (messages are
 * structured-cloned, transfer lists checked), with a fake embedder behind the host.
 */
import { describe, expect, it } from 'vitest';
import type { Vector } from '../../engine/types.ts';
import { EmbedClient, errorFromWire, type WorkerLike } from './embed-client.ts';
import type { EmbedRequest, EmbedResponse } from './embed-protocol.ts';
import { createEmbedHost, type EmbedHost, type HostDeps } from './embed-worker-host.ts';
import { EmbedderModelMissingError } from './errors.ts';

type Listener = (event: { data: unknown; message?: string }) => void;

/** A Worker stand-in running the host in-process; records what was transferred. */
function fakeWorker(deps: HostDeps, host: EmbedHost = createEmbedHost(deps)) {
  const listeners: Record<string, Listener[]> = { message: [], error: [], messageerror: [] };
  const transferred: ArrayBuffer[] = [];
  const sent: EmbedRequest[] = [];
  let terminated = false;
  const serve = host.connect({
    postMessage(message: EmbedResponse, transfer: Transferable[]) {
      transferred.push(...(transfer as ArrayBuffer[]));
      const data = structuredClone(message, { transfer });
      queueMicrotask(() => listeners.message!.forEach((l) => l({ data })));
    },
  });
  const worker: WorkerLike = {
    postMessage(message) {
      sent.push(message);
      serve(structuredClone(message));
    },
    addEventListener(type: string, listener: Listener) {
      listeners[type]!.push(listener);
    },
    terminate() {
      terminated = true;
    },
  } as WorkerLike;
  return {
    worker,
    transferred,
    sent,
    crash: (message: string) => listeners.error!.forEach((l) => l({ data: null, message })),
    get terminated() {
      return terminated;
    },
  };
}

const embedOne = (t: string): Vector => Float32Array.from([t.length, 1]);

function deps(overrides: Partial<HostDeps> = {}): HostDeps {
  return {
    build: 'webgpu',
    webGpuAvailable: async () => false,
    load: async (_options, _device, post, id) => {
      post({ type: 'progress', id, progress: { status: 'initiate', task: 'load' } });
      post({ type: 'progress', id, progress: { status: 'done', task: 'load', progress: 100 } });
      return { dimension: 2, embed: async (texts) => texts.map(embedOne) };
    },
    ...overrides,
  };
}

const LOAD = { modelId: 'grove/glove-wink-100d', dtype: 'q8' } as const;

describe('EmbedClient ↔ embed worker host', () => {
  it('loads, reports progress and the device, and returns transferred vectors', async () => {
    const fake = fakeWorker(deps());
    const progress: string[] = [];
    const client = await EmbedClient.create(
      { ...LOAD, device: 'auto', onProgress: (p) => progress.push(p.status) },
      fake.worker,
    );
    expect(progress).toEqual(['initiate', 'done']);
    expect(client.device).toBe('wasm');
    expect(client.fallbackReason).toMatch(/no WebGPU adapter/);
    expect(client.dimension).toBe(2);
    const vectors = await client.embed(['ab', 'abc']);
    expect(vectors.map((v) => Array.from(v))).toEqual([
      [2, 1],
      [3, 1],
    ]);
    expect(vectors[0]).toBeInstanceOf(Float32Array);
    expect(fake.transferred).toHaveLength(2);
    expect(fake.transferred.every((b) => b.byteLength === 0)).toBe(true); // detached: moved, not copied
  });

  it('uses WebGPU when an adapter exists, and refuses forced WebGPU without one', async () => {
    const withGpu = await EmbedClient.create(
      { ...LOAD, device: 'auto' },
      fakeWorker(deps({ webGpuAvailable: async () => true })).worker,
    );
    expect(withGpu.device).toBe('webgpu');
    const fake = fakeWorker(deps());
    await expect(
      EmbedClient.create({ ...LOAD, device: 'webgpu' }, fake.worker),
    ).rejects.toMatchObject({
      name: 'EmbedderDeviceError',
      message: expect.stringMatching(/WASM/),
    });
    expect(fake.terminated).toBe(true);
  });

  it("a worker of ORT's CPU-only build runs WASM loads and refuses the others before loading", async () => {
    let loads = 0;
    const counting = (build: HostDeps['build']) =>
      deps({
        build,
        webGpuAvailable: async () => true,
        load: async () => {
          loads++;
          return { dimension: 2, embed: async (texts) => texts.map(embedOne) };
        },
      });
    const wasm = await EmbedClient.create(
      { ...LOAD, device: 'wasm' },
      fakeWorker(counting('wasm')).worker,
    );
    expect(wasm.device).toBe('wasm');
    for (const device of ['webgpu', 'auto'] as const) {
      await expect(
        EmbedClient.create({ ...LOAD, device }, fakeWorker(counting('wasm')).worker),
      ).rejects.toMatchObject({
        name: 'EmbedderDeviceError',
        message: expect.stringContaining('CPU-only build'),
      });
    }
    expect(loads).toBe(1);
    // The WebGPU build runs both devices.
    const gpu = await EmbedClient.create(
      { ...LOAD, device: 'auto' },
      fakeWorker(counting('webgpu')).worker,
    );
    expect(gpu.device).toBe('webgpu');
  });

  it('rebuilds worker errors as the app error classes', async () => {
    const fake = fakeWorker(
      deps({
        load: async () => {
          throw EmbedderModelMissingError.at('grove/x', '/models/');
        },
      }),
    );
    const error = await EmbedClient.create({ ...LOAD, device: 'wasm' }, fake.worker).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EmbedderModelMissingError);
    expect((error as Error).message).toContain('grove/x');
    expect(errorFromWire({ name: 'SomethingElse', message: 'm' })).toMatchObject({
      name: 'SomethingElse',
      message: 'm',
    });
  });

  it('runs requests one at a time and cancels a queued one', async () => {
    let active = 0;
    let maxActive = 0;
    const fake = fakeWorker(
      deps({
        load: async () => ({
          dimension: 2,
          embed: async (texts, signal) => {
            active++;
            maxActive = Math.max(maxActive, active);
            await new Promise((r) => setTimeout(r, 5));
            active--;
            if (signal?.aborted) throw new DOMException('cancelled', 'AbortError');
            return texts.map(embedOne);
          },
        }),
      }),
    );
    const client = await EmbedClient.create({ ...LOAD, device: 'wasm' }, fake.worker);
    const controller = new AbortController();
    const first = client.embed(['a']);
    const second = client.embed(['bb'], controller.signal);
    const third = client.embed(['ccc']);
    controller.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect((await first)[0]![0]).toBe(1);
    expect((await third)[0]![0]).toBe(3);
    expect(maxActive).toBe(1);
    expect(fake.sent.some((m) => m.type === 'cancel')).toBe(true);
  });

  it('fails pending and later calls when the worker crashes', async () => {
    const fake = fakeWorker(
      deps({
        load: async () => ({ dimension: 2, embed: () => new Promise<Vector[]>(() => {}) }),
      }),
    );
    const client = await EmbedClient.create({ ...LOAD, device: 'wasm' }, fake.worker);
    const pending = client.embed(['a']);
    fake.crash('out of memory');
    // One crash error name across all workers (issue 23).
    await expect(pending).rejects.toMatchObject({
      name: 'WorkerCrashedError',
      message: 'The embed worker stopped (out of memory).',
    });
    await expect(client.embed(['b'])).rejects.toMatchObject({ name: 'WorkerCrashedError' });
    expect(fake.terminated).toBe(true);
  });
});
