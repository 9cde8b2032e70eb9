/**
 * Pseudo-relevance feedback in embedding space (Rocchio): the question's vector moved towards the
 * facts closest to it, q' = q̂ + β·mean direction of the m facts of highest cosine. An implicit
 * question ("what should we plant in the flower bed?") finds one fact of the knowledge it needs
 * (the beehives behind the shed); the feedback pulls in that fact's neighbours (the June gap, the
 * bees at the pond), which share nothing with the question itself.
 *
 * Tuned without an LLM (bundled GloVe embedder) on implicit-dev and the built-in example, facts
 * ranked by cosine: recall@5 of the top 5 facts 44.8 → 46.4 (implicit-dev) and 52.8 → 52.8
 * (example) at m 5, β 0.5; m 3 and m 10 gained nothing, β 1 no more than β 0.5.
 */
import type { Vector } from '../types.ts';
import { cosine, meanDirection, norm, normalize } from '../vector.ts';

/** Facts the feedback reads (m). */
export const FEEDBACK_FACTS = 5;
/** Weight β of their mean direction against the question's. */
export const FEEDBACK_WEIGHT = 0.5;

export interface FeedbackOptions {
  readonly facts?: number;
  readonly weight?: number;
}

/**
 * q̂ + β·(mean direction of the `facts` vectors closest to q); q itself when there are none.
 * `cosines`, when given, are each vector's cosine to q, in order (TreeLexicon.factCosines).
 */
export function feedbackQuery(
  query: Vector,
  vectors: readonly Vector[],
  options: FeedbackOptions = {},
  cosines?: ArrayLike<number>,
): Vector {
  const m = options.facts ?? FEEDBACK_FACTS;
  const beta = options.weight ?? FEEDBACK_WEIGHT;
  if (m <= 0 || beta === 0 || vectors.length === 0 || norm(query) === 0) return query;
  const top: { v: Vector; s: number }[] = [];
  for (let i = 0; i < vectors.length; i++) {
    const v = vectors[i] as Vector;
    const s = cosines ? (cosines[i] as number) : cosine(v, query);
    if (top.length < m) top.push({ v, s });
    else if (s > (top[top.length - 1] as { s: number }).s) top[top.length - 1] = { v, s };
    else continue;
    top.sort((a, b) => b.s - a.s);
  }
  const centre = meanDirection(top.map((t) => t.v));
  const q = normalize(query);
  const out = new Float32Array(q.length);
  for (let i = 0; i < q.length; i++) out[i] = (q[i] as number) + beta * (centre[i] as number);
  return out;
}
