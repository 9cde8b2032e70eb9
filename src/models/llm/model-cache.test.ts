import { describe, expect, it } from 'vitest';
import { cacheApiBytes, listCachedModels, type ModelCacheBackend } from './model-cache.ts';

const SMALL = 'SmolLM2-360M-Instruct-q4f32_1-MLC';
const QWEN = 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC';

function memoryBackend(
  sizes: Record<string, number | undefined>,
): ModelCacheBackend & { removed: string[] } {
  const present = new Set(Object.keys(sizes));
  const removed: string[] = [];
  return {
    removed,
    has: async (id) => present.has(id),
    remove: async (id) => {
      present.delete(id);
      removed.push(id);
    },
    sizeBytes: async (id) => sizes[id],
  };
}

/** A CacheStorage stand-in holding web-llm-style entries. */
function fakeCaches(
  entries: Record<string, { url: string; body: string; length?: number }[]>,
): CacheStorage {
  const open = async (name: string) =>
    ({
      keys: async () => (entries[name] ?? []).map((e) => new Request(e.url)),
      match: async (request: Request) => {
        const entry = (entries[name] ?? []).find((e) => e.url === request.url);
        if (!entry) return undefined;
        const headers =
          entry.length === undefined ? {} : { 'content-length': String(entry.length) };
        return new Response(entry.body, { headers });
      },
    }) as unknown as Cache;
  return { has: async (name: string) => name in entries, open } as unknown as CacheStorage;
}

describe('model cache management', () => {
  it('lists cached catalogue models with measured or estimated sizes', async () => {
    const backend = memoryBackend({ [SMALL]: 5_000_000, [QWEN]: undefined });
    const listed = await listCachedModels(backend);
    expect(listed.map((m) => m.modelId)).toEqual([SMALL, QWEN]);
    expect(listed[0]).toMatchObject({
      sizeBytes: 5_000_000,
      sizeIsEstimate: false,
      precision: 'f32',
    });
    expect(listed[1]?.sizeIsEstimate).toBe(true);
    expect(listed[1]?.sizeBytes).toBeGreaterThan(200 * 1024 * 1024);
  });

  it('deletes one model and no longer lists it', async () => {
    const backend = memoryBackend({ [SMALL]: 1, [QWEN]: 2 });
    await backend.remove(SMALL);
    expect((await listCachedModels(backend)).map((m) => m.modelId)).toEqual([QWEN]);
    expect(backend.removed).toEqual([SMALL]);
  });

  it('measures a model in the Cache API from its entries', async () => {
    const base = `https://huggingface.co/mlc-ai/${SMALL}/resolve/main`;
    const caches = fakeCaches({
      'webllm/model': [
        { url: `${base}/params_shard_0.bin`, body: 'x', length: 1000 },
        { url: `${base}/params_shard_1.bin`, body: 'abcd' },
        {
          url: `https://huggingface.co/mlc-ai/${QWEN}/resolve/main/params_shard_0.bin`,
          body: 'zz',
          length: 9,
        },
      ],
      'webllm/config': [{ url: `${base}/mlc-chat-config.json`, body: '{}', length: 2 }],
    });
    expect(await cacheApiBytes(caches, SMALL)).toBe(1006);
    expect(await cacheApiBytes(caches, 'Llama-3.2-1B-Instruct-q4f16_1-MLC')).toBeUndefined();
  });
});
