/**
 * The one progress type for every download and long job (model loads, extraction, tree builds),
 * keyed on `status` like transformers.js' ProgressInfo. `progress` is a percentage, monotone,
 * ending at 100 on `done`.
 */
export type Progress =
  | { readonly status: 'initiate'; readonly task: string }
  | {
      readonly status: 'progress';
      readonly task: string;
      readonly stage: string;
      readonly progress: number;
      readonly loaded: number;
      readonly total: number;
    }
  | { readonly status: 'done'; readonly task: string; readonly progress: 100 };

export type ProgressCallback = (progress: Progress) => void;

/** Reports stages of a job as one monotone percentage: each stage owns a slice of 0–100. */
export function stagedProgress(
  task: string,
  stages: readonly { name: string; weight: number }[],
  onProgress: ProgressCallback | undefined,
) {
  const totalWeight = stages.reduce((a, s) => a + s.weight, 0) || 1;
  let last = 0;
  onProgress?.({ status: 'initiate', task });
  return {
    report(stage: string, loaded: number, total: number) {
      let before = 0;
      let weight = 0;
      for (const s of stages) {
        if (s.name === stage) {
          weight = s.weight;
          break;
        }
        before += s.weight;
      }
      const fraction = total > 0 ? Math.min(1, loaded / total) : 1;
      const pct = Math.min(99.9, (100 * (before + weight * fraction)) / totalWeight);
      last = Math.max(last, pct);
      onProgress?.({ status: 'progress', task, stage, progress: last, loaded, total });
    },
    done() {
      onProgress?.({ status: 'done', task, progress: 100 });
    },
  };
}
