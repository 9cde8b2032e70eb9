/**
 * A hand-made embedder for discourse tests: each listed word owns one dimension, a text's vector
 * is the normalised count of its words (unknown words add nothing; a text without a known word
 * gets the last, "other" dimension). Cosines are exact and easy to reason about.
 */
import type { EmbedderPort } from '../ports.ts';

export class KeywordEmbedder implements EmbedderPort {
  readonly id = 'keyword-test';
  readonly dimension: number;
  readonly calls: string[] = [];

  constructor(private readonly words: readonly string[]) {
    this.dimension = words.length + 1;
  }

  vector(text: string): Float32Array {
    const v = new Float32Array(this.dimension);
    for (const token of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
      const i = this.words.indexOf(token);
      if (i >= 0) v[i] = (v[i] as number) + 1;
    }
    if (v.every((x) => x === 0)) v[this.dimension - 1] = 1;
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  }

  embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.calls.push(...texts);
    return Promise.resolve(texts.map((t) => this.vector(t)));
  }
}
