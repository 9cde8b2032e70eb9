/**
 * The bundled embedder in Node (CLI, tests, benchmarks): loads the committed model folder from
 * disk through transformers.js with remote models disabled (node-folder.ts). No network, no
 * download.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmbedderPort } from '../../engine/ports.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import type { Vector } from '../../engine/types.ts';
import { BUNDLED_EMBEDDER } from './bundled-model.ts';
import { EmbedderModelMissingError } from './errors.ts';
import { createNodeFolderEmbedder } from './node-folder.ts';
import type { TransformersEmbedder } from './transformers-embedder.ts';

/** public/models, the folder the app serves at /models/. */
export const NODE_MODEL_ROOT = fileURLToPath(new URL('../../../public/models/', import.meta.url));

export interface NodeBundledOptions {
  /** Folder holding `grove/glove-wink-100d/` (default: the repository's public/models/). */
  readonly modelRoot?: string;
  readonly batchSize?: number;
  readonly onProgress?: ProgressCallback;
}

/** The bundled model folder under `modelRoot` (default: the repository's public/models/). */
export function bundledModelFolder(modelRoot: string = NODE_MODEL_ROOT): string {
  return join(modelRoot, BUNDLED_EMBEDDER.modelId);
}

/** The bundled embedder: the folder embedder on public/models/grove/glove-wink-100d. */
export async function createNodeBundledEmbedder(
  options: NodeBundledOptions = {},
): Promise<TransformersEmbedder> {
  const root = (options.modelRoot ?? NODE_MODEL_ROOT).replace(/\/?$/, '/');
  if (!existsSync(`${root}${BUNDLED_EMBEDDER.modelId}/config.json`)) {
    throw EmbedderModelMissingError.at(BUNDLED_EMBEDDER.modelId, root);
  }
  return createNodeFolderEmbedder(bundledModelFolder(root), {
    modelId: BUNDLED_EMBEDDER.modelId,
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}

/**
 * The bundled embedder as a port that loads on first use: for callers that must build their
 * models synchronously (the CLI's option parsing). Loading errors surface from `embed`.
 */
export class LazyNodeBundledEmbedder implements EmbedderPort {
  readonly id = `transformers:${BUNDLED_EMBEDDER.modelId}@cpu`;
  readonly dimension = BUNDLED_EMBEDDER.dimension;
  private loading: Promise<TransformersEmbedder> | undefined;

  constructor(private readonly options: NodeBundledOptions = {}) {}

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Vector[]> {
    this.loading ??= createNodeBundledEmbedder(this.options);
    return (await this.loading).embed(texts, signal);
  }
}
