/**
 * EmbedderPort over a transformers.js feature-extraction pipeline: batched, pooled (mean by
 * default, or CLS), L2-normalised vectors, one Float32Array (own buffer, transferable) per text.
 */
import { throwIfAborted } from '../../engine/errors.ts';
import type { EmbedderPort } from '../../engine/ports.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import type { Vector } from '../../engine/types.ts';
import {
  EmbedderDeviceError,
  EmbedderLoadError,
  EmbedderModelMissingError,
  EmbedderRunError,
} from './errors.ts';
import { createLoadProgressMapper, type TransformersProgressInfo } from './progress-map.ts';

/** Where inference runs: WebGPU or WASM in the browser, the native CPU runtime in Node. */
export type EmbedderDevice = 'webgpu' | 'wasm' | 'cpu';

/** How token vectors become one text vector: their mean, or the first ([CLS]) token's. */
export type Pooling = 'mean' | 'cls';

/** What the adapter needs from a feature-extraction pipeline (the real one, or a test fake). */
export interface FeatureExtractor {
  (
    texts: string[],
    options: { pooling: Pooling; normalize: true },
  ): Promise<{ readonly data: ArrayLike<number>; readonly dims: readonly number[] }>;
  dispose?(): Promise<unknown>;
}

export type LoadExtractor = (
  modelId: string,
  options: {
    device: EmbedderDevice;
    dtype: string;
    progress_callback: (info: TransformersProgressInfo) => void;
  },
) => Promise<FeatureExtractor>;

export interface TransformersEmbedderOptions {
  readonly modelId: string;
  readonly device: EmbedderDevice;
  /** transformers.js dtype: picks the ONNX file ('q8' → onnx/model_quantized.onnx). */
  readonly dtype: string;
  /** Texts per inference call (default 64). */
  readonly batchSize?: number;
  /** Default 'mean' (the bundled GloVe model, MiniLM, GTE); BGE uses 'cls'. */
  readonly pooling?: Pooling;
  readonly onProgress?: ProgressCallback;
  /** Where models are looked up, for error messages. */
  readonly location: string;
}

const DEFAULT_BATCH_SIZE = 64;

/** The real loader: transformers.js' pipeline(), imported only when first used. */
export const loadTransformersExtractor: LoadExtractor = async (modelId, options) => {
  const { pipeline } = await import('@huggingface/transformers');
  type PipelineOptions = NonNullable<Parameters<typeof pipeline>[2]>;
  const extractor = await pipeline(
    'feature-extraction',
    modelId,
    options as unknown as PipelineOptions,
  );
  return extractor as unknown as FeatureExtractor;
};

export class TransformersEmbedder implements EmbedderPort {
  readonly id: string;

  private constructor(
    private readonly extractor: FeatureExtractor,
    readonly modelId: string,
    readonly device: EmbedderDevice,
    readonly dimension: number,
    private readonly batchSize: number,
    readonly pooling: Pooling,
  ) {
    this.id = `transformers:${modelId}@${device}`;
  }

  static async load(
    options: TransformersEmbedderOptions,
    load: LoadExtractor = loadTransformersExtractor,
  ): Promise<TransformersEmbedder> {
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    if (!Number.isInteger(batchSize) || batchSize < 1) {
      throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
    }
    const task = `load embedder ${options.modelId}`;
    let extractor: FeatureExtractor;
    try {
      extractor = await load(options.modelId, {
        device: options.device,
        dtype: options.dtype,
        progress_callback: createLoadProgressMapper(task, options.onProgress),
      });
    } catch (error) {
      throw loadError(error, options);
    }
    const pooling = options.pooling ?? 'mean';
    // One probe text tells the dimension and proves the session runs on this device.
    const probe = await runExtractor(extractor, ['dimension probe'], options.device, pooling);
    return new TransformersEmbedder(
      extractor,
      options.modelId,
      options.device,
      probe.dims[1] ?? 0,
      batchSize,
      pooling,
    );
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Vector[]> {
    const vectors: Vector[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      throwIfAborted(signal);
      const batch = texts.slice(start, start + this.batchSize);
      const { data, dims } = await runExtractor(this.extractor, batch, this.device, this.pooling);
      if (dims[0] !== batch.length || dims[1] !== this.dimension) {
        throw new EmbedderRunError(
          `The embedder returned shape [${dims.join(', ')}] for ${batch.length} texts; ` +
            `expected [${batch.length}, ${this.dimension}].`,
        );
      }
      for (let row = 0; row < batch.length; row++) {
        vectors.push(unitRow(data, row, this.dimension));
      }
    }
    throwIfAborted(signal);
    return vectors;
  }

  async dispose(): Promise<void> {
    await this.extractor.dispose?.();
  }
}

async function runExtractor(
  extractor: FeatureExtractor,
  texts: string[],
  device: EmbedderDevice,
  pooling: Pooling,
) {
  try {
    return await extractor(texts, { pooling, normalize: true });
  } catch (error) {
    throw new EmbedderRunError(
      `Embedding ${texts.length} texts on ${device} failed: ${messageOf(error)}`,
      { cause: error },
    );
  }
}

/**
 * One row as its own unit vector. A text with no known word pools to zero (NaN after
 * normalisation); it maps to a fixed unit vector, so such texts are alike and unlike the rest.
 */
function unitRow(data: ArrayLike<number>, row: number, dimension: number): Float32Array {
  const out = new Float32Array(dimension);
  let sq = 0;
  for (let i = 0; i < dimension; i++) {
    const x = data[row * dimension + i] as number;
    out[i] = x;
    sq += x * x;
  }
  if (!Number.isFinite(sq) || sq === 0) {
    out.fill(0);
    out[0] = 1;
    return out;
  }
  const n = Math.sqrt(sq);
  if (Math.abs(n - 1) > 1e-4) for (let i = 0; i < dimension; i++) out[i]! /= n;
  return out;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Load failures, sorted into the app's error types. */
function loadError(error: unknown, options: TransformersEmbedderOptions): Error {
  const message = messageOf(error);
  const name = (error as { name?: unknown } | null)?.name;
  if (
    name === 'ModelFileNotFoundError' ||
    /not found locally|could not locate file|local file missing|404/i.test(message) ||
    // A dev server's HTML fallback page where a JSON file should be.
    /unexpected token '?<'?|is not valid json/i.test(message)
  ) {
    return EmbedderModelMissingError.at(options.modelId, options.location, { cause: error });
  }
  if (/webgpu|no available backend|adapter/i.test(message) && options.device === 'webgpu') {
    return new EmbedderDeviceError(
      `WebGPU could not start the embedder (${message}). Use the WASM device, or a browser ` +
        `with WebGPU enabled (Chrome/Edge 113+; in Chromium on Linux, --enable-unsafe-webgpu).`,
      { cause: error },
    );
  }
  return new EmbedderLoadError(
    `Loading the embedding model "${options.modelId}" on ${options.device} failed: ${message}`,
    { cause: error },
  );
}
