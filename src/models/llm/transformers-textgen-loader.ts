/**
 * Loads a transformers.js text-generation pipeline on WASM and wraps it as an LlmPort. Where the
 * weights come from (local /models/, a self-hosted base URL, or the hub) is decided by
 * transformers.js' `env`, which the app's offline settings configure before this runs.
 * transformers.js is imported lazily: the page carries none of it until the fallback is used.
 */
import type { ProgressCallback } from '../../engine/progress.ts';
import type { WasmTextGenModel } from '../catalogue.ts';
import { ModelLoadError } from '../errors.ts';
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

export async function loadTransformersTextGen(
  model: WasmTextGenModel,
  onProgress?: ProgressCallback,
): Promise<TransformersTextGenPort> {
  const progress = textGenProgressMapper(`load ${model.id}`, onProgress);
  try {
    const transformers = await import('@huggingface/transformers');
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
    throw new ModelLoadError(model.id, error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}
