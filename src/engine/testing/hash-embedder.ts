/**
 * HashEmbedder: a deterministic EmbedderPort for tests. Stemmed content words are hashed
 * (FNV-1a, signed) into `dimension` buckets; character trigrams of each word add a weaker signal
 * so morphological variants ("hiker", "hiking") land close. Vectors are L2-normalised; a text
 * without words maps to one fixed unit vector. Texts sharing content words are far more similar
 * than unrelated ones; nothing else about meaning is captured.
 */
import { throwIfAborted } from '../errors.ts';
import type { EmbedderPort } from '../ports.ts';
import type { Vector } from '../types.ts';
import { contentWords, stem, tokenize } from './keywords.ts';

export const DEFAULT_HASH_DIMENSION = 256;
const WORD_WEIGHT = 1;
/** Total weight of one word's trigrams, spread over them. */
const TRIGRAM_WEIGHT = 0.5;

/** 32-bit FNV-1a over UTF-16 code units. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface HashEmbedderOptions {
  readonly dimension?: number;
}

export class HashEmbedder implements EmbedderPort {
  readonly id: string;
  readonly dimension: number;

  constructor(options: HashEmbedderOptions = {}) {
    const dimension = options.dimension ?? DEFAULT_HASH_DIMENSION;
    if (!Number.isInteger(dimension) || dimension < 2) {
      throw new RangeError(`HashEmbedder dimension must be an integer ≥ 2, got ${dimension}.`);
    }
    this.dimension = dimension;
    this.id = `hash-${dimension}`;
  }

  embed(texts: readonly string[], signal?: AbortSignal): Promise<Vector[]> {
    try {
      throwIfAborted(signal);
      return Promise.resolve(texts.map((text) => this.embedOne(text)));
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }

  /** Synchronous form, handy in tests. */
  embedOne(text: string): Vector {
    const v = new Float32Array(this.dimension);
    let words = contentWords(text);
    if (words.length === 0) words = tokenize(text);
    if (words.length === 0) return this.emptyVector();
    for (const word of words) {
      this.add(v, `w:${stem(word)}`, WORD_WEIGHT);
      const padded = `<${word}>`;
      const n = padded.length - 2;
      for (let i = 0; i < n; i++)
        this.add(v, `t:${padded.slice(i, i + 3)}`, TRIGRAM_WEIGHT / Math.sqrt(n));
    }
    let norm = 0;
    for (let i = 0; i < v.length; i++) norm += (v[i] as number) * (v[i] as number);
    if (norm === 0) return this.emptyVector();
    const inv = 1 / Math.sqrt(norm);
    for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) * inv;
    return v;
  }

  private add(v: Float32Array, feature: string, weight: number): void {
    const h = fnv1a(feature);
    const bucket = h % this.dimension;
    const sign = (fnv1a(`±${feature}`) & 1) === 0 ? 1 : -1;
    v[bucket] = (v[bucket] as number) + sign * weight;
  }

  private emptyVector(): Vector {
    return new Float32Array(this.dimension).fill(1 / Math.sqrt(this.dimension));
  }
}
