/**
 * web-llm's AppConfig for the catalogue: the public hosts by default (Hugging Face weights, the
 * prebuilt model libraries), or a self-hosted base URL for air-gapped demos. A self-hosted folder
 * holds `<modelId>/` (mlc-chat-config.json, tensor-cache.json, params_shard_*.bin, tokenizer.json)
 * and `libs/<model library>.wasm`; every URL in model_list is absolute.
 */
import type { AppConfig, ModelRecord } from '@mlc-ai/web-llm';
import { WEB_LLM_LIB_BASE, WEB_LLM_WEIGHTS_BASE, allWebLlmVariants } from '../catalogue.ts';
import type { CacheBackendChoice } from '../model-choice.ts';

export interface AppConfigOptions {
  readonly cacheBackend: CacheBackendChoice;
  /** Absolute base URL of a self-hosted model folder; null or absent = the public hosts. */
  readonly modelBaseUrl?: string | null;
  /** Resolves a relative base URL (default: the page's location). */
  readonly pageUrl?: string;
}

export function buildAppConfig(options: AppConfigOptions): AppConfig {
  const base = options.modelBaseUrl ? absoluteFolder(options.modelBaseUrl, options.pageUrl) : null;
  const model_list: ModelRecord[] = allWebLlmVariants().map(({ family, variant }) => ({
    model_id: variant.modelId,
    model: base ? `${base}${variant.modelId}/` : `${WEB_LLM_WEIGHTS_BASE}${variant.modelId}`,
    model_lib: base ? `${base}libs/${variant.modelLib}` : `${WEB_LLM_LIB_BASE}${variant.modelLib}`,
    vram_required_MB: variant.vramMB,
    low_resource_required: true,
    overrides: { context_window_size: family.contextWindow },
    ...(variant.needsShaderF16 ? { required_features: ['shader-f16'] } : {}),
  }));
  return { model_list, cacheBackend: options.cacheBackend };
}

function absoluteFolder(url: string, pageUrl?: string): string {
  const resolved = new URL(url, pageUrl ?? globalThis.location?.href);
  return resolved.href.endsWith('/') ? resolved.href : `${resolved.href}/`;
}
