/**
 * Maps web-llm's load reports onto the app's single Progress type. web-llm's `progress` restarts
 * per stage (weights download, then GPU shader compilation), so each stage owns a slice of 0–100;
 * the result is monotone and ends at exactly 100 on `done`.
 */
import { stagedProgress, type ProgressCallback } from '../../engine/progress.ts';
import type { EngineLoadReport } from './chat-engine.ts';

export const LOAD_STAGES = [
  { name: 'download', weight: 90 },
  { name: 'compile', weight: 10 },
] as const;

export function loadStageOf(report: EngineLoadReport): 'download' | 'compile' {
  return /shader|compil/i.test(report.text) ? 'compile' : 'download';
}

export function loadProgressMapper(task: string, onProgress: ProgressCallback | undefined) {
  const staged = stagedProgress(task, LOAD_STAGES, onProgress);
  return {
    /** `loaded` / `total` are the stage's own percentage (web-llm reports no byte counts). */
    report(report: EngineLoadReport): void {
      const fraction = Number.isFinite(report.progress)
        ? Math.min(1, Math.max(0, report.progress))
        : 0;
      staged.report(loadStageOf(report), Math.round(fraction * 100), 100);
    },
    done: () => staged.done(),
  };
}
