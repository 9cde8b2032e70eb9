/**
 * The memory worker: engine + storage off the page thread. Its configuration comes in the
 * worker's name (JSON, set by whoever creates it). Embedders: 'bundled' (the shipped GloVe model,
 * run by the tab's one embed worker over a port the page lends on first use) or, in the labelled test modes only, the hashing
 * fake. LLM: the page's loaded model, lent through src/rpc/page-llm-bridge.ts (extractive facts
 * and the embedding judge while none is loaded) or, in `/?test=scripted` only, the engine's
 * ScriptedLlm (the fakes exist in the e2e test build only: src/build-flags.d.ts). Without a configured embedder every call fails with
 * MemoryNotConfiguredError, never a silent fake.
 */
import { HashEmbedder, ScriptedLlm } from '../src/engine/testing/index.ts';
import type { EmbedderPort, LlmPort } from '../src/engine/ports.ts';
import { openGroveDb } from '../src/storage/db.ts';
import { createMemoryService } from '../src/memory-backend/memory-service.ts';
import { pipelineEngine } from '../src/memory-backend/pipeline-engine.ts';
import { serveMemory } from '../src/memory-backend/worker-server.ts';
import { PageLlmClient } from '../src/rpc/page-llm-bridge.ts';
import { switchingEngine } from '../src/memory-backend/switching-engine.ts';
import type { MemoryBroadcast } from '../src/memory-backend/worker-protocol.ts';
import {
  parseWorkerConfig,
  MemoryNotConfiguredError,
} from '../src/memory-backend/worker-config.ts';
import { BUNDLED_EMBEDDER } from '../src/models/embedder/bundled-model.ts';
import { borrowBundledEmbedder } from '../src/models/embedder/borrowed-embedder.ts';

declare const self: DedicatedWorkerGlobalScope;

async function compose() {
  const config = parseWorkerConfig(self.name);
  const notes: string[] = [];
  let embedder: EmbedderPort;
  let embedderLabel: string;
  let warmEmbedder: (() => Promise<unknown>) | undefined;
  if (__GROVE_TEST_BUILD__ && config.embedder === 'test-hash') {
    embedder = new HashEmbedder();
    embedderLabel = 'hashing embedder (test fake)';
  } else if (config.embedder === 'bundled') {
    // Loaded on first use, by the tab's one embed worker (the page lends a port).
    const bundled = borrowBundledEmbedder(self);
    embedder = bundled;
    embedderLabel = BUNDLED_EMBEDDER.label;
    warmEmbedder = () => bundled.ready();
    if (__GROVE_TEST_BUILD__ && config.llm === 'scripted') {
      // Test mode: prove the real embedder loads here, or say plainly that it did not.
      try {
        await bundled.ready();
      } catch (error) {
        embedder = new HashEmbedder();
        embedderLabel = 'hashing embedder (test fake)';
        warmEmbedder = undefined;
        notes.push(
          `The bundled embedder is unavailable in this worker (${(error as Error).message}); test mode uses the hashing embedder instead.`,
        );
      }
    }
  } else throw new MemoryNotConfiguredError();
  const scripted: LlmPort | undefined =
    __GROVE_TEST_BUILD__ && config.llm === 'scripted' ? new ScriptedLlm() : undefined;
  // Outside test mode the worker borrows the page's model while one is loaded (page-llm-bridge.ts).
  const pageLlm = scripted ? undefined : new PageLlmClient(self, { idPrefix: 'page:' });
  const db = await openGroveDb(config.db);
  const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const plain = pipelineEngine({ embedder });
  const engine = scripted
    ? pipelineEngine({ embedder, llm: scripted })
    : switchingEngine(
        plain,
        pipelineEngine({ embedder, llm: pageLlm as PageLlmClient }),
        () => pageLlm?.available != null,
      );
  const llmNow = (): LlmPort | undefined => scripted ?? (pageLlm?.available ? pageLlm : undefined);
  return createMemoryService(
    db,
    engine,
    {
      taskLlm: llmNow,
      onStage: (stage, sessionId) => {
        self.postMessage({
          type: 'broadcast',
          id: 0,
          broadcast: 'stage',
          stage,
          sessionId,
        } satisfies MemoryBroadcast);
        return stage === 'extracting' && config.stageDelayMs > 0
          ? delay(config.stageDelayMs)
          : undefined;
      },
    },
    {
      judgeLlm: llmNow,
      ...(warmEmbedder ? { warmEmbedder } : {}),
      setPageLlm: (modelId) => {
        if (pageLlm) pageLlm.available = modelId;
      },
      status: () => ({
        embedder: embedderLabel,
        llm: scripted
          ? 'scripted LLM (test fake)'
          : pageLlm?.available
            ? `${pageLlm.available} (the model loaded on the page)`
            : null,
        notes,
      }),
    },
  );
}

serveMemory(self, compose());
