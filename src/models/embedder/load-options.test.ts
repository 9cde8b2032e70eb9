import { describe, expect, it } from 'vitest';
import { DEFAULT_CHOICE } from '../model-choice.ts';
import { BUNDLED_EMBEDDER } from './bundled-model.ts';
import { embedderLoadOptions } from './load-options.ts';

describe('embedderLoadOptions', () => {
  it('loads the bundled embedder from the app, whatever the base URL', () => {
    const options = embedderLoadOptions({ ...DEFAULT_CHOICE, modelBaseUrl: 'https://lan/m/' });
    expect(options).toEqual({
      modelId: BUNDLED_EMBEDDER.modelId,
      dtype: BUNDLED_EMBEDDER.dtype,
      device: 'auto',
      pooling: 'mean',
    });
  });

  it('loads another embedder from the self-hosted base URL, with its pooling', () => {
    const choice = { embedder: 'Xenova/bge-small-en-v1.5', modelBaseUrl: '/air-gapped/' };
    expect(embedderLoadOptions(choice, 'wasm')).toEqual({
      modelId: 'Xenova/bge-small-en-v1.5',
      dtype: 'q8',
      device: 'wasm',
      pooling: 'cls',
      modelBaseUrl: '/air-gapped/',
    });
    // Without a base URL: the app's own /models/ (the worker's default).
    expect(embedderLoadOptions({ ...choice, modelBaseUrl: null })).not.toHaveProperty(
      'modelBaseUrl',
    );
  });
});
