/**
 * Builds the LlmPort for a runtime selection: web-llm in its worker (WebGPU), transformers.js on
 * WASM, the opt-in HTTP endpoint, or none. Nothing is downloaded until `load` is called.
 */
import type { LlmPort } from '../../engine/ports.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import { allWebLlmVariants, findWasmModel } from '../catalogue.ts';
import type { ModelChoice } from '../model-choice.ts';
import type { RuntimeSelection } from '../select-runtime.ts';
import { persistBeforeDownload } from '../storage-persist.ts';
import { buildAppConfig } from './app-config.ts';
import { webLlmModelCache } from './model-cache.ts';
import { OpenAiHttpPort } from './openai-http-port.ts';

export interface LoadedLlm {
  readonly port: LlmPort;
  readonly leavesDevice: boolean;
}

const MB = 1024 * 1024;

export async function createLlm(
  selection: RuntimeSelection,
  choice: ModelChoice,
  onProgress?: ProgressCallback,
  signal?: AbortSignal,
): Promise<LoadedLlm | undefined> {
  switch (selection.mode) {
    case 'none':
      return undefined;
    case 'remote':
      return {
        port: new OpenAiHttpPort({ baseUrl: selection.baseUrl, model: selection.model }),
        leavesDevice: true,
      };
    case 'wasm': {
      const model = findWasmModel(selection.modelId);
      if (!model) return undefined;
      const { loadTransformersTextGen } = await import('./transformers-textgen-loader.ts');
      return { port: await loadTransformersTextGen(model, onProgress), leavesDevice: false };
    }
    case 'webgpu': {
      const appConfig = buildAppConfig({
        cacheBackend: choice.cacheBackend,
        modelBaseUrl: choice.modelBaseUrl,
      });
      const [{ createWebLlmWorkerEngine }, { WebLlmPort }] = await Promise.all([
        import('./web-llm-engine.ts'),
        import('./web-llm-port.ts'),
      ]);
      const cache = webLlmModelCache(appConfig);
      const variant = allWebLlmVariants().find(
        (v) => v.variant.modelId === selection.modelId,
      )?.variant;
      const port = new WebLlmPort({
        engine: await createWebLlmWorkerEngine(appConfig),
        modelId: selection.modelId,
        beforeLoad: async () => {
          if (!(await cache.has(selection.modelId))) {
            await persistBeforeDownload((variant?.approxDownloadMB ?? 0) * MB);
          }
        },
      });
      await port.load(onProgress, signal);
      return { port, leavesDevice: false };
    }
  }
}
