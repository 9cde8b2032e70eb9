/**
 * Builds the LlmPort for a runtime selection: web-llm in its worker (WebGPU), transformers.js on
 * WASM in its worker, the opt-in HTTP endpoint, or none. Nothing is downloaded until `load` is called.
 */
import type { CallRecord } from '../../engine/cost/index.ts';
import type { LlmPort } from '../../engine/ports.ts';
import type { ProgressCallback } from '../../engine/progress.ts';
import { allWebLlmVariants, findWasmModel } from '../catalogue.ts';
import type { ModelChoice } from '../model-choice.ts';
import type { RuntimeSelection } from '../select-runtime.ts';
import { persistBeforeDownload } from '../storage-persist.ts';
import { buildAppConfig } from './app-config.ts';
import { webLlmModelCache } from './model-cache.ts';
import { OpenAiHttpPort } from './openai-http-port.ts';
import type { TextGenWorkerLike } from './textgen-client.ts';
import type { WorkerCrashedError } from '../../rpc/worker-errors.ts';

export interface LoadedLlm {
  readonly port: LlmPort;
  readonly leavesDevice: boolean;
  /** Unloads the model and ends its worker (the model is being changed). */
  readonly dispose?: () => Promise<void>;
  /** Stops the model's worker as a crash would (the test API). */
  readonly kill?: (detail: string) => void;
}

/** What the app hears of the model's worker: it stopped (and is restarting), it is back. */
export interface LlmWorkerEvents {
  readonly onCrash?: (error: WorkerCrashedError, restarting: boolean) => void;
  readonly onRestarted?: () => void;
}

const MB = 1024 * 1024;

export interface CreateLlmDeps {
  /** Starts the WASM text-generation worker (default: workers/textgen.worker.ts). */
  readonly textGenWorker?: () => TextGenWorkerLike;
  /** Hears of every call an on-device model answers: purpose, tokens, queue wait. */
  readonly onCall?: (call: CallRecord) => void;
  /** Hears of the model worker's crashes and restarts. */
  readonly worker?: LlmWorkerEvents;
}

export async function createLlm(
  selection: RuntimeSelection,
  choice: ModelChoice,
  onProgress?: ProgressCallback,
  signal?: AbortSignal,
  deps: CreateLlmDeps = {},
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
      await persistBeforeDownload(model.approxDownloadMB * MB);
      // The pipeline runs in its own worker: the page thread never runs inference.
      const { TextGenClient, createTextGenWorker } = await import('./textgen-client.ts');
      const startWorker = deps.textGenWorker ?? createTextGenWorker;
      const port = await TextGenClient.create(
        {
          modelId: model.id,
          dtype: model.dtype,
          ...(choice.modelBaseUrl === null ? {} : { modelBaseUrl: choice.modelBaseUrl }),
          ...(onProgress ? { onProgress } : {}),
          ...(signal ? { signal } : {}),
          ...(deps.onCall ? { onCall: deps.onCall } : {}),
        },
        startWorker(),
        { startWorker, ...deps.worker },
      );
      return {
        port,
        leavesDevice: false,
        dispose: () => Promise.resolve(port.terminate()),
        kill: (detail) => port.kill(detail),
      };
    }
    case 'webgpu': {
      const appConfig = buildAppConfig({
        cacheBackend: choice.cacheBackend,
        modelBaseUrl: choice.modelBaseUrl,
      });
      const [{ createWebLlmWorkerEngine, startLlmWorker }, { WebLlmPort }, { supervisedEngine }] =
        await Promise.all([
          import('./web-llm-engine.ts'),
          import('./web-llm-port.ts'),
          import('./supervised-engine.ts'),
        ]);
      // The worker is watched: a crash fails the waiting calls, restarts it, and says so.
      const engine = supervisedEngine({
        start: async () => {
          const worker = startLlmWorker();
          return { engine: await createWebLlmWorkerEngine(appConfig, worker), worker };
        },
        ...deps.worker,
      });
      const cache = webLlmModelCache(appConfig);
      const variant = allWebLlmVariants().find(
        (v) => v.variant.modelId === selection.modelId,
      )?.variant;
      const port = new WebLlmPort({
        engine,
        modelId: selection.modelId,
        ...(deps.onCall ? { onCall: deps.onCall } : {}),
        beforeLoad: async () => {
          if (!(await cache.has(selection.modelId))) {
            await persistBeforeDownload((variant?.approxDownloadMB ?? 0) * MB);
          }
        },
      });
      try {
        await port.load(onProgress, signal);
      } catch (error) {
        await engine.dispose();
        throw error;
      }
      return {
        port,
        leavesDevice: false,
        dispose: () => engine.dispose(),
        kill: (detail) => engine.kill(detail),
      };
    }
  }
}
