/**
 * Test helper: seeded facts with random 16-d embeddings and words from a small vocabulary (so
 * keyword labels have something to say), and insert options without an LLM.
 */
import { summariserFor } from '../pipeline.ts';
import { createRng, gaussian } from '../rng.ts';
import { HashEmbedder } from '../testing/index.ts';
import { asFactId, asSessionId, asTurnId, type EmbeddedFact, type Vector } from '../types.ts';
import { normalize } from '../vector.ts';
import type { InsertOptions } from './insert.ts';

const WORDS = ['garden', 'marathon', 'sourdough', 'cello', 'Oslo', 'nurse', 'dog', 'Korean'];

/** `n` facts of session `session`, their words and embeddings drawn from `seed`. */
export function wordFacts(n: number, session: string, seed: number): EmbeddedFact[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, i) => ({
    id: asFactId(`${session}-${i}`),
    text: `I like ${WORDS[i % WORDS.length]} and ${WORDS[(i * 3 + seed) % WORDS.length]} ${i}`,
    category: 'preference' as const,
    sources: [{ sessionId: asSessionId(session), turnIds: [asTurnId(`${session}:${i}`)] }],
    embedding: normalize(Array.from({ length: 16 }, () => gaussian(rng))) as Vector,
  }));
}

/** Inserts without an LLM (stand-ins, then keyword labels) into trees that never need a rebuild. */
export const noLlmInsert: InsertOptions = {
  summariser: summariserFor(undefined),
  embedder: new HashEmbedder(),
  rebuild: () => Promise.reject(new Error('never rebuilt here')),
};
