/**
 * The embed worker's logic, kept out of the thin entry file so it can be tested in Node: it
 * configures transformers.js for offline use, loads each embedder once on the chosen device, and
 * answers embed requests from every connection (the page, and the memory and explorer workers
 * through their MessagePorts) one at a time, cancellable between batches.
 */
import type {
  DeviceChoice,
  EmbedRequest,
  EmbedResponse,
  LoadedInfo,
  LoadOptions,
} from './embed-protocol.ts';
import { serveRequests } from '../../rpc/serve-requests.ts';
import { AbortError } from '../../engine/errors.ts';
import { EmbedderDeviceError } from './errors.ts';
import type { EmbedderDevice, TransformersEmbedder } from './transformers-embedder.ts';
import { ortBuildFor, type OrtBuild } from './ort-files.ts';

export interface HostScope {
  postMessage(message: EmbedResponse, transfer: Transferable[]): void;
}

export interface HostDeps {
  /** The ORT build this worker's runtime starts (its name says which: embedWorkerName). */
  readonly build: OrtBuild;
  /** Loads the embedder for a resolved device (configures the runtime first). */
  load(
    options: LoadOptions,
    device: EmbedderDevice,
    onProgress: (p: EmbedResponse & { type: 'progress' }) => void,
    id: number,
  ): Promise<Pick<TransformersEmbedder, 'embed' | 'dimension'>>;
  /** Whether WebGPU can run here (an adapter is returned). */
  webGpuAvailable(): Promise<boolean>;
}

export async function resolveDevice(
  choice: DeviceChoice,
  webGpuAvailable: () => Promise<boolean>,
): Promise<{ device: EmbedderDevice; fallbackReason?: string }> {
  if (choice === 'wasm') return { device: 'wasm' };
  const available = await webGpuAvailable();
  if (available) return { device: 'webgpu' };
  if (choice === 'webgpu') {
    throw new EmbedderDeviceError(
      'WebGPU was requested for the embedder but this browser offers no WebGPU adapter. Choose ' +
        'WASM, or use a browser with WebGPU (Chrome/Edge 113+; Chromium on Linux needs ' +
        '--enable-unsafe-webgpu).',
    );
  }
  return { device: 'wasm', fallbackReason: 'no WebGPU adapter in this browser' };
}

/** The embedder the host keeps for one key (what `load` returned, with its device). */
interface Loaded {
  readonly embedder: Pick<TransformersEmbedder, 'embed' | 'dimension'>;
  readonly info: LoadedInfo;
}

export interface EmbedHost {
  /**
   * Serves one more caller (the page over the worker's own port, or a worker over a
   * MessagePort); returns its message handler. Every connection shares the loaded models.
   */
  connect(scope: HostScope): (message: unknown) => void;
  /** How many loads actually ran (not those served by a model already loaded). */
  readonly loads: number;
}

/** The key a load is kept under: what changes the loaded model, once its device is resolved. */
export function loadKey(options: LoadOptions, device: EmbedderDevice): string {
  return JSON.stringify([
    options.modelId,
    options.dtype,
    device,
    options.modelBaseUrl ?? '',
    options.pooling ?? '',
    options.batchSize ?? 0,
  ]);
}

/**
 * The tab's one embed host: models are loaded once per key and kept, whichever connection asked
 * first; work from every connection runs one call at a time (one ONNX session never runs two
 * inferences at once), and a connection's cancel fires only its own call's signal.
 */
export function createEmbedHost(deps: HostDeps): EmbedHost {
  const models = new Map<string, Promise<Loaded>>();
  let queue: Promise<unknown> = Promise.resolve();
  let loads = 0;

  /** Runs `work` after everything queued before it, from any connection. */
  function exclusive<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    const run = queue.then(() => {
      if (signal.aborted) throw new AbortError();
      return work();
    });
    queue = run.catch(() => undefined);
    return run;
  }

  async function load(
    options: LoadOptions,
    onProgress: (p: EmbedResponse & { type: 'progress' }) => void,
    id: number,
  ): Promise<Loaded> {
    if (deps.build === 'wasm' && ortBuildFor(options.device) !== 'wasm') {
      // The page sends such a load to a worker of the WebGPU build (embed-runtime.ts).
      throw new EmbedderDeviceError(
        `This embed worker runs ORT's CPU-only build, which cannot run the '${options.device}' ` +
          'device: load it in an embed worker of the WebGPU build.',
      );
    }
    const { device, fallbackReason } = await resolveDevice(options.device, deps.webGpuAvailable);
    const model = loadKey(options, device);
    let loaded = models.get(model);
    if (!loaded) {
      loads++;
      loaded = deps.load(options, device, onProgress, id).then((embedder) => ({
        embedder,
        info: {
          model,
          modelId: options.modelId,
          device,
          dimension: embedder.dimension,
          ...(fallbackReason ? { fallbackReason } : {}),
        },
      }));
      models.set(model, loaded);
      loaded.catch(() => models.delete(model)); // a failed load is tried again next time
    }
    return loaded;
  }

  function connect(scope: HostScope): (message: unknown) => void {
    async function handle(
      request: EmbedRequest & { type: 'load' | 'embed' },
      signal: AbortSignal,
    ): Promise<void> {
      if (request.type === 'load') {
        const { info } = await exclusive(signal, () =>
          load(request.options, (m) => scope.postMessage(m, []), request.id),
        );
        scope.postMessage({ type: 'loaded', id: request.id, info }, []);
        return;
      }
      const loaded = models.get(request.model);
      if (!loaded) throw new Error('The embedder is not loaded yet: send "load" first.');
      const { embedder } = await loaded;
      const vectors = await exclusive(signal, () => embedder.embed(request.texts, signal));
      scope.postMessage(
        { type: 'vectors', id: request.id, vectors },
        vectors.map((v) => v.buffer as ArrayBuffer),
      );
    }

    // Every request starts at once; `exclusive` puts the work in the host's one line.
    return serveRequests<EmbedRequest & { type: 'load' | 'embed' }>(
      handle,
      (message) => scope.postMessage(message, []),
      { concurrent: () => true },
    );
  }

  return {
    connect,
    get loads() {
      return loads;
    },
  };
}
