/** The memory worker's configuration, carried in the Worker's `name` as JSON. */

export interface MemoryWorkerConfig {
  /** Database name (one per app; tests use their own). */
  readonly db: string;
  /**
   * Which embedder the composer chose: 'bundled' is the shipped GloVe model (transformers.js, in
   * the worker); 'test-hash' is the labelled test mode's hashing fake only.
   */
  readonly embedder: 'bundled' | 'test-hash' | 'none';
  /**
   * The LLM the worker uses for extraction, summaries and judging: 'scripted' is the labelled
   * test mode (`/?test=scripted`) only; 'none' means extractive facts and the no-LLM hybrid
   * judge (embedding cosine + BM25).
   */
  readonly llm?: 'scripted' | 'none';
  /** Test mode: pause this long before the slow ingestion work, so a test can interrupt it. */
  readonly stageDelayMs: number;
}

export class MemoryNotConfiguredError extends Error {
  override readonly name = 'MemoryNotConfiguredError';
  constructor() {
    super('No embedding model is configured for memory yet: load a model before using memory.');
  }
}

export function workerConfigName(config: MemoryWorkerConfig): string {
  return JSON.stringify(config);
}

export function parseWorkerConfig(name: string): MemoryWorkerConfig {
  let raw: Partial<MemoryWorkerConfig>;
  try {
    raw = JSON.parse(name) as Partial<MemoryWorkerConfig>;
  } catch {
    raw = {};
  }
  return {
    db: typeof raw.db === 'string' && raw.db ? raw.db : 'grove',
    embedder: raw.embedder === 'test-hash' || raw.embedder === 'bundled' ? raw.embedder : 'none',
    llm: raw.llm === 'scripted' ? 'scripted' : 'none',
    stageDelayMs:
      typeof raw.stageDelayMs === 'number' && raw.stageDelayMs > 0 ? raw.stageDelayMs : 0,
  };
}
