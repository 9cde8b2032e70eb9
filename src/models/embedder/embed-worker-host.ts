/**
 * The embed worker's logic, kept out of the thin entry file so it can be tested in Node: it
 * configures transformers.js for offline use, loads the embedder on the chosen device, and
 * answers embed requests one at a time (cancellable between batches).
 */
import type {
  DeviceChoice,
  EmbedRequest,
  EmbedResponse,
  LoadedInfo,
  LoadOptions,
} from './embed-protocol.ts';
import { serveRequests } from '../../rpc/serve-requests.ts';
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

  async function handle(
    request: EmbedRequest & { type: 'load' | 'embed' },
    signal: AbortSignal,
  ): Promise<void> {
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
    const vectors = await embedder.embed(request.texts, signal);
    scope.postMessage(
      { type: 'vectors', id: request.id, vectors },
      vectors.map((v) => v.buffer as ArrayBuffer),
    );
  }

  // One request at a time: calls to one session never interleave.
  return serveRequests<EmbedRequest & { type: 'load' | 'embed' }>(handle, (message) =>
    scope.postMessage(message, []),
  );
}
