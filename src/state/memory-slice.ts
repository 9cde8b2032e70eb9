/** The open profile's memory as the views see it: facts, tree, inspection, worker status. */
import type { TraversalEvent } from '../engine/retrieval.ts';
import type { TreeOutline } from '../engine/types.ts';
import type { StorageHealth } from '../storage/health.ts';
import type { FactView } from '../storage/memory-store.ts';
import type { MemoryCounts, MemoryWorkerStatus } from '../memory-backend/worker-protocol.ts';
import type { SliceCreator } from './store-types.ts';

/**
 * How many facts the store holds for the inspector: a profile of 30,000 facts cannot be one list
 * of rows (the page would build 30,000 rows with their buttons), nor is it copied to the page.
 */
export const INSPECTOR_ROWS = 200;

export interface MemorySlice {
  /**
   * The first INSPECTOR_ROWS facts in id order, with their provenance (every fact of a smaller
   * memory); `inspection.facts` counts them all, search and `listFacts({ ids })` reach the rest.
   */
  readonly facts: readonly FactView[];
  readonly tree: TreeOutline | null;
  readonly inspection: MemoryCounts | null;
  readonly workerStatus: MemoryWorkerStatus | null;
  readonly health: (StorageHealth & { persistGranted: boolean }) | null;
  /** The latest retrieval's events: the tree view replays them. */
  readonly lastTraversal: readonly TraversalEvent[];
  /** The last memory operation that failed, in words. */
  readonly memoryError: string | null;
  /** The memory worker stopped and was restarted: what the chat tells the user. */
  readonly workerNotice: WorkerNotice | null;
  setMemory(update: {
    facts?: readonly FactView[];
    tree?: TreeOutline | null;
    inspection?: MemoryCounts | null;
  }): void;
  setWorkerStatus(status: MemoryWorkerStatus): void;
  setHealth(health: StorageHealth & { persistGranted: boolean }): void;
  setLastTraversal(events: readonly TraversalEvent[]): void;
  setMemoryError(message: string | null): void;
  setWorkerNotice(notice: WorkerNotice | null): void;
}

export interface WorkerNotice {
  /** The error's class name (WorkerCrashedError). */
  readonly error: string;
  readonly message: string;
  /** The new worker is up and takes calls. */
  readonly restarted: boolean;
}

export const createMemorySlice: SliceCreator<MemorySlice> = (set) => ({
  facts: [],
  tree: null,
  inspection: null,
  workerStatus: null,
  health: null,
  lastTraversal: [],
  memoryError: null,
  workerNotice: null,
  setMemory: (update) => set(update),
  setWorkerStatus: (workerStatus) => set({ workerStatus }),
  setHealth: (health) => set({ health }),
  setLastTraversal: (lastTraversal) => set({ lastTraversal }),
  setMemoryError: (memoryError) => set({ memoryError }),
  setWorkerNotice: (workerNotice) => set({ workerNotice }),
});

/** True when the profile holds no memory yet (first run, or a fresh profile). */
export function memoryEmpty(state: Pick<MemorySlice, 'facts' | 'inspection'>): boolean {
  return state.facts.length === 0 && (state.inspection?.facts ?? 0) === 0;
}
