/** `grove bench store`: save and load a synthetic memory forest through the repositories. */
import { benchStore } from '../bench/store.ts';
import { intOption, parse, UsageError } from './args.ts';

const storeOptions = {
  sessions: { type: 'string' },
  'facts-per-session': { type: 'string' },
  dim: { type: 'string' },
  seed: { type: 'string' },
  json: { type: 'boolean' },
} as const;

export async function runStoreBench(argv: string[]) {
  const values = parse(argv, storeOptions);
  const sessions = intOption(values.sessions, 'sessions', 100);
  const factsPerSession = intOption(values['facts-per-session'], 'facts-per-session', 30);
  const dimension = intOption(values.dim, 'dim', 384);
  if (sessions < 1 || factsPerSession < 1 || dimension < 2) {
    throw new UsageError('--sessions and --facts-per-session must be ≥ 1, --dim ≥ 2');
  }
  const result = await benchStore({
    sessions,
    factsPerSession,
    dimension,
    seed: intOption(values.seed, 'seed', 42),
  });
  return {
    json: values.json === true,
    result,
    text: [
      `${result.sessions} sessions, ${result.facts} facts, ${result.nodes} tree nodes (${result.dimension} dims)`,
      `save ${result.ms_save} ms, load ${result.ms_load} ms, ${(result.bytes / 1e6).toFixed(1)} MB stored ` +
        `(${(result.embedding_bytes / 1e6).toFixed(1)} MB embeddings)`,
    ].join('\n'),
  };
}
