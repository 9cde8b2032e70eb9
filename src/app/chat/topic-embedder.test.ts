import { describe, expect, it } from 'vitest';
import { HashEmbedder } from '../../engine/testing/index.ts';
import { lazyEmbedder } from './topic-embedder.ts';

describe('the topic routing embedder', () => {
  it('loads once, on first use, and tries again after a failed load', async () => {
    let loads = 0;
    const embedder = new HashEmbedder();
    const get = lazyEmbedder(() => {
      loads++;
      return loads === 1 ? Promise.reject(new Error('worker crashed')) : Promise.resolve(embedder);
    });
    expect(loads).toBe(0);
    await expect(get()).rejects.toThrow('worker crashed');
    expect(await get()).toBe(embedder);
    expect(await get()).toBe(embedder);
    expect(loads).toBe(2);
  });
});
