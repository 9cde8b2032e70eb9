/**
 * The memory worker: engine + storage off the page thread. Its configuration comes in the
 * worker's name (JSON, set by whoever creates it). The embedder is chosen by the composer; the
 * only kind today is the explicitly labelled test mode's hashing embedder — without a
 * configured embedder every call fails with MemoryNotConfiguredError, never a silent fake.
 */
import { HashEmbedder } from '../src/engine/testing/index.ts';
import type { EmbedderPort } from '../src/engine/ports.ts';
import { openGroveDb } from '../src/storage/db.ts';
import { createMemoryService } from '../src/storage/memory-service.ts';
import { pipelineEngine } from '../src/storage/pipeline-engine.ts';
import { serveMemory } from '../src/storage/worker-server.ts';
import { parseWorkerConfig, MemoryNotConfiguredError } from '../src/storage/worker-config.ts';

declare const self: DedicatedWorkerGlobalScope;

async function compose() {
  const config = parseWorkerConfig(self.name);
  let embedder: EmbedderPort;
  if (config.embedder === 'test-hash') embedder = new HashEmbedder();
  else throw new MemoryNotConfiguredError();
  const db = await openGroveDb(config.db);
  const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  return createMemoryService(db, pipelineEngine({ embedder }), {
    onStage: (stage) =>
      stage === 'extracting' && config.stageDelayMs > 0 ? delay(config.stageDelayMs) : undefined,
  });
}

serveMemory(self, compose());
