/** Worker-side loading of the embedder in a browser: offline env, then the pipeline. */
import type { LoadOptions } from './embed-protocol.ts';
import {
  browserModelSource,
  configureOfflineEnv,
  modelLocation,
  type TransformersEnvLike,
} from './offline-env.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import type { OrtBuild } from './ort-files.ts';
import { TransformersEmbedder, type EmbedderDevice } from './transformers-embedder.ts';

export async function loadBrowserEmbedder(
  options: LoadOptions,
  device: EmbedderDevice,
  onProgress: ProgressCallback,
  appBase: string,
  build: OrtBuild,
): Promise<TransformersEmbedder> {
  const { env } = await import('@huggingface/transformers');
  const source = browserModelSource({
    origin: self.location.origin,
    appBase,
    modelBaseUrl: options.modelBaseUrl,
    build,
  });
  configureOfflineEnv(env as unknown as TransformersEnvLike, source);
  return TransformersEmbedder.load({
    modelId: options.modelId,
    dtype: options.dtype,
    device,
    location: modelLocation(source, self.location.origin),
    onProgress,
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
    ...(options.pooling !== undefined ? { pooling: options.pooling } : {}),
  });
}

/** True when the browser hands out a WebGPU adapter (navigator.gpu alone is not enough). */
export async function browserWebGpuAvailable(): Promise<boolean> {
  const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  if (!gpu) return false;
  try {
    return (await gpu.requestAdapter()) != null;
  } catch {
    return false;
  }
}
