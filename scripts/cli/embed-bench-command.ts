/**
 * `grove bench embed --n N [--seed S] [--batch B] --json`: embeds N seeded synthetic sentences
 * with the bundled embedder in Node and prints `{ n, ms, per_second }` (model load and one
 * warm-up batch excluded; load reported apart as `load_ms`).
 */
import { performance } from 'node:perf_hooks';
import { createRng } from '../../src/engine/rng.ts';
import type { Rng } from '../../src/engine/ports.ts';
import { BUNDLED_EMBEDDER } from '../../src/models/embedder/bundled-model.ts';
import { createNodeBundledEmbedder } from '../../src/models/embedder/node-bundled.ts';
import { intOption, parse, UsageError } from './args.ts';

const options = {
  n: { type: 'string' },
  seed: { type: 'string' },
  batch: { type: 'string' },
  json: { type: 'boolean' },
} as const;

const SUBJECTS = ['I', 'My sister', 'Our neighbour', 'My manager', 'The kids', 'My partner', 'We'];
const VERBS = ['love', 'started', 'stopped', 'planned', 'talked about', 'booked', 'avoid'];
const OBJECTS = [
  'hiking in the mountains',
  'a cooking class on Thursdays',
  'the trip to Lisbon in May',
  'running a half marathon',
  'vegetarian food',
  'learning to play the violin',
  'a new job at the hospital',
  'the dentist appointment',
  'gardening on weekends',
  'reading science fiction novels',
];
const TAILS = ['last week.', 'this spring.', 'every morning.', 'since the move.', 'again.', '.'];

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng.next() * items.length)]!;

/** `n` sentences from a seeded grammar: the same seed gives the same sentences. */
export function syntheticSentences(n: number, seed: number): string[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () =>
    [pick(rng, SUBJECTS), pick(rng, VERBS), pick(rng, OBJECTS), pick(rng, TAILS)].join(' '),
  );
}

export async function runEmbedBench(argv: string[]) {
  const values = parse(argv, options);
  const n = intOption(values.n, 'n', 2000);
  const seed = intOption(values.seed, 'seed', 42);
  const batch = intOption(values.batch, 'batch', 64);
  if (n < 1) throw new UsageError('--n must be at least 1');
  if (batch < 1) throw new UsageError('--batch must be at least 1');
  const texts = syntheticSentences(n, seed);
  const loadStart = performance.now();
  const embedder = await createNodeBundledEmbedder({ batchSize: batch });
  const loadMs = performance.now() - loadStart;
  // One untimed batch first, so the timing measures steady state rather than first-call setup.
  await embedder.embed(syntheticSentences(batch, seed + 1));
  const start = performance.now();
  const vectors = await embedder.embed(texts);
  const ms = performance.now() - start;
  await embedder.dispose();
  if (vectors.length !== n) throw new Error(`embedded ${vectors.length} of ${n} texts`);
  const result = {
    n,
    ms: Math.round(ms * 10) / 10,
    per_second: Math.round((n / ms) * 1000),
    load_ms: Math.round(loadMs),
    batch,
    seed,
    embedder: BUNDLED_EMBEDDER.label,
  };
  return { json: values.json === true, result, text: JSON.stringify(result, null, 2) };
}
