import { describe, expect, it } from 'vitest';
import { HashEmbedder } from '../engine/testing/index.ts';
import { LazyEmbedder } from './lazy-embedder.ts';

describe('LazyEmbedder', () => {
  it('loads once, on first use', async () => {
    let loads = 0;
    const lazy = new LazyEmbedder('lazy', 64, () => {
      loads++;
      return Promise.resolve(new HashEmbedder({ dimension: 64 }));
    });
    expect(loads).toBe(0);
    expect(lazy.current).toBeUndefined();
    const [a] = await lazy.embed(['hello world']);
    await lazy.embed(['again']);
    expect(loads).toBe(1);
    expect(a).toHaveLength(64);
    expect(lazy.current).toBeDefined();
  });

  it('retries a failed load and rejects a dimension mismatch', async () => {
    let attempt = 0;
    const lazy = new LazyEmbedder('lazy', 64, () =>
      ++attempt === 1
        ? Promise.reject(new Error('offline'))
        : Promise.resolve(new HashEmbedder({ dimension: 32 })),
    );
    await expect(lazy.embed(['x'])).rejects.toThrow('offline');
    await expect(lazy.embed(['x'])).rejects.toThrow(/32-d vectors; memory expects 64/);
  });
});
