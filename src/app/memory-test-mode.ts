/**
 * `/?test=memory`: the explicit, labelled test mode for the memory store. Registers
 * `window.grove.memory`, backed by the real worker and the real IndexedDB, with the hashing
 * embedder (a visible banner says so). Without `?test=memory` this module does nothing.
 *
 * Query options: `db` (database name), `delay` (ms before each ingestion's slow work).
 */
import { createRoot } from 'react-dom/client';
import type { Subscription } from 'dexie';
import { GroveDb } from '../storage/db.ts';
import { memoryClient, watchCounts, type MemoryCounts } from '../storage/memory-client.ts';
import { workerConfigName } from '../storage/worker-config.ts';
import { TestModeBanner } from '../ui/TestModeBanner.tsx';
import { registerTestApi } from './test-api.ts';

export const MEMORY_TEST_BANNER = 'Test mode: deterministic hashing embedder';

function start(params: URLSearchParams): void {
  const dbName = params.get('db') ?? 'grove-test-mode';
  const worker = new Worker(new URL('../../workers/memory.worker.ts', import.meta.url), {
    type: 'module',
    name: workerConfigName({
      db: dbName,
      embedder: 'test-hash',
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
  const host = document.createElement('div');
  document.body.prepend(host);
  createRoot(host).render(<TestModeBanner label={MEMORY_TEST_BANNER} />);
}

const params = new URLSearchParams(globalThis.location?.search ?? '');
if (params.get('test') === 'memory') start(params);
