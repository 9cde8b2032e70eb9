/** The memory worker's configuration, carried in the Worker's `name` as JSON. */

/** The database the real app opens. No test mode ever opens it. */
export const APP_DB = 'grove';

/** Every test mode's database name starts with this, whatever the URL asked for. */
export const TEST_DB_PREFIX = 'grove-test-';

/**
 * The database a test mode opens: the name asked for (`?db=…`), or `fallback`, under
 * TEST_DB_PREFIX, so `?db=grove` opens `grove-test-grove`, never the app's own.
 */
export function testDbName(asked: string | null | undefined, fallback: string): string {
  const name = asked || fallback;
  return name.startsWith(TEST_DB_PREFIX) ? name : `${TEST_DB_PREFIX}${name}`;
}

export interface MemoryWorkerConfig {
  /** Database name (one per app; tests use their own, under TEST_DB_PREFIX). */
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
  /** Started by a test mode (its database must be a test one). */
  readonly test?: boolean;
}

export class MemoryNotConfiguredError extends Error {
  override readonly name = 'MemoryNotConfiguredError';
  constructor() {
    super('No embedding model is configured for memory yet: load a model before using memory.');
  }
}

/** The worker's configuration cannot be used: it opens no database at all. */
export class WorkerConfigError extends Error {
  override readonly name = 'WorkerConfigError';
}

export function workerConfigName(config: MemoryWorkerConfig): string {
  return JSON.stringify(config);
}

function readJson(name: string): Partial<MemoryWorkerConfig> {
  try {
    const raw: unknown = JSON.parse(name);
    if (raw && typeof raw === 'object') return raw as Partial<MemoryWorkerConfig>;
  } catch {
    // falls through
  }
  throw new WorkerConfigError(
    'The memory worker was started without a readable configuration, so it opens no database: reload the page.',
  );
}

/**
 * Reads the worker's name. Nothing falls back to the app's database: a configuration without a
 * database name fails, and so does a test configuration (a fake embedder or LLM, or `test`)
 * that names a database outside TEST_DB_PREFIX, or that reaches a build without test modes.
 */
export function parseWorkerConfig(
  name: string,
  testBuild: boolean = __GROVE_TEST_BUILD__,
): MemoryWorkerConfig {
  const raw = readJson(name);
  if (typeof raw.db !== 'string' || !raw.db)
    throw new WorkerConfigError('The memory worker was started without a database name.');
  const config: MemoryWorkerConfig = {
    db: raw.db,
    embedder: raw.embedder === 'test-hash' || raw.embedder === 'bundled' ? raw.embedder : 'none',
    llm: raw.llm === 'scripted' ? 'scripted' : 'none',
    stageDelayMs:
      typeof raw.stageDelayMs === 'number' && raw.stageDelayMs > 0 ? raw.stageDelayMs : 0,
  };
  const test = raw.test === true || config.embedder === 'test-hash' || config.llm === 'scripted';
  if (!test) return config;
  if (!testBuild)
    throw new WorkerConfigError('This build has no test modes: the memory worker opens nothing.');
  if (!config.db.startsWith(TEST_DB_PREFIX))
    throw new WorkerConfigError(
      `A test mode may open only a test database (${TEST_DB_PREFIX}…), not "${config.db}".`,
    );
  return { ...config, test: true };
}
