/** The adapter against fake extractors: batching, shapes, and load errors sorted by cause. */
import { describe, expect, it } from 'vitest';
import type { FeatureExtractor, LoadExtractor } from './transformers-embedder.ts';
import { TransformersEmbedder } from './transformers-embedder.ts';

const DIM = 3;

/** A fake pipeline: text i of a call maps to a fixed non-normalised vector. */
function fakeExtractor(calls: string[][]): FeatureExtractor {
  return async (texts) => {
    calls.push(texts);
    const data = new Float32Array(texts.length * DIM);
    texts.forEach((t, i) => data.set([t.length, 1, 0], i * DIM));
    return { data, dims: [texts.length, DIM] };
  };
}

const base = { modelId: 'test/fake', dtype: 'q8', device: 'wasm' as const, location: '/models/' };

describe('TransformersEmbedder', () => {
  it('embeds in batches and returns unit vectors with their own buffers', async () => {
    const calls: string[][] = [];
    const load: LoadExtractor = async () => fakeExtractor(calls);
    const embedder = await TransformersEmbedder.load({ ...base, batchSize: 2 }, load);
    expect(embedder.dimension).toBe(DIM);
    expect(embedder.id).toBe('transformers:test/fake@wasm');
    const vectors = await embedder.embed(['a', 'bb', 'ccc', 'dddd', 'e']);
    expect(calls.slice(1).map((c) => c.length)).toEqual([2, 2, 1]);
    expect(vectors).toHaveLength(5);
    for (const v of vectors) expect(Math.hypot(...v)).toBeCloseTo(1, 6);
    expect(new Set(vectors.map((v) => v.buffer)).size).toBe(5);
  });

  it('rejects a pipeline that answers with the wrong shape', async () => {
    let n = 0;
    const load: LoadExtractor = async () => async (texts) =>
      n++ === 0
        ? { data: new Float32Array(texts.length * DIM), dims: [texts.length, DIM] }
        : { data: new Float32Array(DIM), dims: [1, DIM] };
    const embedder = await TransformersEmbedder.load(base, load);
    await expect(embedder.embed(['a', 'b'])).rejects.toMatchObject({ name: 'EmbedderRunError' });
  });

  it.each([
    ['file was not found locally at "/models/test/fake/config.json"', 'EmbedderModelMissingError'],
    [`Unexpected token '<', "<!doctype "... is not valid JSON`, 'EmbedderModelMissingError'],
    ['no available backend found. ERR: [webgpu] adapter is null', 'EmbedderDeviceError'],
    ['failed to compile wasm module', 'EmbedderLoadError'],
  ])('maps the load failure "%s" to %s', async (message, name) => {
    const load: LoadExtractor = async () => {
      throw new Error(message);
    };
    await expect(
      TransformersEmbedder.load({ ...base, device: 'webgpu' }, load),
    ).rejects.toMatchObject({ name });
  });

  it('passes device, dtype and a progress callback to the pipeline', async () => {
    let seen: Parameters<LoadExtractor>[1] | undefined;
    const load: LoadExtractor = async (_id, options) => {
      seen = options;
      options.progress_callback({ status: 'ready' });
      return fakeExtractor([]);
    };
    const statuses: string[] = [];
    await TransformersEmbedder.load({ ...base, onProgress: (p) => statuses.push(p.status) }, load);
    expect(seen?.device).toBe('wasm');
    expect(seen?.dtype).toBe('q8');
    expect(statuses).toEqual(['initiate', 'done']);
  });
});
