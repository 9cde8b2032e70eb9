/**
 * Any transformers.js model folder on disk, loaded offline: a copy of the bundled GloVe folder in
 * a temporary directory gives exactly the bundled vectors; broken folders give clear errors.
 */
import { cp, copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundledModelFolder, createNodeBundledEmbedder } from './node-bundled.ts';
import {
  LazyNodeFolderEmbedder,
  createNodeFolderEmbedder,
  inspectModelFolder,
} from './node-folder.ts';
import type { TransformersEmbedder } from './transformers-embedder.ts';

const TEXTS = ['hiking in the mountains', 'a quiet evening with a book', 'zzqxv'];
let temp: string;
let bundled: TransformersEmbedder;
const remoteRequests: string[] = [];

/** A copy of the bundled model folder at `<temp>/<name>`, adjusted by `edit`. */
async function copyOfBundled(name: string, edit?: (folder: string) => Promise<void>) {
  const folder = join(temp, name);
  await cp(bundledModelFolder(), folder, { recursive: true });
  await edit?.(folder);
  return folder;
}

beforeAll(async () => {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (/^(https?|wss?):/i.test(url)) {
      remoteRequests.push(url);
      return Promise.reject(new Error(`network access in a test: ${url}`));
    }
    return realFetch(input, init);
  });
  temp = await mkdtemp(join(tmpdir(), 'grove-model-folder-'));
  bundled = await createNodeBundledEmbedder();
});

afterAll(async () => {
  await bundled.dispose();
  await rm(temp, { recursive: true, force: true });
  vi.unstubAllGlobals();
});

describe('createNodeFolderEmbedder', () => {
  it('loads a model folder by path, offline, giving the same vectors as the bundled model', async () => {
    const folder = await copyOfBundled('my-glove');
    expect(inspectModelFolder(folder)).toEqual({
      folder,
      dtype: 'q8',
      dimension: 100,
      pooling: 'mean',
    });
    const embedder = await createNodeFolderEmbedder(folder);
    expect(embedder.id).toBe('transformers:my-glove@cpu');
    expect(embedder.dimension).toBe(100);
    const [mine, theirs] = [await embedder.embed(TEXTS), await bundled.embed(TEXTS)];
    expect(mine.map((v) => Array.from(v))).toEqual(theirs.map((v) => Array.from(v)));
    expect(remoteRequests).toEqual([]);
    await embedder.dispose();
  });

  it('prefers onnx/model.onnx (fp32) when both graphs exist', async () => {
    const folder = await copyOfBundled('both', (f) =>
      copyFile(join(f, 'onnx/model_quantized.onnx'), join(f, 'onnx/model.onnx')),
    );
    expect(inspectModelFolder(folder).dtype).toBe('fp32');
    const embedder = await createNodeFolderEmbedder(folder);
    const [v] = await embedder.embed([TEXTS[0]!]);
    const [w] = await bundled.embed([TEXTS[0]!]);
    expect(Array.from(v!)).toEqual(Array.from(w!)); // the same graph under the fp32 name
    await embedder.dispose();
  });

  it('takes pooling from grove.json beside the model, and rejects unknown values', async () => {
    const cls = await copyOfBundled('cls', (f) =>
      writeFile(join(f, 'grove.json'), JSON.stringify({ pooling: 'cls' })),
    );
    expect(inspectModelFolder(cls).pooling).toBe('cls');
    const embedder = await createNodeFolderEmbedder(cls);
    const [a, b] = await embedder.embed(['hiking alone', 'hiking together']);
    // [CLS] pooling = the first token's vector: both texts start with "hiking".
    expect(Array.from(a!)).toEqual(Array.from(b!));
    await embedder.dispose();

    const bad = await copyOfBundled('bad-pooling', (f) =>
      writeFile(join(f, 'grove.json'), JSON.stringify({ pooling: 'max' })),
    );
    expect(() => inspectModelFolder(bad)).toThrow(/"pooling" to "max"; use "mean" or "cls"/);
  });

  it('checks the dimension in config.json against the model', async () => {
    const folder = await copyOfBundled('wrong-dim', async (f) => {
      const config = JSON.parse(await readFile(join(f, 'config.json'), 'utf8')) as object;
      await writeFile(join(f, 'config.json'), JSON.stringify({ ...config, hidden_size: 64 }));
    });
    await expect(createNodeFolderEmbedder(folder)).rejects.toMatchObject({
      name: 'EmbedderLoadError',
      message: expect.stringMatching(/says 64 dimensions but the model returned 100-d/),
    });
  });

  it('says clearly when the folder is missing or is not a model folder', async () => {
    const missing = join(temp, 'no-such-model');
    await expect(createNodeFolderEmbedder(missing)).rejects.toMatchObject({
      name: 'EmbedderModelMissingError',
      message: expect.stringContaining(`${missing} does not exist`),
    });
    const partial = await copyOfBundled('partial', async (f) => {
      await rm(join(f, 'tokenizer.json'));
      await rm(join(f, 'onnx'), { recursive: true });
    });
    expect(() => inspectModelFolder(partial)).toThrow(
      /tokenizer\.json, onnx\/model\.onnx or onnx\/model_quantized\.onnx missing/,
    );
  });

  it('has a lazy form that checks the folder at once and loads on first use', async () => {
    const folder = await copyOfBundled('lazy');
    const lazy = new LazyNodeFolderEmbedder(folder);
    expect(lazy.id).toBe('transformers:lazy@cpu');
    expect(lazy.dimension).toBe(100);
    const [v] = await lazy.embed([TEXTS[1]!]);
    const [w] = await bundled.embed([TEXTS[1]!]);
    expect(Array.from(v!)).toEqual(Array.from(w!));
    expect(() => new LazyNodeFolderEmbedder(join(temp, 'nope'))).toThrow(/does not exist/);
  });
});
