/**
 * Any transformers.js feature-extraction model folder on disk as an embedder in Node (CLI, tests,
 * benchmarks), loaded fully offline: remote models disabled, files read from the folder only.
 *
 * A model folder holds config.json, tokenizer.json, tokenizer_config.json and onnx/model.onnx
 * and/or onnx/model_quantized.onnx. The ONNX file picks the dtype: fp32 (model.onnx) when present,
 * else q8 (model_quantized.onnx). Vectors are mean-pooled over the tokens and L2-normalised; a
 * `grove.json` beside the model may say `{ "pooling": "cls" }` for models trained with [CLS]
 * pooling (BGE). The dimension comes from config.json (`hidden_size`, else `dim`), otherwise from
 * the first embedding.
 *
 * transformers.js' `env` is process-wide: load folders one after another, not concurrently.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { EmbedderPort } from '../../engine/ports.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import type { Vector } from '../../engine/types.ts';
import { EmbedderLoadError, EmbedderModelMissingError } from './errors.ts';
import { configureOfflineEnv, type TransformersEnvLike } from './offline-env.ts';
import { TransformersEmbedder, type Pooling } from './transformers-embedder.ts';

const REQUIRED_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json'] as const;
const ONNX_FILES = { fp32: 'onnx/model.onnx', q8: 'onnx/model_quantized.onnx' } as const;

/** What a model folder holds, read without loading the model. */
export interface ModelFolderInfo {
  readonly folder: string;
  readonly dtype: keyof typeof ONNX_FILES;
  /** From config.json (`hidden_size` or `dim`); undefined when it says neither. */
  readonly dimension: number | undefined;
  readonly pooling: Pooling;
}

/** Checks a folder is a usable model folder and reads its dtype, dimension and pooling. */
export function inspectModelFolder(folder: string): ModelFolderInfo {
  const path = resolve(folder);
  if (!existsSync(path) || !statSync(path).isDirectory()) {
    const what = existsSync(path) ? 'is a file, not a folder' : 'does not exist';
    throw new EmbedderModelMissingError(
      `The embedding model folder ${path} ${what}. Pass a folder holding config.json, ` +
        `tokenizer.json, tokenizer_config.json and onnx/model.onnx or onnx/model_quantized.onnx.`,
    );
  }
  const missing: string[] = REQUIRED_FILES.filter((f) => !existsSync(join(path, f)));
  const dtype = existsSync(join(path, ONNX_FILES.fp32))
    ? 'fp32'
    : existsSync(join(path, ONNX_FILES.q8))
      ? 'q8'
      : undefined;
  if (!dtype) missing.push(`${ONNX_FILES.fp32} or ${ONNX_FILES.q8}`);
  if (missing.length > 0 || !dtype) {
    throw new EmbedderModelMissingError(
      `${path} is not a transformers.js model folder: ${missing.join(', ')} missing. Export ` +
        `the model with its tokenizer and ONNX graph (e.g. Optimum's ` +
        `\`optimum-cli export onnx --task feature-extraction\`) into that folder.`,
    );
  }
  return {
    folder: path,
    dtype,
    dimension: configDimension(path),
    pooling: poolingOverride(path) ?? 'mean',
  };
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new EmbedderLoadError(`${file} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function configDimension(folder: string): number | undefined {
  const config = readJson(join(folder, 'config.json')) as Record<string, unknown> | null;
  const value = config?.['hidden_size'] ?? config?.['dim'];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

function poolingOverride(folder: string): Pooling | undefined {
  const file = join(folder, 'grove.json');
  if (!existsSync(file)) return undefined;
  const pooling = (readJson(file) as { pooling?: unknown } | null)?.pooling;
  if (pooling === undefined || pooling === 'mean' || pooling === 'cls') return pooling;
  throw new EmbedderLoadError(
    `${file} sets "pooling" to ${JSON.stringify(pooling)}; use "mean" or "cls" (or leave it out ` +
      `for mean pooling).`,
  );
}

export interface NodeFolderOptions {
  /**
   * The model id as transformers.js should see it, when the folder is `<root>/<modelId>` (the
   * bundled `grove/glove-wink-100d`); default: the folder's own name under its parent.
   */
  readonly modelId?: string;
  readonly batchSize?: number;
  readonly onProgress?: ProgressCallback;
}

/** Loads the model in `folder` through transformers.js on the native CPU runtime, offline. */
export async function createNodeFolderEmbedder(
  folder: string,
  options: NodeFolderOptions = {},
): Promise<TransformersEmbedder> {
  const info = inspectModelFolder(folder);
  const { root, modelId } = splitFolder(info.folder, options.modelId);
  const { env } = await import('@huggingface/transformers');
  configureOfflineEnv(env as unknown as TransformersEnvLike, { localModelPath: root });
  const embedder = await TransformersEmbedder.load({
    modelId,
    dtype: info.dtype,
    device: 'cpu',
    location: root,
    pooling: info.pooling,
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  if (info.dimension !== undefined && embedder.dimension !== info.dimension) {
    await embedder.dispose();
    throw new EmbedderLoadError(
      `${info.folder}/config.json says ${info.dimension} dimensions but the model returned ` +
        `${embedder.dimension}-d vectors; fix hidden_size in config.json or re-export the model.`,
    );
  }
  return embedder;
}

/** transformers.js finds models as `<localModelPath><modelId>/`. */
function splitFolder(folder: string, modelId?: string): { root: string; modelId: string } {
  if (modelId !== undefined && folder.endsWith(`/${modelId}`)) {
    return { root: folder.slice(0, -modelId.length), modelId };
  }
  return { root: `${dirname(folder)}/`.replace(/\/+$/, '/'), modelId: basename(folder) };
}

/**
 * A folder embedder that loads on first use: for callers that build their models synchronously
 * (the CLI's option parsing). The folder is checked at once; loading errors surface from `embed`.
 */
export class LazyNodeFolderEmbedder implements EmbedderPort {
  readonly id: string;
  readonly info: ModelFolderInfo;
  private loading: Promise<TransformersEmbedder> | undefined;
  private loaded: TransformersEmbedder | undefined;

  constructor(
    folder: string,
    private readonly options: NodeFolderOptions = {},
  ) {
    this.info = inspectModelFolder(folder);
    this.id = `transformers:${splitFolder(this.info.folder, options.modelId).modelId}@cpu`;
  }

  /** From config.json; otherwise known once the first embedding is made (0 before). */
  get dimension(): number {
    return this.info.dimension ?? this.loaded?.dimension ?? 0;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Vector[]> {
    this.loading ??= createNodeFolderEmbedder(this.info.folder, this.options).then((e) => {
      this.loaded = e;
      return e;
    });
    return (await this.loading).embed(texts, signal);
  }
}
