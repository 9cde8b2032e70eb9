import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AbortError } from '../engine/errors.ts';
import type { EmbedderPort } from '../engine/ports.ts';
import { HashEmbedder, ScriptedLlm } from '../engine/testing/index.ts';
import { WorkerCrashedError } from '../rpc/worker-errors.ts';
import { ExplorerClient } from './explorer-client.ts';
import { NoDatasetError, UnknownDatasetError } from './explorer-errors.ts';
import { createExplorerHost } from './explorer-host.ts';

const EXAMPLE = new URL('../../public/examples/grove-implexconv-example.json', import.meta.url);
const bytes = readFileSync(EXAMPLE);

/** An embedder that takes a turn of the event loop per batch, as a real one does. */
function slowEmbedder(): EmbedderPort {
  const hash = new HashEmbedder();
  return {
    id: hash.id,
    dimension: hash.dimension,
    embed: async (texts, signal) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return hash.embed(texts, signal);
    },
  };
}

/** A Worker stand-in: the explorer host behind a MessageChannel, with error events and terminate. */
function fakeWorker() {
  const { port1: page, port2: inside } = new MessageChannel();
  const host = createExplorerHost((m) => inside.postMessage(m), {
    llmMode: 'scripted',
    scriptedLlm: new ScriptedLlm(),
    embedder: () => Promise.resolve({ port: slowEmbedder(), label: 'slow hash' }),
    fetchText: () =>
      Promise.resolve({
        name: 'example.json',
        text: () => Promise.resolve(bytes.toString('utf8')),
        arrayBuffer: () => Promise.resolve(new Uint8Array(bytes).buffer),
      }),
  });
  inside.addEventListener('message', (event) => host(event.data));
  page.start();
  inside.start();
  const errorListeners: ((event: ErrorEvent) => void)[] = [];
  const worker = {
    postMessage: (m: unknown) => page.postMessage(m),
    addEventListener(type: string, listener: never) {
      if (type === 'message') page.addEventListener('message', listener);
      if (type === 'error') errorListeners.push(listener);
    },
    terminate: () => (page.close(), inside.close()),
  };
  return {
    worker: worker as unknown as Worker,
    crash: (message: string) => errorListeners.forEach((l) => l({ message } as ErrorEvent)),
  };
}

function client() {
  const workers: ReturnType<typeof fakeWorker>[] = [];
  const explorer = new ExplorerClient(
    () => {
      const fake = fakeWorker();
      workers.push(fake);
      return fake.worker;
    },
    () => undefined,
  );
  return { explorer, workers };
}

describe('ExplorerClient', () => {
  it('cancels a build mid-way in its worker, which then builds again', async () => {
    const { explorer } = client();
    await explorer.loadUrl('/examples/x.json', 'x.json');
    const progress: number[] = [];
    const build = explorer.build(0, (p) => {
      if (p.status === 'progress') progress.push(p.progress);
      if (p.status === 'progress' && p.progress > 10) explorer.cancelBuild();
    });
    await expect(build).rejects.toBeInstanceOf(AbortError);
    const again = await explorer.build(0, () => undefined);
    expect(again.facts).toBeGreaterThan(40);
    explorer.terminate();
  });

  it('fails calls of a worker that stopped with WorkerCrashedError, and starts a fresh one', async () => {
    const { explorer, workers } = client();
    const crashes: [string, boolean][] = [];
    explorer.onCrash((error, restarted) => crashes.push([error.name, restarted]));
    await explorer.loadUrl('/examples/x.json', 'x.json');
    const build = explorer.build(0, () => undefined);
    workers[0]?.crash('out of memory');
    await expect(build).rejects.toThrow('The explorer worker stopped (out of memory).');
    await expect(build).rejects.toBeInstanceOf(WorkerCrashedError);
    expect(crashes).toEqual([['WorkerCrashedError', true]]);
    expect(workers).toHaveLength(2);
    // The fresh worker holds no dataset: it says so, with its own class.
    await expect(explorer.build(0, () => undefined)).rejects.toBeInstanceOf(NoDatasetError);
    explorer.terminate();
  });

  it('rebuilds the worker’s errors as their classes on the page', async () => {
    const { explorer } = client();
    const file = new File(['{"hello": 1}'], 'notes.json');
    await expect(explorer.loadFile(file)).rejects.toBeInstanceOf(UnknownDatasetError);
    await expect(explorer.build(0, () => undefined)).rejects.toBeInstanceOf(NoDatasetError);
    explorer.terminate();
  });

  it('starts a fresh worker for a call made after terminate (a remount)', async () => {
    const { explorer, workers } = client();
    explorer.terminate();
    const loaded = await explorer.loadUrl('/examples/x.json', 'x.json');
    expect(loaded.conversations.length).toBeGreaterThan(0);
    expect(workers).toHaveLength(2);
    explorer.terminate();
  });
});
