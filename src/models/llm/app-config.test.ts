import { prebuiltAppConfig } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import { allWebLlmVariants } from '../catalogue.ts';
import { buildAppConfig } from './app-config.ts';

describe('buildAppConfig', () => {
  it('uses the prebuilt hosts and libraries by default, with the chosen cache backend', () => {
    const config = buildAppConfig({ cacheBackend: 'indexeddb' });
    expect(config.cacheBackend).toBe('indexeddb');
    expect(config.model_list).toHaveLength(allWebLlmVariants().length);
    for (const record of config.model_list) {
      const prebuilt = prebuiltAppConfig.model_list.find((m) => m.model_id === record.model_id);
      expect(record.model).toBe(prebuilt?.model);
      expect(record.model_lib).toBe(prebuilt?.model_lib);
      expect(record.vram_required_MB).toBe(prebuilt?.vram_required_MB);
    }
    const f16 = config.model_list.find((m) => m.model_id.includes('q4f16'));
    expect(f16?.required_features).toEqual(['shader-f16']);
  });

  it('points every model at absolute URLs under a self-hosted base', () => {
    const config = buildAppConfig({
      cacheBackend: 'opfs',
      modelBaseUrl: '/mlc',
      pageUrl: 'http://10.0.0.2:4173/app/',
    });
    const record = config.model_list.find(
      (m) => m.model_id === 'SmolLM2-360M-Instruct-q4f32_1-MLC',
    );
    expect(record?.model).toBe('http://10.0.0.2:4173/mlc/SmolLM2-360M-Instruct-q4f32_1-MLC/');
    expect(record?.model_lib).toBe(
      'http://10.0.0.2:4173/mlc/libs/SmolLM2-360M-Instruct-q4f32_1_cs1k-webgpu.wasm',
    );
    for (const m of config.model_list)
      expect(m.model.startsWith('http://10.0.0.2:4173/mlc/')).toBe(true);
  });
});
