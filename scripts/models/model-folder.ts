/**
 * Turns a word table into a transformers.js model folder:
 * `{config.json, tokenizer.json, tokenizer_config.json, onnx/model_quantized.onnx}`.
 * Pure function of its input: the same table gives the same bytes.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SPECIAL_TOKENS } from './bundled-embedder-spec.ts';
import { quantizeRows } from './int8-rows.ts';
import { buildEmbeddingGraph } from './onnx-embedding-graph.ts';
import { modelConfigJson, tokenizerConfigJson, tokenizerJson } from './tokenizer-files.ts';
import { allButTheTop, sifWeights } from './word-postprocess.ts';
import type { WordTable } from './wink-source.ts';

export interface FolderOptions {
  /** Principal directions removed (all-but-the-top); 0 keeps the vectors as they are. */
  readonly removedComponents: number;
  /** SIF parameter a; `undefined` gives every word weight 1 (plain mean pooling). */
  readonly sifA: number | undefined;
  readonly zipfVocabulary: number;
  readonly description: string;
}

/** File name → bytes, in a fixed order. */
export type FolderFiles = ReadonlyMap<string, Uint8Array>;

const json = (value: object) => new TextEncoder().encode(`${JSON.stringify(value, null, 1)}\n`);

export function buildModelFiles(table: WordTable, options: FolderOptions): FolderFiles {
  const { dimension, words } = table;
  const vectors = Float64Array.from(table.vectors);
  if (options.removedComponents > 0) allButTheTop(vectors, dimension, options.removedComponents);
  const specials = SPECIAL_TOKENS.length;
  const vocabSize = words.length + specials;
  // Special rows stay zero: [PAD] is masked by pooling, [UNK] adds nothing to the direction.
  const full = new Float64Array(vocabSize * dimension);
  full.set(vectors, specials * dimension);
  const weights = new Float64Array(vocabSize).fill(1);
  if (options.sifA !== undefined) {
    weights.set(sifWeights(words.length, options.sifA, options.zipfVocabulary), specials);
  }
  const rows = quantizeRows(full, dimension, weights);
  const graph = buildEmbeddingGraph({
    rows,
    vocabSize,
    dimension,
    description: options.description,
  });
  return new Map([
    ['config.json', json(modelConfigJson(vocabSize))],
    ['tokenizer.json', json(tokenizerJson(words))],
    ['tokenizer_config.json', json(tokenizerConfigJson())],
    ['onnx/model_quantized.onnx', graph],
  ]);
}

export async function writeModelFolder(folder: string, files: FolderFiles): Promise<void> {
  for (const [name, bytes] of files) {
    const path = join(folder, name);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, bytes);
  }
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
