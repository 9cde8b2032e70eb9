/**
 * `/?test=memory`: the explicit, labelled test mode for the memory store. Registers
 * `window.grove.memory`, backed by the real worker and the real IndexedDB, with the hashing
 * embedder; the app's layout shows its banner (the store's `memoryTestMode`). Without
 * `?test=memory` it does nothing.
 *
 * Query options: `db` (database name, always under `grove-test-`: never the app's), `delay` (ms before each ingestion's slow work).
 */
import type { Subscription } from 'dexie';
import { GroveDb } from '../storage/db.ts';
import {
  memoryClient,
  watchCounts,
  type MemoryClient,
  type MemoryCounts,
} from '../memory-backend/memory-client.ts';
import { testDbName, workerConfigName } from '../memory-backend/worker-config.ts';
import type { TestModeInfo } from '../state/ui-slice.ts';
import { registerTestApi } from './test-api.ts';

/** `window.grove.memory`: the test worker's API, and its counts followed through liveQuery. */
export type MemoryTestApi = MemoryClient & {
  watch(profileId: string): void;
  readonly live: { counts: MemoryCounts | null };
};

export const MEMORY_TEST_BANNER = 'Test mode: deterministic hashing embedder';

/** Starts the memory test mode when the page asks for it; returns its banner (null: not asked). */
export function startMemoryTestMode(search: string): TestModeInfo | null {
  const params = new URLSearchParams(search);
  if (params.get('test') !== 'memory') return null;
  const dbName = testDbName(params.get('db'), 'grove-test-mode');
  const worker = new Worker(new URL('../../workers/memory.worker.ts', import.meta.url), {
    type: 'module',
    name: workerConfigName({
      db: dbName,
      embedder: 'test-hash',
      test: true,
      stageDelayMs: Number(params.get('delay') ?? 0),
    }),
  });
  const api = memoryClient(worker);
  const readDb = new GroveDb(dbName);
  let watching: Subscription | undefined;
  const live: { counts: MemoryCounts | null } = { counts: null };
  registerTestApi('memory', {
    ...api,
    /** Follows the profile's counts through liveQuery: changes from any tab show up here. */
    watch(profileId: string) {
      watching?.unsubscribe();
      watching = watchCounts(readDb, profileId, (counts) => (live.counts = counts));
    },
    live,
  });
  return { label: MEMORY_TEST_BANNER };
}
