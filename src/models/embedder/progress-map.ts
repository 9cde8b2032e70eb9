/**
 * Maps transformers.js load progress (`initiate`/`download`/`progress`/`progress_total`/`done`/
 * `ready`, per file) to the app's one Progress type: one task, monotone, ending at 100 on `ready`.
 */
import type { Progress, ProgressCallback } from '../../engine/progress.ts';

/** The fields of transformers.js' ProgressInfo union that the mapping reads. */
export interface TransformersProgressInfo {
  readonly status: string;
  readonly file?: string;
  readonly progress?: number;
  readonly loaded?: number;
  readonly total?: number;
}

export function createLoadProgressMapper(
  task: string,
  onProgress: ProgressCallback | undefined,
): (info: TransformersProgressInfo) => void {
  let started = false;
  let finished = false;
  let last = 0;
  const emit = (progress: Progress) => onProgress?.(progress);
  const start = () => {
    if (started) return;
    started = true;
    emit({ status: 'initiate', task });
  };
  return (info) => {
    if (finished) return;
    start();
    if (info.status === 'ready') {
      finished = true;
      emit({ status: 'done', task, progress: 100 });
      return;
    }
    // Only the aggregate over all files is monotone; per-file events restart at 0 for each file.
    if (info.status !== 'progress_total') return;
    const pct = Number.isFinite(info.progress) ? (info.progress as number) : 0;
    // 100 is reserved for `done`, which comes once the session is built, after the bytes.
    last = Math.max(last, Math.min(99.9, pct));
    emit({
      status: 'progress',
      task,
      stage: 'load model files',
      progress: last,
      loaded: info.loaded ?? 0,
      total: info.total ?? 0,
    });
  };
}
