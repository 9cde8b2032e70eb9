/**
 * Background ingestion of ended sessions: one job per session, its stage as the memory worker
 * reports it, and a monotone percentage for the progress bar.
 */
import type { SliceCreator } from './store-types.ts';

export type IngestionStage =
  'queued' | 'recorded' | 'extracting' | 'committing' | 'done' | 'paused' | 'skipped' | 'failed';

export interface IngestionJob {
  readonly sessionId: string;
  readonly stage: IngestionStage;
  /** 0–100, never decreasing; 100 once the job is over, whatever its outcome. */
  readonly progress: number;
  readonly facts?: number;
  readonly detail?: string;
}

const STAGE_PROGRESS: Record<IngestionStage, number> = {
  queued: 0,
  recorded: 15,
  extracting: 35,
  committing: 85,
  done: 100,
  paused: 100,
  skipped: 100,
  failed: 100,
};

const FINAL: readonly IngestionStage[] = ['done', 'paused', 'skipped', 'failed'];

export const STAGE_LABELS: Record<IngestionStage, string> = {
  queued: 'Waiting for the memory worker',
  recorded: 'Session saved',
  extracting: 'Extracting facts and inserting them into the tree',
  committing: 'Saving the updated tree',
  done: 'Memories added',
  paused: 'Memory is paused: nothing was added',
  skipped: 'Not added',
  failed: 'Failed',
};

export const isFinal = (stage: IngestionStage) => FINAL.includes(stage);

export interface IngestionSlice {
  readonly ingestion: readonly IngestionJob[];
  updateIngestion(
    sessionId: string,
    stage: IngestionStage,
    extra?: { facts?: number; detail?: string },
  ): void;
  clearFinishedIngestion(): void;
  /**
   * A session a stopped memory worker left pending was finished by the restarted one: its job,
   * failed with the worker, is done after all. Sessions without a job here are left alone.
   */
  resumedIngestion(sessionId: string, facts: number): void;
}

/** Applies a stage report to a job list: stages never go back, and a final job stays final. */
export function advanceJob(
  jobs: readonly IngestionJob[],
  sessionId: string,
  stage: IngestionStage,
  extra: { facts?: number; detail?: string } = {},
): IngestionJob[] {
  const current = jobs.find((j) => j.sessionId === sessionId);
  if (current && isFinal(current.stage)) return [...jobs];
  const progress = Math.max(current?.progress ?? 0, STAGE_PROGRESS[stage]);
  const next: IngestionJob = {
    sessionId,
    stage: current && STAGE_PROGRESS[stage] < current.progress ? current.stage : stage,
    progress,
    ...(extra.facts !== undefined ? { facts: extra.facts } : {}),
    ...(extra.detail !== undefined ? { detail: extra.detail } : {}),
  };
  return current ? jobs.map((j) => (j.sessionId === sessionId ? next : j)) : [...jobs, next];
}

export const createIngestionSlice: SliceCreator<IngestionSlice> = (set) => ({
  ingestion: [],
  updateIngestion: (sessionId, stage, extra) =>
    set((state) => ({ ingestion: advanceJob(state.ingestion, sessionId, stage, extra) })),
  clearFinishedIngestion: () =>
    set((state) => ({ ingestion: state.ingestion.filter((j) => !isFinal(j.stage)) })),
  resumedIngestion: (sessionId, facts) =>
    set((state) => ({
      ingestion: state.ingestion.map((j) =>
        j.sessionId === sessionId ? { sessionId, stage: 'done', progress: 100, facts } : j,
      ),
    })),
});
