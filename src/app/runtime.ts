/**
 * The app-wide LLM runtime controller: probes this browser, applies the persisted model choice,
 * and is exposed to e2e and curious users as window.grove.runtime.
 */
import { buildAppConfig } from '../models/llm/app-config.ts';
import { createLlm } from '../models/llm/create-llm.ts';
import { listCachedModels, webLlmModelCache } from '../models/llm/model-cache.ts';
import { LocalStorageSettings, ModelChoiceStore } from '../models/model-choice.ts';
import { probeCapabilities } from '../models/probe.ts';
import { RuntimeController } from '../models/runtime-controller.ts';
import {
  DOCUMENT_POLICY_CONTEXT,
  assertConnectAllowed,
  metaPolicySink,
  tightenConnectPolicy,
} from './security/connect-policy.ts';
import { registerTestApi } from './test-api.ts';

export const runtime = new RuntimeController(
  () => probeCapabilities(),
  new ModelChoiceStore(new LocalStorageSettings()),
  (selection, choice, onProgress) => {
    // A server chosen after this page loaded is blocked by its CSP until a reload: say so.
    assertConnectAllowed(choice, location.href);
    return createLlm(selection, choice, onProgress);
  },
);

/** Downloaded web-llm models under the current cache backend and model URL. */
export function modelCache() {
  const { cacheBackend, modelBaseUrl } = runtime.getSnapshot().choice;
  const cache = webLlmModelCache(buildAppConfig({ cacheBackend, modelBaseUrl }));
  return {
    list: () => listCachedModels(cache),
    remove: (modelId: string) => cache.remove(modelId),
  };
}

export function registerRuntime(): void {
  registerTestApi('runtime', runtime.testApi);
  registerTestApi('modelCache', {
    list: () => modelCache().list(),
    remove: (modelId: string) => modelCache().remove(modelId),
  });
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
