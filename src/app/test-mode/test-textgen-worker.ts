/**
 * Test mode only (`/?test=scripted&llm=worker`): WASM models load in workers/textgen-test.worker.ts
 * (the real text-generation host over a fake pipeline; no weights exist here), through the app's
 * own runtime (RuntimeController, createLlm, TextGenClient's supervision, the worker notice), and
 * the chat answers with the loaded model. e2e stops that worker mid-reply and switches models.
 */
import type { TextGenWorkerLike } from '../../models/llm/textgen-client.ts';

export function startTestTextGenWorker(): TextGenWorkerLike {
  return new Worker(new URL('../../../workers/textgen-test.worker.ts', import.meta.url), {
    type: 'module',
    name: 'grove-model-test',
  });
}
