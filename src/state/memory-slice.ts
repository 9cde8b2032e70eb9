/** The open profile's memory as the views see it: facts, tree, inspection, worker status. */
import type { TraversalEvent } from '../engine/retrieval.ts';
import type { MemoryTree } from '../engine/types.ts';
import type { StorageHealth } from '../storage/health.ts';
import type { FactView } from '../storage/memory-store.ts';
import type { MemoryInspection, MemoryWorkerStatus } from '../storage/worker-protocol.ts';
import type { SliceCreator } from './store-types.ts';

export interface MemorySlice {
  readonly facts: readonly FactView[];
  readonly tree: MemoryTree | null;
  readonly inspection: MemoryInspection | null;
  readonly workerStatus: MemoryWorkerStatus | null;
  readonly health: (StorageHealth & { persistGranted: boolean }) | null;
  /** The latest retrieval's events: the tree view replays them. */
  readonly lastTraversal: readonly TraversalEvent[];
  /** The last memory operation that failed, in words. */
  readonly memoryError: string | null;
  setMemory(update: {
    facts?: readonly FactView[];
    tree?: MemoryTree | null;
    inspection?: MemoryInspection | null;
  }): void;
  setWorkerStatus(status: MemoryWorkerStatus): void;
  setHealth(health: StorageHealth & { persistGranted: boolean }): void;
  setLastTraversal(events: readonly TraversalEvent[]): void;
  setMemoryError(message: string | null): void;
}

export const createMemorySlice: SliceCreator<MemorySlice> = (set) => ({
  facts: [],
  tree: null,
  inspection: null,
  workerStatus: null,
  health: null,
  lastTraversal: [],
  memoryError: null,
  setMemory: (update) => set(update),
  setWorkerStatus: (workerStatus) => set({ workerStatus }),
  setHealth: (health) => set({ health }),
  setLastTraversal: (lastTraversal) => set({ lastTraversal }),
  setMemoryError: (memoryError) => set({ memoryError }),
});

/** True when the profile holds no memory yet (first run, or a fresh profile). */
export function memoryEmpty(state: Pick<MemorySlice, 'facts' | 'inspection'>): boolean {
  return state.facts.length === 0 && (state.inspection?.facts ?? 0) === 0;
}
