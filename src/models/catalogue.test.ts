import { modelLibURLPrefix, modelVersion, prebuiltAppConfig } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import {
  BUNDLED_EMBEDDER_ID,
  DEFAULT_EMBEDDER,
  DEFAULT_LLM_FAMILY,
  DEFAULT_WASM_TEXTGEN,
  EMBEDDING_MODELS,
  LLM_FAMILIES,
  SMALL_DEVICE_LLM_FAMILY,
  WEB_LLM_LIB_BASE,
  WEB_LLM_WEIGHTS_BASE,
  allWebLlmVariants,
  findEmbedder,
  findFamily,
  findWasmModel,
} from './catalogue.ts';

describe('model catalogue', () => {
  it('matches web-llm 0.2.86 prebuiltAppConfig exactly (ids, VRAM, libraries, weights)', () => {
    expect(WEB_LLM_LIB_BASE).toBe(`${modelLibURLPrefix}${modelVersion}/`);
    for (const { variant } of allWebLlmVariants()) {
      const record = prebuiltAppConfig.model_list.find((m) => m.model_id === variant.modelId);
      expect(record, variant.modelId).toBeDefined();
      expect(record?.vram_required_MB).toBe(variant.vramMB);
      expect(record?.model_lib).toBe(`${WEB_LLM_LIB_BASE}${variant.modelLib}`);
      expect(record?.model).toBe(`${WEB_LLM_WEIGHTS_BASE}${variant.modelId}`);
    }
  });

  it('has an f16 and an f32 variant per family, smallest first, with sizes', () => {
    expect(LLM_FAMILIES.map((f) => f.id)).toEqual(
      expect.arrayContaining([
        'smollm2-360m',
        'qwen2.5-0.5b',
        'qwen2.5-1.5b',
        'llama-3.2-1b',
        'llama-3.2-3b',
      ]),
    );
    const params = LLM_FAMILIES.map((f) => f.paramsM);
    expect(params).toEqual([...params].sort((a, b) => a - b));
    for (const f of LLM_FAMILIES) {
      expect(f.variants.f16.modelId).toContain('q4f16_1');
      expect(f.variants.f16.needsShaderF16).toBe(true);
      expect(f.variants.f32.modelId).toContain('q4f32_1');
      expect(f.variants.f32.needsShaderF16).toBe(false);
      expect(f.variants.f32.approxDownloadMB).toBeGreaterThan(f.variants.f16.approxDownloadMB);
      expect(f.variants.f16.approxDownloadMB).toBeGreaterThan(f.paramsM / 2 / 1.2);
    }
  });

  it('lists the embedders with dimensions, the bundled one needing no download', () => {
    const bundled = findEmbedder(BUNDLED_EMBEDDER_ID);
    expect(bundled).toMatchObject({ dimension: 100, bundled: true, approxDownloadMB: 0 });
    expect(DEFAULT_EMBEDDER).toBe(BUNDLED_EMBEDDER_ID);
    for (const id of ['Xenova/all-MiniLM-L6-v2', 'Xenova/bge-small-en-v1.5', 'Xenova/gte-small']) {
      expect(findEmbedder(id)).toMatchObject({ dimension: 384, bundled: false });
    }
    expect(new Set(EMBEDDING_MODELS.map((m) => m.id)).size).toBe(EMBEDDING_MODELS.length);
  });

  it('resolves its defaults', () => {
    expect(findFamily(DEFAULT_LLM_FAMILY)).toBeDefined();
    expect(findFamily(SMALL_DEVICE_LLM_FAMILY)).toBeDefined();
    expect(findWasmModel(DEFAULT_WASM_TEXTGEN)).toBeDefined();
    expect(findFamily('nope')).toBeUndefined();
  });
});
