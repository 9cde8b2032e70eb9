/** Starts the memory worker for the app (or for the scripted test mode) and its client. */
import { memoryClient, type MemoryClient } from '../storage/memory-client.ts';
import { workerConfigName, type MemoryWorkerConfig } from '../storage/worker-config.ts';
import type { ScriptedTestMode } from './test-mode/test-mode.ts';

export const APP_DB = 'grove';

export function memoryWorkerConfig(testMode: ScriptedTestMode | null): MemoryWorkerConfig {
  // With one engine on the page, the worker borrows it over the bridge, as it borrows a model.
  return testMode
    ? {
        db: testMode.db,
        embedder: 'bundled',
        llm: testMode.oneEngine ? 'none' : 'scripted',
        stageDelayMs: testMode.stageDelayMs,
      }
    : { db: APP_DB, embedder: 'bundled', llm: 'none', stageDelayMs: 0 };
}

export function startMemoryWorker(config: MemoryWorkerConfig): {
  worker: Worker;
  memory: MemoryClient;
} {
  const worker = new Worker(new URL('../../workers/memory.worker.ts', import.meta.url), {
    type: 'module',
    name: workerConfigName(config),
  });
  return { worker, memory: memoryClient(worker) };
}
