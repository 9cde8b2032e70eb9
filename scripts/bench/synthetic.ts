/**
 * Seeded synthetic "sentence embeddings" for benchmarks. Real sentence embeddings are
 * anisotropic (every vector shares a common component, so unrelated texts still have cosine
 * ≈ 0.1–0.2) and topical (texts on one topic ≈ 0.6, on neighbouring topics ≈ 0.4). Recipe:
 *  - n/10 topics (200 for n = 2,000), grouped into √topics themes; a topic's direction is its
 *    theme's plus 0.8 × a random unit vector, normalised;
 *  - topic popularity is Zipf-like (weight ∝ 1/(rank+1)^0.7), as memories of a user are;
 *  - a vector is normalise(0.5·common + topic + 0.9·noise), noise a random unit vector:
 *    cosine ≈ 0.6 within a topic, ≈ 0.4 across topics of a theme, ≈ 0.12 otherwise.
 */
import { createRng, gaussian } from '../../src/engine/rng.ts';
import type { Rng } from '../../src/engine/ports.ts';

export interface SyntheticSet {
  readonly vectors: Float32Array[];
  /** The topic each vector was drawn from. */
  readonly topics: number[];
}

function unitGaussian(rng: Rng, dim: number): Float64Array {
  const v = new Float64Array(dim);
  let s = 0;
  for (let i = 0; i < dim; i++) s += (v[i] = gaussian(rng)) ** 2;
  const inv = 1 / Math.sqrt(s);
  for (let i = 0; i < dim; i++) v[i]! *= inv;
  return v;
}

function combine(dim: number, parts: readonly [number, ArrayLike<number>][]): Float64Array {
  const out = new Float64Array(dim);
  for (const [w, v] of parts) for (let i = 0; i < dim; i++) out[i]! += w * (v[i] as number);
  let s = 0;
  for (let i = 0; i < dim; i++) s += out[i]! ** 2;
  const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
  for (let i = 0; i < dim; i++) out[i]! *= inv;
  return out;
}

export function syntheticEmbeddings(n: number, dim: number, seed: number): SyntheticSet {
  const rng = createRng(seed);
  const nTopics = Math.max(1, Math.round(n / 10));
  const nThemes = Math.max(1, Math.round(Math.sqrt(nTopics)));
  const common = unitGaussian(rng, dim);
  const themes = Array.from({ length: nThemes }, () => unitGaussian(rng, dim));
  const topicDirs = Array.from({ length: nTopics }, () => {
    const theme = themes[Math.floor(rng.next() * nThemes)]!;
    return combine(dim, [
      [1, theme],
      [0.8, unitGaussian(rng, dim)],
    ]);
  });
  const cumulative: number[] = [];
  let total = 0;
  for (let t = 0; t < nTopics; t++) cumulative.push((total += 1 / (1 + t) ** 0.7));
  const vectors: Float32Array[] = [];
  const topics: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = rng.next() * total;
    let t = cumulative.findIndex((c) => c > r);
    if (t < 0) t = nTopics - 1;
    topics.push(t);
    const v = combine(dim, [
      [0.5, common],
      [1, topicDirs[t]!],
      [0.9, unitGaussian(rng, dim)],
    ]);
    vectors.push(Float32Array.from(v));
  }
  return { vectors, topics };
}
