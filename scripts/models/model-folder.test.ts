/**
 * The model-folder builder on a tiny hand-made word table: the ONNX graph, tokenizer and config
 * load through transformers.js from a temporary folder and compute exactly the weighted mean
 * the builder promises; the bytes are the same on every build.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  configureOfflineEnv,
  type TransformersEnvLike,
} from '../../src/models/embedder/offline-env.ts';
import { TransformersEmbedder } from '../../src/models/embedder/transformers-embedder.ts';
import { quantizeRows } from './int8-rows.ts';
import { buildModelFiles, sha256, writeModelFolder, type FolderOptions } from './model-folder.ts';
import type { WordTable } from './wink-source.ts';

const WORDS = ['the', ',', 'cat', 'sat', 'mat', 'do', 'not', 'can', 'dog'];
const DIM = 4;
// Deterministic, distinct rows.
const VECTORS = Float64Array.from({ length: WORDS.length * DIM }, (_, i) =>
  Math.sin(i * 1.7 + 0.3),
);
const table: WordTable = { words: WORDS, vectors: VECTORS, dimension: DIM };
const PLAIN: FolderOptions = {
  removedComponents: 0,
  sifA: undefined,
  zipfVocabulary: 1000,
  description: 'test',
};

let root: string;
let embedder: TransformersEmbedder;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'grove-tiny-model-'));
  await writeModelFolder(join(root, 'test', 'tiny'), buildModelFiles(table, PLAIN));
  const { env } = await import('@huggingface/transformers');
  configureOfflineEnv(env as unknown as TransformersEnvLike, { localModelPath: `${root}/` });
  embedder = await TransformersEmbedder.load({
    modelId: 'test/tiny',
    dtype: 'q8',
    device: 'cpu',
    location: root,
  });
});

/** What the graph must compute for some words: the mean of their dequantised rows, normalised. */
function expected(words: string[]): Float32Array {
  const rows = quantizeRows(VECTORS, DIM);
  const sum = new Float64Array(DIM);
  for (const w of words) {
    const r = WORDS.indexOf(w);
    for (let i = 0; i < DIM; i++) sum[i]! += rows.values[r * DIM + i]! * rows.scales[r]!;
  }
  const n = Math.hypot(...sum);
  return Float32Array.from(sum, (x) => x / n);
}

describe('bundled-embedder model folder', () => {
  it('builds the same bytes every time', () => {
    const a = buildModelFiles(table, { ...PLAIN, removedComponents: 1, sifA: 1e-3 });
    const b = buildModelFiles(table, { ...PLAIN, removedComponents: 1, sifA: 1e-3 });
    expect([...a.keys()]).toEqual([
      'config.json',
      'tokenizer.json',
      'tokenizer_config.json',
      'onnx/model_quantized.onnx',
    ]);
    for (const [name, bytes] of a) expect(sha256(bytes), name).toBe(sha256(b.get(name)!));
  });

  it('loads through transformers.js and mean-pools the dequantised word rows', async () => {
    const [v] = await embedder.embed(['The cat sat on the mat.']);
    // "on" and "." are unknown ([UNK], a zero row): they add nothing to the direction.
    const want = expected(['the', 'cat', 'sat', 'the', 'mat']);
    Array.from(want).forEach((x, i) => expect(v![i]).toBeCloseTo(x, 5));
  });

  it('lower-cases, splits punctuation and expands contractions before the lookup', async () => {
    const [a, b] = await embedder.embed(["CAN'T, dog", 'can not , dog']);
    expect(Array.from(a!)).toEqual(Array.from(b!));
    const [c, d] = await embedder.embed(['Cat don’t', 'cat do not']);
    expect(Array.from(c!)).toEqual(Array.from(d!));
  });

  it("pads batches without changing any text's vector", async () => {
    const batch = await embedder.embed(['cat', 'the dog sat on the mat , not the cat']);
    const [alone] = await embedder.embed(['cat']);
    expect(Array.from(batch[0]!)).toEqual(Array.from(alone!));
  });
});
