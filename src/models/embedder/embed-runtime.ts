/**
 * The tab's embed runtime (page side): one embed worker holds the ONNX runtime and the loaded
 * models for the whole tab. Everything the app loads runs on the WASM device, in a worker of
 * ORT's CPU-only build; a WebGPU load (the test API's, issue 3) gets a worker of the WebGPU build
 * of its own (`tabEmbedRuntime('webgpu')`), since a worker's ORT keeps the build it started. The
 * page's own callers (the chat's topic routing, the test API) load through it; the memory and
 * explorer workers borrow it (`lend`): when one asks, the page makes a MessageChannel, hands one
 * end to the embed worker ('connect') and the other to the asking worker, so vectors go straight
 * between the two workers, never through the page.
 *
 * If the embed worker stops, the page's waiting calls fail with EmbedderLoadError, every
 * borrowing worker is told ('embed-lost': its waiting calls fail with WorkerCrashedError), and
 * the next call starts a fresh embed worker (within a restart budget; after that every call
 * fails with the last error). A restarted memory worker asks for a fresh port itself.
 */
import type { EmbedderPort } from '../../engine/ports.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import { restartBudget } from '../../rpc/restart-budget.ts';
import { serveRequests } from '../../rpc/serve-requests.ts';
import { WorkerCrashedError } from '../../rpc/worker-errors.ts';
import {
  createEmbedWorker,
  EmbedClient,
  openEmbedChannel,
  type EmbedChannel,
  type WorkerLike,
} from './embed-client.ts';
import {
  EMBED_PORT_CHANNEL,
  type EmbedConnectMessage,
  type EmbedPortRequest,
  type EmbedPortResponse,
  type LoadOptions,
} from './embed-protocol.ts';
import type { OrtBuild } from './ort-files.ts';

/** The embed worker as the runtime uses it: a Worker that also takes a transferred port. */
export interface EmbedWorkerLike extends WorkerLike {
  postMessage(message: EmbedConnectMessage, transfer: Transferable[]): void;
  postMessage(message: unknown): void;
}

/** A worker that borrows the runtime, as the page sees it (the memory or explorer worker). */
export interface BorrowerPort {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** A MessageChannel maker (the browser's, or a fake in tests). */
export type ChannelFactory = () => { port1: MessagePort; port2: MessagePort };

export class EmbedRuntime {
  private worker: EmbedWorkerLike | undefined;
  private channel: EmbedChannel | undefined;
  private readonly clients = new Map<string, Promise<EmbedClient>>();
  private readonly borrowers = new Set<BorrowerPort>();
  private readonly mayRestart = restartBudget();
  /** Set once the embed worker kept stopping: every call fails with it. */
  private gaveUp: Error | undefined;
  private workersStarted = 0;

  constructor(
    private readonly createWorker: () => EmbedWorkerLike,
    private readonly newChannel: ChannelFactory = () => new MessageChannel(),
  ) {}

  /** How many embed workers this tab started (1 unless one stopped). */
  get started(): number {
    return this.workersStarted;
  }

  /**
   * An EmbedderPort for `options` on the page, loaded once: later calls with the same options
   * get the same client (a failed load is forgotten, so the next call tries again).
   */
  load(options: LoadOptions & { readonly onProgress?: ProgressCallback }): Promise<EmbedClient> {
    const { onProgress: _onProgress, ...load } = options;
    const key = JSON.stringify(load);
    let client = this.clients.get(key);
    if (!client) {
      try {
        client = EmbedClient.load(this.ensure(), options);
      } catch (error) {
        return Promise.reject(error as Error);
      }
      this.clients.set(key, client);
      client.catch(() => {
        if (this.clients.get(key) === client) this.clients.delete(key);
      });
    }
    return client;
  }

  /**
   * An EmbedderPort on the page that follows the runtime: loaded now, and after the embed worker
   * stopped, its next call loads again in the fresh one (the client `load` gives fails for good).
   */
  async embedder(options: LoadOptions): Promise<EmbedderPort> {
    const first = await this.load(options);
    return {
      id: first.id,
      dimension: first.dimension,
      embed: async (texts, signal) => (await this.load(options)).embed(texts, signal),
    };
  }

  /** A port to the embed worker for another worker: its calls share the tab's loaded models. */
  connect(): MessagePort {
    this.ensure();
    const { port1, port2 } = this.newChannel();
    (this.worker as EmbedWorkerLike).postMessage({ type: 'connect', port: port1 }, [port1]);
    return port2;
  }

  /**
   * Lets `worker` borrow the runtime: answers its 'embed-port' requests (on the worker's own
   * port, channel 'embed-port') with a fresh port, and tells it when the embed worker stopped.
   * `stop` fires when that worker stopped (it is forgotten).
   */
  lend(worker: BorrowerPort, stop: AbortSignal): void {
    if (stop.aborted) return;
    this.borrowers.add(worker);
    stop.addEventListener('abort', () => this.borrowers.delete(worker), { once: true });
    const serve = serveRequests<EmbedPortRequest, EmbedPortResponse>(
      async (_request, _signal, reply) => {
        const port = this.connect();
        reply({ type: 'embed-port', port });
      },
      (message) => worker.postMessage(message, message.type === 'embed-port' ? [message.port] : []),
      { channel: EMBED_PORT_CHANNEL, concurrent: () => true, signal: stop },
    );
    worker.addEventListener('message', (event) => serve(event.data));
  }

  /** Stops the embed worker as a crash would (tests, the test API). */
  kill(detail: string): void {
    this.channel?.kill(detail);
  }

  private ensure(): EmbedChannel {
    if (this.channel?.open) return this.channel;
    if (this.gaveUp) throw this.gaveUp;
    const worker = this.createWorker();
    this.workersStarted++;
    this.worker = worker;
    this.channel = openEmbedChannel(worker, (error) => this.stopped(error));
    return this.channel;
  }

  private stopped(error: Error): void {
    this.clients.clear();
    this.channel = undefined;
    this.worker = undefined;
    if (!this.mayRestart()) this.gaveUp = error;
    const detail = error instanceof WorkerCrashedError ? error.detail : error.message;
    for (const borrower of this.borrowers)
      borrower.postMessage(
        {
          type: 'embed-lost',
          id: 0,
          channel: EMBED_PORT_CHANNEL,
          detail,
        } satisfies EmbedPortResponse,
        [],
      );
  }
}

const tabs = new Map<OrtBuild, EmbedRuntime>();

/**
 * The page's runtime of one ORT build (created on first use; starts no worker until something
 * loads): 'wasm', the one every part of the app loads in, unless a WebGPU load asks otherwise.
 */
export function tabEmbedRuntime(build: OrtBuild = 'wasm'): EmbedRuntime {
  let runtime = tabs.get(build);
  if (!runtime) {
    runtime = new EmbedRuntime(() => createEmbedWorker(build) as EmbedWorkerLike);
    tabs.set(build, runtime);
  }
  return runtime;
}
