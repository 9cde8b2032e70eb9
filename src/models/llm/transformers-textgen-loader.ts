/**
 * Loads a transformers.js text-generation pipeline on WASM and wraps it as an LlmPort. Runs in
 * the text-generation worker (workers/textgen.worker.ts), never on the page thread. The ONNX
 * runtime files always come from the app; the weights from the self-hosted model base URL when
 * one is set, otherwise from transformers.js' default host (as web-llm's weights do).
 */
import type { ProgressCallback } from '../../engine/progress.ts';
import {
  browserModelSource,
  configureOfflineEnv,
  type TransformersEnvLike,
} from '../embedder/offline-env.ts';
import { ortWasmPaths } from '../embedder/ort-files.ts';
import { ModelLoadError } from '../errors.ts';
import type { TextGenLoadOptions } from './textgen-protocol.ts';
import { TransformersTextGenPort, type TextGenPipelineLike } from './transformers-textgen-port.ts';

interface TransformersProgress {
  readonly status: string;
  readonly progress?: number;
  readonly loaded?: number;
  readonly total?: number;
}

/** transformers.js ProgressInfo → the app's Progress: `progress_total` events, monotone, then 100. */
export function textGenProgressMapper(task: string, onProgress: ProgressCallback | undefined) {
  let last = 0;
  onProgress?.({ status: 'initiate', task });
  return {
    report(info: TransformersProgress): void {
      if (info.status !== 'progress_total' || typeof info.progress !== 'number') return;
      last = Math.max(last, Math.min(99.9, info.progress));
      onProgress?.({
        status: 'progress',
        task,
        stage: 'download',
        progress: last,
        loaded: info.loaded ?? 0,
        total: info.total ?? 0,
      });
    },
    done: () => onProgress?.({ status: 'done', task, progress: 100 }),
  };
}

/** Where the app is served from (the worker's origin and Vite's base). */
export interface AppLocation {
  readonly origin: string;
  readonly appBase: string;
}

/** Points transformers.js at the model source and the app's own ONNX runtime files. */
export function configureTextGenEnv(
  env: TransformersEnvLike,
  options: TextGenLoadOptions,
  app: AppLocation,
): void {
  if (options.modelBaseUrl !== undefined) {
    configureOfflineEnv(
      env,
      browserModelSource({
        origin: app.origin,
        appBase: app.appBase,
        modelBaseUrl: options.modelBaseUrl,
        build: 'wasm',
      }),
    );
    return;
  }
  const wasm = (env.backends.onnx.wasm ??= {});
  wasm.wasmPaths = ortWasmPaths(app.origin, app.appBase, 'wasm');
  env.useWasmCache = false;
}

export async function loadTransformersTextGen(
  options: TextGenLoadOptions,
  app: AppLocation,
  onProgress?: ProgressCallback,
): Promise<TransformersTextGenPort> {
  const model = { id: options.modelId, dtype: options.dtype };
  const progress = textGenProgressMapper(`load ${model.id}`, onProgress);
  try {
    const transformers = await import('@huggingface/transformers');
    configureTextGenEnv(transformers.env as unknown as TransformersEnvLike, options, app);
    const generator = (await transformers.pipeline('text-generation', model.id, {
      device: 'wasm',
      dtype: model.dtype,
      progress_callback: (info: TransformersProgress) => progress.report(info),
    })) as unknown as TextGenPipelineLike;
    progress.done();
    return new TransformersTextGenPort(model.id, generator, {
      createStreamer: (tokenizer, onText) =>
        new transformers.TextStreamer(tokenizer as never, {
          skip_prompt: true,
          callback_function: onText,
        }),
      createStopper: () => new transformers.InterruptableStoppingCriteria(),
    });
  } catch (error) {
    throw new ModelLoadError(model.id, loadFailureDetail(error), { cause: error });
  }
}

/** What went wrong, in words: a server's HTML fallback page where a JSON file should be is common. */
export function loadFailureDetail(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/Unexpected token '?<'?|<!doctype|<html/i.test(message)) {
    return (
      'the model URL served a web page instead of the model files (config.json, tokenizer.json, ' +
      'onnx/); the model folder is missing there'
    );
  }
  return message;
}
