/**
 * Acceptance (issue 3): the bundled embedder loads through transformers.js from local files
 * only, and ranks paraphrases above unrelated sentences.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HashEmbedder } from '../../engine/testing/index.ts';
import type { EmbedderPort } from '../../engine/ports.ts';
import type { Progress } from '../../engine/progress.ts';
import { dot } from '../../engine/vector.ts';
import { BUNDLED_EMBEDDER } from './bundled-model.ts';
import { createNodeBundledEmbedder, LazyNodeBundledEmbedder } from './node-bundled.ts';
import { PARAPHRASE_TRIPLES } from './paraphrase-set.test-support.ts';
import type { TransformersEmbedder } from './transformers-embedder.ts';

const remoteRequests: string[] = [];
let embedder: TransformersEmbedder;
const progress: Progress[] = [];

beforeAll(async () => {
  const realFetch = globalThis.fetch;
  // Any request leaving the machine fails the suite: everything must come from disk.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (/^(https?|wss?):/i.test(url)) {
      remoteRequests.push(url);
      return Promise.reject(new Error(`network access in a test: ${url}`));
    }
    return realFetch(input, init);
  });
  embedder = await createNodeBundledEmbedder({ onProgress: (p) => progress.push(p) });
});

afterAll(async () => {
  await embedder.dispose();
  vi.unstubAllGlobals();
});

/** Triples where sim(anchor, paraphrase) > sim(anchor, unrelated). */
async function paraphraseWins(port: EmbedderPort): Promise<number> {
  const vectors = await port.embed(PARAPHRASE_TRIPLES.flat());
  let wins = 0;
  PARAPHRASE_TRIPLES.forEach((_, t) => {
    const [a, p, u] = [vectors[3 * t]!, vectors[3 * t + 1]!, vectors[3 * t + 2]!];
    if (dot(a, p) > dot(a, u)) wins++;
  });
  return wins;
}

/** Anchors whose nearest neighbour among all 35 other sentences is their paraphrase. */
async function paraphraseIsNearest(port: EmbedderPort): Promise<number> {
  const vectors = await port.embed(PARAPHRASE_TRIPLES.flat());
  let count = 0;
  PARAPHRASE_TRIPLES.forEach((_, t) => {
    const anchor = vectors[3 * t]!;
    let best = -1;
    let bestSim = -Infinity;
    vectors.forEach((v, j) => {
      if (j === 3 * t) return;
      const s = dot(anchor, v);
      if (s > bestSim) [best, bestSim] = [j, s];
    });
    if (best === 3 * t + 1) count++;
  });
  return count;
}

describe('bundled embedder (GloVe 100d, int8) in Node', () => {
  it('loads from local files only, with remote models disabled', async () => {
    const { env } = await import('@huggingface/transformers');
    expect(env.allowRemoteModels).toBe(false);
    expect(env.localModelPath).toMatch(/public\/models\/$/);
    expect(remoteRequests).toEqual([]);
    expect(embedder.dimension).toBe(BUNDLED_EMBEDDER.dimension);
    expect(embedder.id).toBe('transformers:grove/glove-wink-100d@cpu');
  });

  it('reports load progress as one monotone task ending at 100', () => {
    expect(progress[0]).toEqual({ status: 'initiate', task: expect.any(String) });
    expect(progress.at(-1)).toMatchObject({ status: 'done', progress: 100 });
    const pcts = progress.flatMap((p) => (p.status === 'progress' ? [p.progress] : []));
    expect(pcts.length).toBeGreaterThan(0);
    pcts.forEach((p, i) => expect(p).toBeGreaterThanOrEqual(pcts[i - 1] ?? 0));
  });

  it('ranks the paraphrase above the unrelated sentence in every one of the 12 triples', async () => {
    expect(await paraphraseWins(embedder)).toBe(PARAPHRASE_TRIPLES.length);
  });

  it('finds the paraphrase as the nearest of all 35 other sentences for at least 11 of 12 anchors', async () => {
    expect(await paraphraseIsNearest(embedder)).toBeGreaterThanOrEqual(11);
    // The set needs word meaning, not word overlap: the hashing test embedder (exact words and
    // trigrams) finds at most 3 of the 12 paraphrases this way.
    expect(await paraphraseIsNearest(new HashEmbedder())).toBeLessThanOrEqual(3);
  });

  it('returns unit vectors, the same for a text alone or in a batch', async () => {
    const texts = PARAPHRASE_TRIPLES.map(([a]) => a);
    const batched = await embedder.embed(texts);
    const single = await embedder.embed([texts[3]!]);
    expect(batched).toHaveLength(texts.length);
    for (const v of batched) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v.length).toBe(100);
      expect(Math.sqrt(dot(v, v))).toBeCloseTo(1, 5);
    }
    expect(dot(batched[3]!, single[0]!)).toBeCloseTo(1, 6);
    // Each vector owns its buffer, so it can be transferred or stored on its own.
    expect(batched[0]!.buffer).not.toBe(batched[1]!.buffer);
  });

  it('maps a text with no known word to one fixed unit vector', async () => {
    const [a, b, c] = await embedder.embed(['', 'zzqxv 12345', 'hiking in the mountains']);
    expect(Array.from(a!)).toEqual(Array.from(b!));
    expect(Math.sqrt(dot(a!, a!))).toBeCloseTo(1, 6);
    expect(dot(a!, c!)).toBeLessThan(0.5);
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embed(['anything'], controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('has a lazy form for synchronous callers (the CLI) that loads on first use', async () => {
    const lazy = new LazyNodeBundledEmbedder();
    expect(lazy.id).toBe(embedder.id);
    expect(lazy.dimension).toBe(100);
    const [v] = await lazy.embed(['hiking in the mountains']);
    const [w] = await embedder.embed(['hiking in the mountains']);
    expect(Array.from(v!)).toEqual(Array.from(w!));
  });

  it('says where it looked when the model folder is missing', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'grove-no-model-'));
    await expect(createNodeBundledEmbedder({ modelRoot: empty })).rejects.toMatchObject({
      name: 'EmbedderModelMissingError',
      message: expect.stringContaining(empty),
    });
  });
});
