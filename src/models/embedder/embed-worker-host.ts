/**
 * The embed worker's logic, kept out of the thin entry file so it can be tested in Node: it
 * configures transformers.js for offline use, loads the embedder on the chosen device, and
 * answers embed requests one at a time (cancellable between batches).
 */
import { AbortError } from '../../engine/errors.ts';
import type {
  DeviceChoice,
  EmbedRequest,
  EmbedResponse,
  LoadedInfo,
  LoadOptions,
} from './embed-protocol.ts';
import { toWireError } from './embed-protocol.ts';
import { EmbedderDeviceError } from './errors.ts';
import type { EmbedderDevice, TransformersEmbedder } from './transformers-embedder.ts';

export interface HostScope {
  postMessage(message: EmbedResponse, transfer: Transferable[]): void;
}

export interface HostDeps {
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

export function createEmbedHost(scope: HostScope, deps: HostDeps) {
  let embedder: Pick<TransformersEmbedder, 'embed' | 'dimension'> | undefined;
  let queue: Promise<void> = Promise.resolve();
  const controllers = new Map<number, AbortController>();

  async function handle(request: EmbedRequest & { type: 'load' | 'embed' }): Promise<void> {
    const controller = controllers.get(request.id);
    try {
      if (controller?.signal.aborted) throw new AbortError();
      if (request.type === 'load') {
        const { device, fallbackReason } = await resolveDevice(
          request.options.device,
          deps.webGpuAvailable,
        );
        embedder = await deps.load(
          request.options,
          device,
          (m) => scope.postMessage(m, []),
          request.id,
        );
        const info: LoadedInfo = {
          modelId: request.options.modelId,
          device,
          dimension: embedder.dimension,
          ...(fallbackReason ? { fallbackReason } : {}),
        };
        scope.postMessage({ type: 'loaded', id: request.id, info }, []);
        return;
      }
      if (!embedder) throw new Error('The embedder is not loaded yet: send "load" first.');
      const vectors = await embedder.embed(request.texts, controller?.signal);
      scope.postMessage(
        { type: 'vectors', id: request.id, vectors },
        vectors.map((v) => v.buffer as ArrayBuffer),
      );
    } catch (error) {
      scope.postMessage({ type: 'error', id: request.id, error: toWireError(error) }, []);
    } finally {
      controllers.delete(request.id);
    }
  }

  return function onMessage(request: EmbedRequest): void {
    if (request.type === 'cancel') {
      controllers.get(request.id)?.abort();
      return;
    }
    controllers.set(request.id, new AbortController());
    // One request at a time: calls to one session never interleave.
    queue = queue.then(() => handle(request));
  };
}
