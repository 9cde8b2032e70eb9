/**
 * `window.grove.app` (e2e test build only, test-api.ts): the app's store, chat and memory worker,
 * for specs and benchmarks. `npm start`'s build never registers it.
 */
import type { MemoryClient } from '../memory-backend/memory-client.ts';
import { tabEmbedRuntime } from '../models/embedder/embed-runtime.ts';
import type { GroveStore } from '../state/store.ts';
import type { ChatController } from './chat/chat-controller.ts';
import type { MemoryActions } from './memory-actions.ts';
import type { MemoryWorkerHandle } from './memory-worker.ts';
import type { EngineCall, OneEngineLlm } from './test-mode/one-engine-llm.ts';

export interface AppTestApiDeps {
  readonly store: GroveStore;
  readonly chat: ChatController;
  readonly memoryActions: MemoryActions;
  readonly memory: MemoryClient;
  readonly memoryWorker: MemoryWorkerHandle;
  readonly oneEngine: OneEngineLlm | undefined;
}

export function appTestApi({
  store,
  chat,
  memoryActions,
  memory,
  memoryWorker,
  oneEngine,
}: AppTestApiDeps) {
  return {
    store,
    send: (text: string) => chat.send(text),
    endSession: () => chat.endSession('user'),
    refresh: () => memoryActions.refresh(),
    /** The Export button's path: waits for this tab's chat saves, then the worker exports. */
    exportProfile: (passphrase?: string) => memoryActions.exportProfile(passphrase),
    /** The live tree in plain data: fact texts, node and level counts. */
    async tree() {
      const tree = await memory.outline();
      return {
        facts: [...tree.facts.values()].map((f) => f.text),
        nodes: tree.nodes.size,
        levels: tree.levels.map((l) => l.length),
      };
    },
    status: () => memory.status(),
    /** The memory worker's API itself (retrieve, ingest, rebuild, export…): benches drive it. */
    memory,
    /** Stops the memory worker now, as a crash would; it restarts. */
    killMemoryWorker: () => memoryWorker.kill('killed by the test API'),
    /** Stops the memory worker in the middle of the next retrieval (its first traversal event). */
    killMemoryWorkerDuringRetrieval: () => memoryWorker.killDuringNextRetrieval(),
    /** Stops the tab's embed worker now, as a crash would; the next embed call starts a fresh one. */
    killEmbedWorker: () => tabEmbedRuntime().kill('killed by the test API'),
    /** How many embed workers this tab started (1: one ONNX runtime for the tab). */
    embedWorkersStarted: () => tabEmbedRuntime().started,
    /** Test mode with one engine: every call it ran, in order of completion. */
    engineLog: (): readonly EngineCall[] => oneEngine?.log ?? [],
  };
}

export type AppTestApi = ReturnType<typeof appTestApi>;
