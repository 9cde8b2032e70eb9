/**
 * Cache management for web-llm models: which catalogue models are downloaded, how much space each
 * takes, and deleting one. Presence and deletion go through web-llm (hasModelInCache,
 * deleteModelAllInfoInCache) for whichever cacheBackend is configured; sizes are measured from the
 * Cache API when that backend is used, otherwise they are the catalogue's estimates.
 */
import type { AppConfig } from '@mlc-ai/web-llm';
import { allWebLlmVariants, type Precision } from '../catalogue.ts';

export interface ModelCacheBackend {
  has(modelId: string): Promise<boolean>;
  remove(modelId: string): Promise<void>;
  /** Measured bytes on disk, or undefined when the backend cannot tell. */
  sizeBytes(modelId: string): Promise<number | undefined>;
}

export interface CachedModel {
  readonly modelId: string;
  readonly label: string;
  readonly precision: Precision;
  readonly sizeBytes: number;
  /** True when sizeBytes is the catalogue estimate rather than a measurement. */
  readonly sizeIsEstimate: boolean;
}

const MB = 1024 * 1024;

export async function listCachedModels(backend: ModelCacheBackend): Promise<CachedModel[]> {
  const found: CachedModel[] = [];
  for (const { family, variant } of allWebLlmVariants()) {
    if (!(await backend.has(variant.modelId))) continue;
    const measured = await backend.sizeBytes(variant.modelId);
    found.push({
      modelId: variant.modelId,
      label: `${family.label} (${variant.precision})`,
      precision: variant.precision,
      sizeBytes: measured ?? variant.approxDownloadMB * MB,
      sizeIsEstimate: measured === undefined,
    });
  }
  return found;
}

/** web-llm's cache functions for `appConfig`'s backend (imported lazily). */
export function webLlmModelCache(
  appConfig: AppConfig,
  caches: CacheStorage | undefined = globalThis.caches,
): ModelCacheBackend {
  const webllm = () => import('@mlc-ai/web-llm');
  return {
    has: async (modelId) => (await webllm()).hasModelInCache(modelId, appConfig),
    remove: async (modelId) => (await webllm()).deleteModelAllInfoInCache(modelId, appConfig),
    sizeBytes: async (modelId) =>
      (appConfig.cacheBackend ?? 'cache') === 'cache' && caches
        ? cacheApiBytes(caches, modelId)
        : undefined,
  };
}

/** web-llm's Cache API scopes. */
export const WEB_LLM_CACHE_NAMES = ['webllm/model', 'webllm/config', 'webllm/wasm'] as const;

/** Bytes stored for `modelId` across web-llm's Cache API caches (undefined when none). */
export async function cacheApiBytes(
  caches: CacheStorage,
  modelId: string,
): Promise<number | undefined> {
  let total = 0;
  let entries = 0;
  for (const name of WEB_LLM_CACHE_NAMES) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!request.url.includes(`/${modelId}/`)) continue;
      const response = await cache.match(request);
      if (!response) continue;
      entries++;
      const header = Number(response.headers.get('content-length'));
      total += Number.isFinite(header) && header > 0 ? header : (await response.blob()).size;
    }
  }
  return entries > 0 ? total : undefined;
}
