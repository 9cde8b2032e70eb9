/**
 * The app-wide LLM runtime controller: probes this browser, applies the persisted model choice,
 * and is exposed to e2e (the test build only) as window.grove.runtime. Views never import it: they
 * read its snapshot from the store (the runtime slice) and act through `runtimeService`, which
 * the composition root hands them as `services.runtime`.
 */
import { buildAppConfig } from '../models/llm/app-config.ts';
import { createLlm, type LlmWorkerEvents } from '../models/llm/create-llm.ts';
import type { TextGenWorkerLike } from '../models/llm/textgen-client.ts';
import type { LlmPort } from '../engine/ports.ts';
import { listCachedModels, webLlmModelCache, type CachedModel } from '../models/llm/model-cache.ts';
import { LocalStorageSettings, ModelChoiceStore, type LlmChoice } from '../models/model-choice.ts';
import { probeCapabilities } from '../models/probe.ts';
import { RuntimeController, type RuntimeSnapshot } from '../models/runtime-controller.ts';
import {
  DOCUMENT_POLICY_CONTEXT,
  assertConnectAllowed,
  metaPolicySink,
  tightenConnectPolicy,
} from './security/connect-policy.ts';
import { callLog } from './call-log.ts';
import { registerTestApi } from './test-api.ts';

/** Who hears of the model worker's crashes and restarts (the app's worker notice). */
const llmWorkerListeners = new Set<LlmWorkerEvents>();

/** Hears of the model worker's crashes and restarts until the returned function is called. */
export function onLlmWorker(events: LlmWorkerEvents): () => void {
  llmWorkerListeners.add(events);
  return () => llmWorkerListeners.delete(events);
}

const llmWorkerEvents: LlmWorkerEvents = {
  onCrash: (error, restarting) => {
    for (const l of llmWorkerListeners) l.onCrash?.(error, restarting);
  },
  onRestarted: () => {
    for (const l of llmWorkerListeners) l.onRestarted?.();
  },
};

/** Test mode only (`llm=worker`): the WASM model's worker over a fake pipeline. */
let testTextGenWorker: (() => TextGenWorkerLike) | undefined;

/** Test mode only: WASM models load in `start`'s worker (workers/textgen-test.worker.ts). */
export function useTestTextGenWorker(start: () => TextGenWorkerLike): void {
  testTextGenWorker = start;
}

export const runtime = new RuntimeController(
  () => probeCapabilities(),
  new ModelChoiceStore(new LocalStorageSettings()),
  (selection, choice, onProgress) => {
    // A server chosen after this page loaded is blocked by its CSP until a reload: say so.
    assertConnectAllowed(choice, location.href);
    return createLlm(selection, choice, onProgress, undefined, {
      onCall: (call) => callLog.record(call),
      worker: llmWorkerEvents,
      ...(testTextGenWorker ? { textGenWorker: testTextGenWorker } : {}),
    });
  },
);

/** `window.grove.modelCache` (e2e test build only). */
export type ModelCacheTestApi = ModelCache;

export interface ModelCache {
  list(): Promise<CachedModel[]>;
  remove(modelId: string): Promise<void>;
}

/** Downloaded web-llm models under the current cache backend and model URL. */
export function modelCache(): ModelCache {
  const { cacheBackend, modelBaseUrl } = runtime.getSnapshot().choice;
  const cache = webLlmModelCache(buildAppConfig({ cacheBackend, modelBaseUrl }));
  return {
    list: () => listCachedModels(cache),
    remove: (modelId: string) => cache.remove(modelId),
  };
}

/** What the views may do with the runtime; its state they read from the store. */
export interface RuntimeService {
  /** Probes this browser (once; later calls share the result). */
  start(): Promise<RuntimeSnapshot>;
  /** Persists a new LLM choice; throws on an invalid one and changes nothing. */
  choose(llm: LlmChoice): RuntimeSnapshot;
  /** Loads the selected model; failures land in the snapshot's `llm.error`. */
  load(): Promise<RuntimeSnapshot>;
  /** The loaded LLM, if any (the explorer lends it to its worker). */
  llm(): LlmPort | undefined;
  modelCache(): ModelCache;
}

export const runtimeService: RuntimeService = {
  start: () => runtime.start(),
  choose: (llm) => runtime.choose(llm),
  load: () => runtime.load(),
  llm: () => runtime.llm,
  modelCache,
};

export function registerRuntime(): void {
  if (__GROVE_TEST_BUILD__) {
    registerTestApi('runtime', runtime.testApi);
    registerTestApi('modelCache', {
      list: () => modelCache().list(),
      remove: (modelId: string) => modelCache().remove(modelId),
    });
  }
  // Opting out of a server blocks it at once: the page's policy tightens with the choice.
  runtime.subscribe(() =>
    tightenConnectPolicy(
      metaPolicySink(document),
      runtime.getSnapshot().choice,
      location.href,
      DOCUMENT_POLICY_CONTEXT,
    ),
  );
  void runtime.start();
}
